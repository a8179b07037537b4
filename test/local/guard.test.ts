// The local Discord answers this machine's bot and CLI only (issue 43, points 1 and 2): a web page
// of another site (its Origin) or a DNS-rebinding page (its own Host) is refused on every route and
// on the gateway's upgrade; interaction callbacks and webhooks need the bot's token, random in
// every run; bodies are JSON (415 otherwise) and read only up to their route's cap (413 beyond),
// after the guard, so a huge body from anywhere costs no memory.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { LocalDiscord } from "../../src/local/index.js";
import type { Reply } from "../../src/local/types.js";

let local: LocalDiscord;
let port: number;
let here: string;
const MiB = 1024 * 1024;

beforeAll(async () => {
  // No token given: the local Discord makes one up for this run (what `npm start` does).
  local = await LocalDiscord.start({ heartbeatIntervalMs: 60_000, specPath: false });
  port = local.listeningPort;
  here = `127.0.0.1:${port}`;
});
afterAll(async () => {
  await local?.stop();
});

interface Answer {
  status: number;
  body: string;
}
/** One request with exactly these headers (Host included), as a page or a rebinding page would send it. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { host: here, ...headers } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += String(c)));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}
const bot = () => ({ authorization: `Bot ${local.token}` });
const json = { "content-type": "application/json" };

/** "open", or the status the upgrade was refused with. */
function upgrade(opts: { origin?: string; host?: string }): Promise<"open" | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${local.gatewayUrl}?v=10&encoding=json`, {
      ...(opts.origin ? { origin: opts.origin } : {}),
      ...(opts.host ? { headers: { host: opts.host } } : {}),
    });
    ws.on("open", () => (ws.close(1000), resolve("open")));
    ws.on("unexpected-response", (_req, res) => (resolve(res.statusCode ?? 0), res.resume()));
    ws.on("error", () => resolve(0));
  });
}

/** A bot on the gateway (a bare socket that identifies with `token`); resolves with its dispatches once READY, or the close code. */
function gatewayBot(
  token: string,
): Promise<{ ws: WebSocket; dispatches: any[]; next: (t: string) => Promise<any> } | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${local.gatewayUrl}?v=10&encoding=json`);
    const dispatches: any[] = [];
    const waiting: [string, (d: any) => void][] = [];
    const next = (t: string) =>
      new Promise<any>((r) =>
        dispatches.find((f) => f.t === t) ? r(dispatches.find((f) => f.t === t).d) : waiting.push([t, r]),
      );
    ws.on("message", (data) => {
      const f = JSON.parse(String(data));
      if (f.op === 10) ws.send(JSON.stringify({ op: 2, d: { token, intents: 1 << 9, properties: {} } }));
      if (f.op !== 0) return;
      dispatches.push(f);
      for (const w of waiting.filter(([t]) => t === f.t)) waiting.splice(waiting.indexOf(w), 1), w[1](f.d);
      if (f.t === "READY") resolve({ ws, dispatches, next });
    });
    ws.on("close", (code) => resolve(code));
  });
}

/**
 * Streams `total` bytes (one 1 MiB buffer sent again and again, never allocated whole) and
 * resolves with the answer's status (null if the connection closed first) and how much was sent.
 */
function stream(
  method: string,
  path: string,
  headers: Record<string, string>,
  total: number,
): Promise<{ status: number | null; sent: number }> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(MiB, 0x20);
    const req = request({ host: "127.0.0.1", port, method, path, headers: { host: here, ...headers } });
    let sent = 0;
    let status: number | null = null;
    let over = false;
    const finish = () => {
      if (over) return;
      over = true;
      req.destroy();
      resolve({ status, sent });
    };
    req.on("response", (res) => {
      status = res.statusCode ?? null;
      res.resume();
      finish();
    });
    req.on("error", finish);
    const pump = () => {
      while (!over && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!over) req.end();
    };
    pump();
  });
}

/** The process's resident memory at its highest while `run` runs, above what it was before, in MiB. */
async function growth<T>(run: () => Promise<T>): Promise<{ result: T; mib: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, mib: (peak - before) / MiB };
  } finally {
    clearInterval(sample);
  }
}

describe("the local Discord refuses other sites", () => {
  it("refuses the gateway's upgrade from another site's page or under another host name", async () => {
    expect(await upgrade({})).toBe("open");
    expect(await upgrade({ origin: `http://${here}` })).toBe("open");
    expect(await upgrade({ origin: "http://evil.example" })).toBe(403);
    expect(await upgrade({ origin: "null" })).toBe(403);
    expect(await upgrade({ host: `rebind.evil.example:${port}` })).toBe(403);
    expect(await upgrade({ host: "127.0.0.1:1" })).toBe(403);
  });

  it("refuses an API request from another site's page or under another host name, token or not", async () => {
    const path = `/api/v10/channels/${local.defaults.channelId}/messages`;
    expect((await send("GET", path, bot())).status).toBe(200);
    expect((await send("GET", path, { ...bot(), host: `rebind.evil.example:${port}` })).status).toBe(403);
    expect((await send("GET", path, { ...bot(), origin: "http://evil.example" })).status).toBe(403);
    const posted = await send(
      "POST",
      path,
      { ...bot(), ...json, origin: "http://evil.example" },
      JSON.stringify({ content: "from elsewhere" }),
    );
    expect(posted.status).toBe(403);
    expect(JSON.parse(posted.body).message).toBe(
      "The local Discord answers no request from a web page of another site.",
    );
    expect(local.channelMessages(local.defaults.channelId)).toEqual([]);
    // Unknown paths and the page too.
    expect((await send("GET", "/nothing", { host: `rebind.evil.example:${port}` })).status).toBe(403);
    expect((await send("GET", "/", { host: `rebind.evil.example:${port}` })).status).toBe(403);
  });

  it("issues a new random token in every run: the old fixed one, or none, opens nothing", async () => {
    const other = await LocalDiscord.start({ specPath: false, defaultWorld: false });
    await other.stop();
    expect(local.token).toMatch(/^local\.[A-Za-z0-9_-]{43}$/);
    expect(other.token).not.toBe(local.token);
    expect(await gatewayBot("local.development.token")).toBe(4004);
    expect(
      (
        await send("GET", `/api/v10/channels/${local.defaults.channelId}/messages`, {
          authorization: "Bot local.development.token",
        })
      ).status,
    ).toBe(401);
  });

  it("answers interactions only from the bot: a callback or webhook without its token, or not JSON, is refused", async () => {
    const put = await send(
      "PUT",
      `/api/v10/applications/${local.applicationId}/commands`,
      { ...bot(), ...json },
      JSON.stringify([{ name: "roll", description: "Roll" }]),
    );
    expect(put.status).toBe(200);
    const b = await gatewayBot(local.token);
    if (typeof b === "number") throw new Error(`the bot's IDENTIFY was closed with ${b}`);
    const replied = local.slash({ ...local.defaults, name: "roll" });
    const i = await b.next("INTERACTION_CREATE");
    const callback = `/api/v10/interactions/${i.id}/${encodeURIComponent(i.token)}/callback`;
    const answer = (content: string) => JSON.stringify({ type: 4, data: { content } });

    expect((await send("POST", callback, json, answer("INJECTED"))).status).toBe(401);
    expect(
      (await send("POST", callback, { ...json, authorization: "Bot local.development.token" }, answer("INJECTED")))
        .status,
    ).toBe(401);
    // JSON sent as text/plain (what a page may post without asking first): refused, even with the token.
    expect((await send("POST", callback, { ...bot(), "content-type": "text/plain" }, answer("INJECTED"))).status).toBe(
      415,
    );
    expect((await send("POST", callback, bot(), answer("INJECTED"))).status).toBe(415);
    expect((await send("POST", callback, { ...bot(), ...json }, answer("the bot's answer"))).status).toBe(204);
    const webhook = `/api/v10/webhooks/${local.applicationId}/${encodeURIComponent(i.token)}`;
    expect((await send("POST", webhook, json, JSON.stringify({ content: "INJECTED" }))).status).toBe(401);
    expect(
      (await send("PATCH", `${webhook}/messages/@original`, json, JSON.stringify({ content: "INJECTED" }))).status,
    ).toBe(401);
    expect((await send("GET", `${webhook}/messages/@original`, {})).status).toBe(401);
    expect(
      (await send("POST", webhook, { ...bot(), "content-type": "text/plain" }, JSON.stringify({ content: "INJECTED" })))
        .status,
    ).toBe(415);

    const reply: Reply = await replied;
    expect(reply.message.content).toBe("the bot's answer");
    expect(reply.followUps).toEqual([]);
    expect(local.channelMessages(local.defaults.channelId).map((m) => m.content)).toEqual(["the bot's answer"]);
    b.ws.close(1000);
  });
});

describe("the local Discord reads no body it refuses, and none past its route's cap", () => {
  // 200 MiB streamed at the server: the process must not grow past 50 MiB on any of them.
  const BIG = 200 * MiB;

  it("refuses a 200 MiB POST under another host name before reading it", async () => {
    const { result, mib } = await growth(() =>
      stream(
        "POST",
        `/api/v10/channels/${local.defaults.channelId}/messages`,
        { ...bot(), ...json, host: `rebind.evil.example:${port}`, "transfer-encoding": "chunked" },
        BIG,
      ),
    );
    console.log(
      `foreign Host, 200 MiB chunked: status ${result.status}, ${Math.round(result.sent / MiB)} MiB sent before the server closed; RSS +${mib.toFixed(1)} MiB`,
    );
    expect(result.status).toBe(403);
    expect(result.sent).toBeLessThan(BIG);
    expect(mib).toBeLessThan(50);
  });

  it("stops reading the bot's own 200 MiB message at 1 MiB, and a control request's too (413)", async () => {
    for (const [path, headers] of [
      [`/api/v10/channels/${local.defaults.channelId}/messages`, { ...bot(), ...json }],
      ["/_local/say", json],
    ] as const) {
      const chunked = await growth(() => stream("POST", path, { ...headers, "transfer-encoding": "chunked" }, BIG));
      console.log(
        `${path}, 200 MiB chunked: status ${chunked.result.status}, ${Math.round(chunked.result.sent / MiB)} MiB sent; RSS +${chunked.mib.toFixed(1)} MiB`,
      );
      expect(chunked.result.status).toBe(413);
      expect(chunked.result.sent).toBeLessThan(BIG);
      expect(chunked.mib).toBeLessThan(50);
      // A declared length past the cap is refused before a byte is read.
      const declared = await growth(() => stream("POST", path, { ...headers, "content-length": String(BIG) }, BIG));
      expect(declared.result.status).toBe(413);
      expect(declared.mib).toBeLessThan(50);
    }
    expect(local.channelMessages(local.defaults.channelId).map((m) => m.content)).toEqual(["the bot's answer"]);
    // A body within the cap still goes through, on the same server.
    expect(
      (
        await send(
          "POST",
          `/api/v10/channels/${local.defaults.channelId}/messages`,
          { ...bot(), ...json },
          JSON.stringify({ content: "x".repeat(1000) }),
        )
      ).status,
    ).toBe(200);
  });
});
