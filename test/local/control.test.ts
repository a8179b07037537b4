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
  const res = await fetch(control + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, data: (await res.json()) as { reply: Reply; text: string; error?: string } };
};

describe("control API", () => {
  it("runs a typed command line as a named user in a named channel", async () => {
    const { status, data } = await post("/command", {
      line: `/roll dice:2d6+1 times:2`,
      user: "alice",
      channel: "table",
    });
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
    const m = bot.local.world.newMessage(bot.local.defaults.channelId, {
      content: `<@${dora}> waits in <#${bot.local.defaults.channelId}>; <@999> is unknown`,
    });
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
    expect(await runLine(`press ${id} reroll:1d20`, { user: "carol", channel: "table" })).toContain(
      "Rerolled 1d20 for carol",
    );
  });

  it("refuses cross-site requests: only JSON, with a loopback Host and Origin, runs anything", async () => {
    const { request } = await import("node:http");
    const port = bot.local.listeningPort;
    const send = (headers: Record<string, string>, body: string, method = "POST", path = "/_local/command") =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            method,
            path,
            headers: { "content-length": String(Buffer.byteLength(body)), ...headers },
          },
          (res) => {
            let text = "";
            res.on("data", (d) => (text += String(d)));
            res.on("end", () => resolve({ status: res.statusCode!, text }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
    const line = JSON.stringify({ line: "/roll dice:3d4", user: "eve" });
    const ran = () => [...bot.local.messages.values()].filter((m) => m.content === "Rolled 3d4").length;
    const here = `127.0.0.1:${port}`;

    // What a web page at another site can send without a preflight: a text/plain POST, from its own Origin.
    expect((await send({ host: here, origin: "http://evil.example", "content-type": "text/plain" }, line)).status).toBe(
      403,
    );
    // JSON from that page's origin (the browser would preflight; refused all the same).
    expect(
      (await send({ host: here, origin: "http://evil.example", "content-type": "application/json" }, line)).status,
    ).toBe(403);
    // DNS rebinding: the page's own host name resolving to 127.0.0.1.
    expect((await send({ host: `evil.example:${port}`, "content-type": "application/json" }, line)).status).toBe(403);
    expect((await send({ host: "127.0.0.1:1", "content-type": "application/json" }, line)).status).toBe(403);
    expect((await send({ host: `evil.example:${port}` }, "", "GET", "/_local/messages")).status).toBe(403);
    // Not JSON, even from this machine.
    const plain = await send({ host: here, "content-type": "text/plain" }, line);
    expect([plain.status, plain.text]).toEqual([
      415,
      JSON.stringify({ error: "Send the playground JSON (content-type: application/json)." }),
    ]);
    expect((await send({ host: here, origin: "null", "content-type": "application/json" }, line)).status).toBe(403);
    expect(ran()).toBe(0);

    // This machine, by any loopback name, with or without an Origin: served.
    for (const [host, origin] of [
      [here, undefined],
      [`localhost:${port}`, `http://localhost:${port}`],
      [here, `http://127.0.0.1:${port}`],
    ] as const) {
      const ok = await send(
        { host, ...(origin ? { origin } : {}), "content-type": "application/json; charset=utf-8" },
        line,
      );
      expect(ok.status).toBe(200);
    }
    expect(ran()).toBe(3);
  });
});
