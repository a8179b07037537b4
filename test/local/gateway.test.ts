import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { LocalDiscord, SpecValidator } from "../../src/local/index.js";

let local: LocalDiscord;
beforeAll(async () => {
  local = await LocalDiscord.start({ token: "secret", heartbeatIntervalMs: 1000, specPath: false });
});
afterAll(async () => {
  await local?.stop();
});

interface Frame {
  op: number;
  t: string | null;
  s: number | null;
  d: any;
}

function connect(): Promise<{
  ws: WebSocket;
  frames: Frame[];
  next: (pred: (f: Frame) => boolean) => Promise<Frame>;
  closed: Promise<number>;
}> {
  const ws = new WebSocket(`${local.gatewayUrl}?v=10&encoding=json`);
  const frames: Frame[] = [];
  const waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on("message", (data) => {
    const f = JSON.parse(String(data)) as Frame;
    frames.push(f);
    for (const w of [...waiters]) if (w.pred(f)) waiters.splice(waiters.indexOf(w), 1), w.resolve(f);
  });
  const next = (pred: (f: Frame) => boolean) =>
    new Promise<Frame>((resolve) => {
      const seen = frames.find(pred);
      if (seen) resolve(seen);
      else waiters.push({ pred, resolve });
    });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  return new Promise((resolve) => ws.on("open", () => resolve({ ws, frames, next, closed })));
}

describe("gateway", () => {
  it("says HELLO, acks heartbeats, answers IDENTIFY with READY and GUILD_CREATE", async () => {
    const c = await connect();
    const hello = await c.next((f) => f.op === 10);
    expect(hello.d.heartbeat_interval).toBe(1000);
    c.ws.send(JSON.stringify({ op: 1, d: null }));
    await c.next((f) => f.op === 11);
    c.ws.send(JSON.stringify({ op: 2, d: { token: "secret", intents: 1, properties: {} } }));
    const ready = await c.next((f) => f.t === "READY");
    expect(ready.s).toBe(1);
    expect(ready.d.application.id).toBe(local.applicationId);
    expect(ready.d.guilds).toEqual([{ id: local.defaults.guildId, unavailable: true }]);
    expect(ready.d.resume_gateway_url).toBe(local.gatewayUrl);
    const guild = await c.next((f) => f.t === "GUILD_CREATE");
    expect(guild.s).toBe(2);
    expect(guild.d.channels.map((ch: { name: string }) => ch.name)).toEqual(["table"]);
    expect(guild.d.members.length).toBe(2);

    // RESUME on a new socket replays what was missed, keeping sequence numbers.
    c.ws.close(4000);
    await c.closed;
    local.createRole(local.defaults.guildId, "Missed");
    const r = await connect();
    r.ws.send(JSON.stringify({ op: 6, d: { token: "secret", session_id: ready.d.session_id, seq: 2 } }));
    const replayed = await r.next((f) => f.t === "GUILD_ROLE_CREATE");
    expect(replayed.s).toBe(3);
    expect((await r.next((f) => f.t === "RESUMED")).s).toBe(4);
    r.ws.close(1000);
  });

  it("closes with 4004 on a wrong token and answers an unknown session with op 9", async () => {
    const c = await connect();
    c.ws.send(JSON.stringify({ op: 2, d: { token: "wrong", intents: 1, properties: {} } }));
    expect(await c.closed).toBe(4004);
    const r = await connect();
    r.ws.send(JSON.stringify({ op: 6, d: { token: "secret", session_id: "nope", seq: 1 } }));
    expect((await r.next((f) => f.op === 9)).d).toBe(false);
    r.ws.close(1000);
  });

  it("refuses to drive interactions with no bot connected", async () => {
    const res = await fetch(`${local.apiUrl}/v10/applications/${local.applicationId}/commands`, {
      method: "PUT",
      headers: { authorization: "Bot secret", "content-type": "application/json" },
      body: JSON.stringify([
        { name: "roll", description: "Roll", options: [{ type: 4, name: "n", description: "n" }] },
      ]),
    });
    const [cmd] = (await res.json()) as { id: string; name: string; application_id: string }[];
    expect(cmd).toMatchObject({ name: "roll", application_id: local.applicationId });
    expect(local.commands()[0]?.id).toBe(cmd!.id);
    await expect(local.slash({ ...local.defaults, name: "roll", options: { n: "3" } })).rejects.toThrow(
      /no bot is connected/,
    );
  });
});

describe("spec validator", () => {
  it("turns itself off, with a note, when the spec file is missing", () => {
    const notes: string[] = [];
    expect(SpecValidator.load("/nonexistent/openapi.json", (m) => notes.push(m))).toBeNull();
    expect(notes[0]).toMatch(/validation off/);
  });

  it("checks callback bodies against Discord's schemas", () => {
    const v = SpecValidator.load()!;
    expect(
      v.validateComponent("CreateMessageInteractionCallbackRequest", { type: 4, data: { content: "hi", flags: 64 } }),
    ).toEqual([]);
    const errs = v.validateComponent("CreateMessageInteractionCallbackRequest", {
      type: 4,
      data: { embeds: [{ title: 5 }] },
    });
    expect(errs.some((e) => e.instancePath === "/data/embeds/0/title")).toBe(true);
  });
});
