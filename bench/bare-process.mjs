/**
 * The baseline of bench/bot.ts in its own process, as the bot runs in its own: a bare discord.js
 * client that registers /ping in the guild it is given and answers it with a fixed reply. Answers
 * "cpu" and "stop" over the IPC channel.
 */
import { Client, Events, GatewayIntentBits } from "discord.js";

const client = new Client({
  intents: [GatewayIntentBits.Guilds],
  rest: { api: process.env.BARE_API_URL, headers: { Authorization: `Bot ${process.env.BARE_TOKEN}` } },
});
const ready = new Promise((r) => client.once(Events.ClientReady, r));
await client.login(process.env.BARE_TOKEN);
await ready;
await client.application.commands.set([{ name: "ping", description: "baseline" }], process.env.BARE_GUILD_ID);
client.on(Events.InteractionCreate, (i) => {
  if (i.isChatInputCommand()) void i.reply({ content: "pong" });
});
process.on("message", async (m) => {
  if (m.op === "cpu") {
    const c = process.cpuUsage();
    process.send({ op: "cpu", cpuMs: (c.user + c.system) / 1000 });
  } else if (m.op === "stop") {
    await client.destroy();
    process.send({ op: "stopped" });
    process.exit(0);
  }
});
process.send({ op: "ready" });
