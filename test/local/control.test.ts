import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderMessageText } from "../../src/local/index.js";
import type { Reply, StoredMessage } from "../../src/local/index.js";
import { startBot, type TestBot } from "./bot.js";

let bot: TestBot;
let control: string;

beforeAll(async () => {
  bot = await startBot();
  control = bot.local.apiUrl.replace(/\/api$/, "/_local");
});
afterAll(async () => {
  await bot?.stop();
});

const post = async (path: string, body: unknown) => {
  const res = await fetch(control + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, data: (await res.json()) as { reply: Reply; text: string; error?: string } };
};

describe("control API", () => {
  it("runs a typed command line as a named user in a named channel", async () => {
    const { status, data } = await post("/command", { line: `/roll dice:2d6+1 times:2`, user: "alice", channel: "table" });
    expect(status).toBe(200);
    expect(data.reply.message.content).toBe("Rolled 2d6+1");
    expect(data.reply.message.channel_id).toBe(bot.local.defaults.channelId);
    expect(bot.local.world.findUserByName("alice")).toBeDefined();
    expect(data.text).toContain("Rolled 2d6+1");
    expect(data.text).toContain("┃ == Roll 2d6+1 ==");
    expect(data.text).toContain("┃ Times: 2");
    expect(data.text).toContain("[ Reroll ] (reroll:2d6+1)");
    expect(data.text).toContain("[ Off ] (off, disabled)");

    const pressed = await post("/press", { messageId: data.reply.message.id, customId: "reroll:2d6+1", user: "bob" });
    expect(pressed.data.text).toContain("Rerolled 2d6+1 for bob");
  });

  it("creates channels on first use and lists their messages", async () => {
    const { data } = await post("/command", { line: "/game party add who:@alice", channel: "side-room" });
    expect(data.reply.message.content).toBe("Added alice");
    const res = await fetch(`${control}/messages?channel=side-room`);
    const list = (await res.json()) as { messages: StoredMessage[]; text: string };
    expect(list.messages.map((m) => m.content)).toEqual(["Added alice"]);
    expect(list.text).toContain("Added alice");
  });

  it("answers errors as 400 with a message", async () => {
    const { status, data } = await post("/command", { line: "/nope" });
    expect(status).toBe(400);
    expect(data.error).toMatch(/unknown command \/nope/);
  });

  it("renders ephemeral flags, fields and footers", () => {
    const text = renderMessageText({
      ...bot.local.world.newMessage(bot.local.defaults.channelId, {}),
      id: "1",
      content: "hi",
      flags: 64,
      embeds: [{ title: "T", description: "D", fields: [{ name: "a", value: "b" }], footer: { text: "F" } }],
    });
    expect(text.split("\n")).toEqual(["[message 1 · ephemeral]", "hi", "┃ == T ==", "┃ D", "┃ a: b", "┃ — F"]);
  });

  it("shows members and channels by name, not <@id> (issue 20)", async () => {
    const said = await post("/say", { content: "hello", user: "dora", channel: "table" });
    expect(said.status).toBe(200);
    const dora = bot.local.world.findUserByName("dora")!.id;
    const m = bot.local.world.newMessage(bot.local.defaults.channelId, { content: `<@${dora}> waits in <#${bot.local.defaults.channelId}>; <@999> is unknown` });
    bot.local.world.addMessage(m);
    const res = await fetch(`${control}/messages?channel=table`);
    const list = (await res.json()) as { text: string };
    expect(list.text).toContain("@dora waits in #table; <@999> is unknown");
    expect(list.text).toContain("hello");
  });

  it("the CLI posts a line and prints the rendered reply", async () => {
    const { runLine } = await import("../../src/local/cli.js");
    process.env.LOCAL_DISCORD_PORT = String(bot.local.listeningPort);
    const out = await runLine("/roll dice:1d20", { user: "carol", channel: "table" });
    expect(out).toContain("Rolled 1d20");
    const id = /\[message (\d+)/.exec(out)![1]!;
    expect(await runLine(`press ${id} reroll:1d20`, { user: "carol", channel: "table" })).toContain("Rerolled 1d20 for carol");
  });
});
