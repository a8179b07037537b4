// A tiny bot for the local Discord's tests: a real discord.js Client logged in
// to a LocalDiscord, with a few commands exercising every kind of answer.
import { once } from "node:events";
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  MessageFlags,
  Routes,
  SlashCommandBuilder,
  type Interaction,
  type TextChannel,
} from "discord.js";
import { LocalDiscord, type LocalDiscordOptions } from "../../src/local/index.js";

export const TOKEN = "test-token.local";

export const definitions = [
  new SlashCommandBuilder()
    .setName("roll")
    .setDescription("Roll dice")
    .addStringOption((o) => o.setName("dice").setDescription("e.g. 2d6+1").setRequired(true).setAutocomplete(true))
    .addIntegerOption((o) => o.setName("times").setDescription("how many times").setMinValue(1).setMaxValue(10))
    .addBooleanOption((o) => o.setName("secret").setDescription("only you see it"))
    .setDefaultMemberPermissions("2048"),
  new SlashCommandBuilder()
    .setName("game")
    .setDescription("Game management")
    .addSubcommand((s) =>
      s
        .setName("start")
        .setDescription("Start a game")
        .addStringOption((o) => o.setName("name").setDescription("name")),
    )
    .addSubcommandGroup((g) =>
      g
        .setName("party")
        .setDescription("The party")
        .addSubcommand((s) =>
          s
            .setName("add")
            .setDescription("Add someone")
            .addUserOption((o) => o.setName("who").setDescription("who").setRequired(true)),
        ),
    ),
  new SlashCommandBuilder().setName("twice").setDescription("Replies twice"),
  new SlashCommandBuilder().setName("slow").setDescription("Replies late"),
  new SlashCommandBuilder().setName("empty").setDescription("Replies with nothing"),
  new SlashCommandBuilder().setName("post").setDescription("Posts in the channel, edits it later"),
].map((b) => b.toJSON());

/** What the bot saw of Discord's answers, for assertions. */
export const observed: { responseMessageId?: string | undefined } = {};

export interface TestBot {
  local: LocalDiscord;
  client: Client;
  /** Discord error codes the bot's requests got back. */
  apiErrors: number[];
  seen: Interaction[];
  stop(): Promise<void>;
}

export async function startBot(opts: LocalDiscordOptions = {}): Promise<TestBot> {
  const local = await LocalDiscord.start({ token: TOKEN, ...opts });
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: local.restOptions });
  const bot: TestBot = {
    local,
    client,
    apiErrors: [],
    seen: [],
    async stop() {
      await client.destroy();
      await local.stop();
    },
  };
  const caught = (err: unknown) => {
    if (err instanceof DiscordAPIError) bot.apiErrors.push(Number(err.code));
    else throw err;
  };
  client.on(Events.InteractionCreate, (i) => {
    bot.seen.push(i);
    handle(i).catch(caught);
  });
  const ready = once(client, Events.ClientReady);
  await client.login(TOKEN);
  await ready;
  await client.application!.commands.set(definitions);
  return bot;
}

async function handle(i: Interaction): Promise<void> {
  if (i.isAutocomplete()) {
    const typed = String(i.options.getFocused());
    await i.respond(["1d20", "2d6", "3d6"].filter((d) => d.startsWith(typed)).map((d) => ({ name: d, value: d })));
    return;
  }
  if (i.isButton()) {
    if (i.customId.startsWith("reroll:")) {
      await i.update({ content: `Rerolled ${i.customId.slice(7)} for ${i.user.username}`, components: [] });
    } else if (i.customId === "later") {
      await i.deferUpdate();
      await i.editReply({ content: "Decided later" });
    } else if (i.customId === "ask") {
      await i.reply({ content: "Only you", flags: MessageFlags.Ephemeral });
    }
    return;
  }
  if (!i.isChatInputCommand()) return;
  switch (i.commandName) {
    case "roll": {
      const dice = i.options.getString("dice", true);
      const times = i.options.getInteger("times") ?? 1;
      const secret = i.options.getBoolean("secret") ?? false;
      const embed = new EmbedBuilder()
        .setTitle(`Roll ${dice}`)
        .addFields({ name: "Times", value: String(times), inline: true })
        .setFooter({ text: `typeof times: ${typeof times}` });
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(`reroll:${dice}`).setLabel("Reroll").setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setCustomId("later").setLabel("Later").setStyle(ButtonStyle.Secondary),
        new ButtonBuilder().setCustomId("ask").setLabel("Ask").setStyle(ButtonStyle.Secondary),
        new ButtonBuilder().setCustomId("off").setLabel("Off").setStyle(ButtonStyle.Secondary).setDisabled(true),
      );
      await i.reply({
        content: `Rolled ${dice}`,
        embeds: [embed],
        components: [row],
        ...(secret ? { flags: MessageFlags.Ephemeral } : {}),
      });
      return;
    }
    case "game": {
      const group = i.options.getSubcommandGroup(false);
      const sub = i.options.getSubcommand();
      if (group === "party" && sub === "add") {
        const who = i.options.getUser("who", true);
        await i.reply(`Added ${who.username}`);
        return;
      }
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await new Promise((r) => setTimeout(r, 20));
      await i.editReply(`Game ${i.options.getString("name") ?? "untitled"} started`);
      await i.followUp("A follow-up for everyone");
      return;
    }
    case "twice":
      await i.reply("first");
      // discord.js refuses a second reply itself: send the second callback raw.
      await i.client.rest.post(Routes.interactionCallback(i.id, i.token), {
        body: { type: 4, data: { content: "second" } },
        auth: false,
      });
      return;
    case "slow":
      await new Promise((r) => setTimeout(r, 250));
      await i.reply("too late");
      return;
    case "empty":
      await i.reply({ content: "" });
      return;
    case "post": {
      const res = await i.reply({ content: "posting", flags: MessageFlags.Ephemeral, withResponse: true });
      observed.responseMessageId = res.resource?.message?.id;
      const channel = i.channel as TextChannel;
      const msg = await channel.send("Reactions open");
      setTimeout(() => void msg.edit("Reactions closed").catch(() => {}), 50);
      return;
    }
  }
}
