// Issue 32, points 1 and 7: the shard manager's /health sees a shard whose event loop is blocked
// (each shard beats every second with its event-loop delay; silence counts too), listens on
// 127.0.0.1 unless HEALTH_HOST says otherwise, and answers other paths 404 with no body.
import { afterAll, describe, expect, it } from "vitest";
import { once } from "node:events";
import type { Server } from "node:http";
import pino from "pino";
import { loadConfig } from "../src/config.js";
import { startBeats, type Beat } from "../src/loop-delay.js";
import { health, onShardMessage, serveHealth, type ShardSlot } from "../src/shards.js";

const log = pino({ level: "silent" });
const slot = (id: number): ShardSlot => ({ id, child: null, restarts: 0, state: "starting" });

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("a shard's beat", () => {
  it("reports how long the event loop was held up", async () => {
    const beats: Beat[] = [];
    const stop = startBeats((b) => beats.push(b), 100);
    try {
      await new Promise((r) => setTimeout(r, 250));
      busy(700);
      // The delay is sampled by node's own timer, which may run after the first beat that follows the block:
      // wait for the beat that carries it (a loaded machine can take more than one beat).
      for (let i = 0; i < 40 && !beats.some((b) => b.delayMs >= 600); i++) await new Promise((r) => setTimeout(r, 50));
      expect(beats.length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...beats.map((b) => b.delayMs))).toBeGreaterThanOrEqual(600);
      expect(beats[0]!.delayMs).toBeLessThan(600);
    } finally {
      stop();
    }
  });
});

describe("the manager's health", () => {
  const t0 = 1_000_000;
  it("is healthy when every shard is ready and beating, unhealthy when one reports a long delay or falls silent", () => {
    const slots = [slot(0), slot(1)];
    expect(health(slots, t0).healthy).toBe(false);
    for (const s of slots) onShardMessage(s, { kind: "ready" }, t0);
    expect(health(slots, t0 + 500).healthy).toBe(true);
    onShardMessage(slots[0]!, { kind: "beat", delayMs: 12 }, t0 + 1000);
    onShardMessage(slots[1]!, { kind: "beat", delayMs: 2500 }, t0 + 1000);
    const delayed = health(slots, t0 + 1100);
    expect(delayed.healthy).toBe(false);
    expect(delayed.shards.map((s) => [s.id, s.state, s.loopDelayMs, s.blocked])).toEqual([
      [0, "ready", 12, false],
      [1, "ready", 2500, true],
    ]);
    onShardMessage(slots[1]!, { kind: "beat", delayMs: 3 }, t0 + 2000);
    expect(health(slots, t0 + 2100).healthy).toBe(true);
    // A loop blocked for a minute sends nothing: 4 s without a beat is 3 s of delay.
    const silent = health(slots, t0 + 6000);
    expect(silent.healthy).toBe(false);
    expect(silent.shards.map((s) => [s.loopDelayMs, s.blocked])).toEqual([
      [4000, true],
      [3000, true],
    ]);
  });
});

describe("the /health listener", () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const s of servers) s.close();
  });
  async function listen(host: string, slots: ShardSlot[]): Promise<string> {
    const server = serveHealth(0, host, slots, log);
    servers.push(server);
    await once(server, "listening");
    const a = server.address() as { address: string; port: number };
    return `http://${a.address.includes(":") ? `[${a.address}]` : a.address}:${a.port}`;
  }

  it("listens on 127.0.0.1 by default; HEALTH_HOST chooses another address", () => {
    expect(loadConfig({}).HEALTH_HOST).toBe("127.0.0.1");
    expect(loadConfig({ HEALTH_HOST: " " }).HEALTH_HOST).toBe("127.0.0.1");
    expect(loadConfig({ HEALTH_HOST: "0.0.0.0" }).HEALTH_HOST).toBe("0.0.0.0");
  });

  it("answers /health with each shard, 503 while one is blocked; any other path 404 with no body", async () => {
    const slots = [slot(0)];
    const url = await listen(loadConfig({}).HEALTH_HOST, slots);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    onShardMessage(slots[0]!, { kind: "ready" });
    const ok = await fetch(`${url}/health`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { healthy: boolean }).healthy).toBe(true);
    onShardMessage(slots[0]!, { kind: "beat", delayMs: 76_000 });
    const blocked = await fetch(`${url}/health`);
    expect(blocked.status).toBe(503);
    expect(((await blocked.json()) as { shards: { blocked: boolean }[] }).shards[0]!.blocked).toBe(true);
    for (const path of ["/", "/healthz", "/health/x", "/metrics"]) {
      const r = await fetch(`${url}${path}`);
      expect([path, r.status, await r.text()]).toEqual([path, 404, ""]);
    }
    const post = await fetch(`${url}/health`, { method: "POST" });
    expect([post.status, await post.text()]).toEqual([404, ""]);
  });
});
