/**
 * The shard manager: with SHARD_COUNT (a number, or auto to ask Discord's
 * GET /gateway/bot), `npm start` runs each shard of this machine (SHARDS,
 * default all) in its own process: the same src/main.ts with SHARD_ID set.
 * Machines share the work by listing different SHARDS against one PostgreSQL.
 *
 * Our own manager rather than discord.js's ShardingManager: ShardingManager's
 * `auto` asks discord.com directly (not DISCORD_API_URL, so not the local
 * Discord), and its broadcastEval IPC is of no use here since every shard's
 * state is in the database. This one is small: start the shards one after the
 * other (Discord allows one IDENTIFY per 5 s), restart one that dies, stop
 * them all gracefully on SIGTERM.
 */
import { fork, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { BEAT_MS, startBeats, type Beat } from "./loop-delay.js";
import { type Claim, claimShards } from "./shard-claim.js";

/** A ready shard whose event loop has been held up longer than this is unhealthy. */
export const LOOP_DELAY_LIMIT_MS = 2000;

/** main.ts under the TypeScript loader, main.js as built (npm run build). */
export const SHARD_ENTRY = fileURLToPath(
  new URL(import.meta.url.endsWith(".ts") ? "./main.ts" : "./main.js", import.meta.url),
);

/** SHARD_COUNT as a number: auto asks the gateway endpoint how many shards Discord recommends. */
export async function shardCount(config: Config): Promise<number> {
  if (config.SHARD_COUNT !== "auto") return Number(config.SHARD_COUNT ?? 1);
  if (!config.DISCORD_TOKEN) throw new Error("SHARD_COUNT=auto asks Discord, which needs DISCORD_TOKEN");
  const api = (config.DISCORD_API_URL ?? "https://discord.com/api").replace(/\/$/, "");
  const res = await fetch(`${api}/v10/gateway/bot`, { headers: { authorization: `Bot ${config.DISCORD_TOKEN}` } });
  if (!res.ok) throw new Error(`GET /gateway/bot answered ${res.status}: cannot choose a shard count`);
  const body = (await res.json()) as { shards?: number };
  return Math.max(1, Number(body.shards ?? 1));
}

/** The shard ids this machine runs: SHARDS, or every shard. */
export function shardIds(config: Config, count: number): number[] {
  const ids = config.SHARDS ? config.SHARDS.split(",").map(Number) : Array.from({ length: count }, (_, i) => i);
  const bad = ids.filter((i) => i >= count);
  if (bad.length) throw new Error(`SHARDS lists ${bad.join(", ")}, not below SHARD_COUNT ${count}`);
  return [...new Set(ids)];
}

export interface ShardManager {
  log: Logger;
  count: number;
  ids: number[];
  /** Resolves when every shard of this machine has been ready once. */
  ready: Promise<void>;
  health(): ReturnType<typeof health>;
  /** SIGTERM to every shard; resolves when all have exited. */
  stop(): Promise<void>;
}

interface Slot {
  id: number;
  child: ChildProcess | null;
  restarts: number;
  state: "waiting" | "starting" | "ready" | "restarting" | "stopped";
  /** When the shard last said it was ready or beat (ms since the epoch), and the delay it reported. */
  beatAt?: number;
  delayMs?: number;
}

export type ShardSlot = Slot;

/**
 * The manager's health: every shard of this machine, its state and its event loop's delay (the
 * longest it reported, or the silence since its last beat); healthy when all are ready and none
 * is held up past LOOP_DELAY_LIMIT_MS.
 */
export function health(
  slots: readonly Slot[],
  now = Date.now(),
  limitMs = LOOP_DELAY_LIMIT_MS,
): {
  healthy: boolean;
  shards: {
    id: number;
    state: string;
    pid: number | null;
    restarts: number;
    loopDelayMs: number | null;
    blocked: boolean;
  }[];
} {
  const shards = slots.map((s) => {
    const loopDelayMs =
      s.state === "ready" && s.beatAt !== undefined ? Math.max(s.delayMs ?? 0, now - s.beatAt - BEAT_MS, 0) : null;
    return {
      id: s.id,
      state: s.state,
      pid: s.child?.pid ?? null,
      restarts: s.restarts,
      loopDelayMs,
      blocked: (loopDelayMs ?? 0) > limitMs,
    };
  });
  return { healthy: shards.every((s) => s.state === "ready" && !s.blocked), shards };
}

/** A shard's message to its manager: ready once, then a beat a second. */
export function onShardMessage(slot: Slot, m: { kind?: string; delayMs?: number } | Beat, now = Date.now()): void {
  if (m?.kind === "ready") slot.state = "ready";
  else if (m?.kind !== "beat") return;
  slot.beatAt = now;
  slot.delayMs = Math.max(0, Number(m.delayMs) || 0);
}

/**
 * GET /health on HEALTH_HOST:HEALTH_PORT (127.0.0.1 unless set): 200 when every shard is ready
 * and none is blocked, 503 otherwise, with each shard's state. Any other path: 404, no body.
 */
export function serveHealth(port: number, host: string, slots: readonly Slot[], log: Logger): Server {
  const server = createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/health" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-length": "0" });
      return void res.end();
    }
    const h = health(slots);
    res.writeHead(h.healthy ? 200 : 503, { "content-type": "application/json" });
    res.end(JSON.stringify(h));
  });
  server.listen(port, host, () =>
    log.info({ host, port: (server.address() as { port: number }).port }, "shard health on /health"),
  );
  return server;
}

/**
 * One process, no manager (no SHARD_COUNT): /health for this process itself, when HEALTH_PORT is set.
 * Ready once started; its own beats feed the delay (a blocked loop cannot answer at all, which a
 * health check counts as unhealthy too).
 */
export function serveOwnHealth(config: Config, log: Logger): { close(): void } | null {
  if (config.HEALTH_PORT === undefined) return null;
  const slot: Slot = { id: 0, child: null, restarts: 0, state: "ready", beatAt: Date.now() };
  const server = serveHealth(config.HEALTH_PORT, config.HEALTH_HOST, [slot], log);
  const stopBeats = startBeats((beat) => onShardMessage(slot, beat));
  return {
    close() {
      stopBeats();
      server.close();
    },
  };
}

/** The shards this machine runs: SHARDS, all of them, or (SHARD_CLAIM) those claimed in the database. */
async function shardsToRun(
  config: Config,
  count: number,
  log: Logger,
): Promise<{ ids: number[]; claim: Claim | null }> {
  if (config.SHARD_CLAIM && config.SHARDS)
    throw new Error("Set SHARDS (the shards this machine runs) or SHARD_CLAIM (how many to claim), not both");
  const claim = config.SHARD_CLAIM
    ? await claimShards(config.DATABASE_URL, count, config.SHARD_CLAIM, log, {
        waitMs: config.SHARD_CLAIM_WAIT_MS,
        onLost: () => process.kill(process.pid, "SIGTERM"),
      })
    : null;
  return { ids: claim?.ids ?? shardIds(config, count), claim };
}

/** What starting a shard's process needs, and whether the manager is stopping (then a dead shard stays dead). */
interface Spawning {
  env: NodeJS.ProcessEnv;
  count: number;
  log: Logger;
  stopping(): boolean;
}

/** Starts a shard's process; resolves once it is ready (or has exited). A shard that dies is started again, later each time. */
function spawnShard(slot: Slot, s: Spawning): Promise<void> {
  const { log, count } = s;
  return new Promise((resolve) => {
    const child = fork(SHARD_ENTRY, [], {
      env: { ...s.env, SHARD_ID: String(slot.id), SHARD_COUNT: String(count) },
      stdio: "inherit",
    });
    slot.child = child;
    slot.state = "starting";
    log.info({ shard: slot.id, pid: child.pid, count }, "shard starting");
    child.on("message", (m: { kind?: string; readyMs?: number; delayMs?: number }) => {
      onShardMessage(slot, m);
      if (m?.kind !== "ready") return;
      log.info({ shard: slot.id, pid: child.pid, readyMs: m.readyMs }, "shard ready");
      resolve();
    });
    child.on("exit", (code, signal) => {
      slot.child = null;
      slot.state = s.stopping() ? "stopped" : "restarting";
      resolve();
      if (s.stopping()) return void log.info({ shard: slot.id, code, signal }, "shard stopped");
      slot.restarts += 1;
      const wait = Math.min(30_000, 1000 * 2 ** Math.min(slot.restarts - 1, 5));
      log.error({ shard: slot.id, code, signal, restartInMs: wait }, "shard exited: restarting it");
      setTimeout(() => void (s.stopping() || spawnShard(slot, s)), wait).unref();
    });
  });
}

/** Stops a shard's process with SIGTERM (SIGKILL after 20 s); resolves once it has exited. */
function stopShard(slot: Slot): Promise<void> {
  return new Promise<void>((resolve) => {
    const child = slot.child;
    if (!child || child.exitCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function startShards(
  config: Config,
  log: Logger,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ShardManager> {
  if (!config.DISCORD_TOKEN)
    throw new Error(
      "SHARD_COUNT needs DISCORD_TOKEN: without one, npm start runs one process against the local Discord",
    );
  const count = await shardCount(config);
  const { ids, claim } = await shardsToRun(config, count, log);
  const slots = ids.map((id): Slot => ({ id, child: null, restarts: 0, state: "waiting" }));
  let stopping = false;
  const healthServer =
    config.HEALTH_PORT !== undefined ? serveHealth(config.HEALTH_PORT, config.HEALTH_HOST, slots, log) : null;
  const spawning: Spawning = { env, count, log, stopping: () => stopping };

  const ready = (async () => {
    for (const [n, slot] of slots.entries()) {
      if (stopping) return;
      if (n > 0 && config.SHARD_SPAWN_DELAY_MS) await new Promise((r) => setTimeout(r, config.SHARD_SPAWN_DELAY_MS));
      // A stop during the wait between two shards: the next one is never started (stop() has gone by).
      if (stopping) return;
      await spawnShard(slot, spawning);
    }
  })();

  return {
    log,
    count,
    ids,
    ready,
    health: () => health(slots),
    async stop() {
      stopping = true;
      healthServer?.close();
      await Promise.all(slots.map(stopShard));
      // Only once every shard has stopped: another machine may take them from here.
      await claim?.release();
    },
  };
}
