/**
 * Many servers per shard: the local Discord holds BENCH_SERVERS servers (10,000), each with a
 * realistic number of channels and roles and a few hundred members, of which the bot is given none
 * (as Discord with the Guilds intent alone). `npm start` runs BENCH_SHARDS (4) shard processes on a
 * throwaway PostgreSQL. Measured: each shard's ready time, its RSS after ready, and its RSS after
 * BENCH_SERVER_OPS mixed interactions (an evening's hour compressed: /roll, /help, /campaign start)
 * from many members spread over the servers, which fill discord.js's caches if they are not bounded.
 *
 * Run: BENCH_SCALE=1 npm run bench, or alone: npx tsx bench/servers.ts
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { LocalDiscord } from "../src/local/server.js";
import { shardOf } from "../src/discord/shard.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../scripts/throwaway-postgres.js";
import pgClient from "pg";
import { atRate, closedLoop, driver, exactlyOnce, setUpTables, type StoreReader, type Table } from "./throughput.js";
import { processCpuMs, treeCpuMs } from "./cpu.js";
import { monitorEventLoopDelay } from "node:perf_hooks";

const TOKEN = "bench.bot.token";
const BUILT = ".dist-test-servers";
/** What the image sets for the allocator (Dockerfile). */
const IMAGE_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072", MALLOC_MMAP_THRESHOLD_: "131072" };
/** The heap compose.yaml gives a shard container (BENCH_NODE_OPTIONS overrides it). */
const SHARD_NODE_OPTIONS = "--max-semi-space-size=1 --max-old-space-size=160";

export interface ServersBench {
  servers: number;
  shards: {
    id: number;
    servers: number;
    readyMs: number;
    rssReadyMiB: number;
    rssAfterMiB: number;
    interactions: number;
    cpuPerInteraction: number;
  }[];
  ops: number;
  answered: number;
  seconds: number;
  /** The open loop across the shards: arrivals a second, answered a second, latency, what was lost or doubled, PostgreSQL's CPU per interaction (ms). */
  rate: {
    arriving: number;
    tables: number;
    ops: number;
    perSecond: number;
    median: number;
    p99: number;
    problems: string[];
    refused: number;
    pgCpuPerInteraction: number;
    loadAverage: number[];
  };
}

/** The bench's store on PostgreSQL, read back for the exactly-once check. */
async function pgReader(url: string): Promise<StoreReader & { close(): Promise<void> }> {
  const c = new pgClient.Client({ connectionString: url });
  await c.connect();
  const one = async <T>(sql: string, args: unknown[]) => (await c.query(sql, args)).rows[0] as T;
  return {
    encounterOf: (channelId) =>
      one(
        `SELECT e.id, e.version FROM "Encounter" e JOIN "Campaign" c ON c.id = e."campaignId" WHERE c."channelId" = $1 AND e.status = 'active'`,
        [channelId],
      ),
    rollCounts: async () =>
      new Map(
        (
          await c.query(`SELECT purpose, COUNT(*)::int AS n FROM "Roll" WHERE purpose ~ '^r[0-9]+$' GROUP BY purpose`)
        ).rows.map((r: { purpose: string; n: number }) => [r.purpose, r.n]),
      ),
    version: async (id) =>
      (await one<{ version: number }>(`SELECT version FROM "Encounter" WHERE id = $1`, [id])).version,
    campaigns: async () => (await one<{ n: number }>(`SELECT COUNT(*)::int AS n FROM "Campaign"`, [])).n,
    close: () => c.end(),
  };
}

/** The target across shards: the rate answered (within 5%), p99 ≤ 100 ms, nothing lost or doubled. */
export function acrossMet(res: ServersBench): boolean {
  return res.rate.p99 <= 100 && res.rate.problems.length === 0 && res.rate.perSecond >= res.rate.arriving * 0.95;
}

/** Resident memory by mapping, largest first (BENCH_SMAPS=1): what a shard's RSS is made of. */
function smaps(pid: number): string {
  const agg = new Map<string, number>();
  let cur = "";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const m = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) cur = (m[2] || "[anon]").replace(/.*node_modules\//, "") + (m[1]!.includes("x") ? " (code)" : "");
    const r = /^Rss:\s+(\d+) kB/.exec(line);
    if (r) agg.set(cur, (agg.get(cur) ?? 0) + Number(r[1]) / 1024);
  }
  return [...agg]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => `${v.toFixed(1)} MiB ${k}`)
    .join("; ");
}

const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

function pick<T>(xs: readonly T[], r: () => number): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** A small, seeded generator: the same world and load in every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export async function runServersBench(
  opts: {
    servers?: number;
    shards?: number;
    ops?: number;
    members?: number;
    rate?: number;
    rateOps?: number;
    rateTables?: number;
    print?: boolean;
  } = {},
): Promise<ServersBench> {
  const servers = opts.servers ?? Number(process.env.BENCH_SERVERS ?? 10_000);
  const shardCount = opts.shards ?? Number(process.env.BENCH_SHARDS ?? 4);
  const ops = opts.ops ?? Number(process.env.BENCH_SERVER_OPS ?? 6000);
  const membersPer = opts.members ?? 250;
  const rate = opts.rate ?? Number(process.env.BENCH_SCALE_RATE ?? 300);
  const rateOps = opts.rateOps ?? Number(process.env.BENCH_SCALE_RATE_OPS ?? 6000);
  const rateTables = opts.rateTables ?? Number(process.env.BENCH_SCALE_TABLES ?? 200);
  const log = (s: string) => opts.print !== false && console.log(s);
  const r = rng(7);

  const pg = await startThrowawayPostgres();
  const local = await LocalDiscord.start({ port: 0, token: TOKEN, defaultWorld: false, specPath: false });
  const users = Array.from({ length: 20_000 }, (_, k) => local.createUser(`player${k}`).id);
  const tables: { guildId: string; channels: string[]; members: string[] }[] = [];
  const built = Date.now();
  for (let g = 0; g < servers; g++) {
    const guildId = local.createGuild(`Server ${g}`).id;
    const roles = ["Referee", "Players", "Moderators", "Muted", "Regulars", "Newcomers", "Bots", "Announcements"].map(
      (n) => local.createRole(guildId, n).id,
    );
    const channels = [
      "welcome",
      "rules",
      "general",
      "table",
      "dice",
      "off-topic",
      "lfg",
      "art",
      "voice-text",
      "archive",
      "mod-log",
      "bot-spam",
    ].map((n) => local.createChannel(guildId, n).id);
    const members = new Set<string>();
    while (members.size < membersPer) members.add(pick(users, r));
    for (const u of members) local.addMember(guildId, u, r() < 0.3 ? [pick(roles, r)] : []);
    tables.push({ guildId, channels, members: [...members] });
  }
  const perShard = Array.from(
    { length: shardCount },
    (_, s) => tables.filter((t) => shardOf(t.guildId, shardCount) === s).length,
  );
  log(
    `world: ${servers} servers (${perShard.join(" / ")} per shard), 12 channels, 9 roles and ${membersPer} members each, built in ${((Date.now() - built) / 1000).toFixed(1)} s`,
  );

  // As production runs it (the Dockerfile): node on the built JavaScript, no TypeScript loader.
  execFileSync(process.execPath, ["scripts/build.mjs", "--out", BUILT]);
  let out = "";
  // The image's flags and allocator settings (Dockerfile, compose.yaml's shard containers).
  // BENCH_SHARD_FLAGS adds node flags to the manager and its shards (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them).
  const extra = (process.env.BENCH_SHARD_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, ["--liftoff-only", ...extra, `${BUILT}/src/main.js`], {
    env: {
      ...process.env,
      ...IMAGE_ENV,
      NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? SHARD_NODE_OPTIONS,
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: local.apiUrl,
      DATABASE_URL: pg.url,
      SHARD_COUNT: String(shardCount),
      SHARD_SPAWN_DELAY_MS: "0",
      HEALTH_PORT: "0",
      LOG_LEVEL: "info",
      LOG_PRETTY: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  try {
    const deadline = Date.now() + 180_000;
    while (!/every shard of this machine is ready/.test(out)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the shards did not start:\n${out.slice(-3000)}`);
      await new Promise((res) => setTimeout(res, 100));
    }
    const ready = [...out.matchAll(/\{[^\n]*"msg":"shard ready"[^\n]*\}/g)].map(
      (m) => JSON.parse(m[0]) as { shard: number; pid: number; readyMs: number },
    );
    const shards = ready
      .sort((a, b) => a.shard - b.shard)
      .map((s) => ({
        id: s.shard,
        pid: s.pid,
        servers: perShard[s.shard]!,
        readyMs: s.readyMs,
        rssReadyMiB: rssMiB(s.pid),
        rssAfterMiB: 0,
        interactions: 0,
        cpuPerInteraction: NaN,
      }));

    const started = Date.now();
    let answered = 0;
    let next = 0;
    const one = async () => {
      for (let k = next++; k < ops; k = next++) {
        const t = pick(tables, r);
        const base = {
          guildId: t.guildId,
          channelId: pick(t.channels, r),
          userId: pick(t.members, r),
          timeoutMs: 30_000,
        };
        const x = r();
        const reply = await (x < 0.8
          ? local.slash({ ...base, name: "roll", options: { dice: "1d20+2", reason: "to hit" } })
          : x < 0.9
            ? local.slash({ ...base, name: "help" })
            : local.slash({
                ...base,
                name: "campaign",
                subcommand: "start",
                options: { system: "bx", name: `Table ${k}` },
              })
        ).catch(() => null);
        if (reply) answered++;
      }
    };
    await Promise.all(Array.from({ length: 16 }, one));
    const seconds = (Date.now() - started) / 1000;
    await new Promise((res) => setTimeout(res, 2000));
    for (const s of shards) s.rssAfterMiB = rssMiB(s.pid);
    if (process.env.BENCH_SMAPS) for (const s of shards) log(`shard ${s.id}: ${smaps(s.pid)}`);
    log(
      `load: ${ops} interactions over ${new Set(tables.map((t) => t.guildId)).size} servers in ${seconds.toFixed(1)} s, ${answered} answered; load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(", ")}`,
    );

    const across = await acrossShards({ local, pg, shards, shardCount, tables, rate, rateOps, rateTables, log });
    for (const s of shards) s.rssAfterMiB = Math.max(s.rssAfterMiB, rssMiB(s.pid));
    log(`shard  servers  ready    RSS after ready  RSS after the load  interactions at ${rate}/s  CPU per interaction`);
    for (const s of shards)
      log(
        `${String(s.id).padEnd(7)}${String(s.servers).padEnd(9)}${(s.readyMs / 1000).toFixed(1).padStart(5)} s  ${s.rssReadyMiB.toFixed(0).padStart(8)} MiB     ${s.rssAfterMiB.toFixed(0).padStart(8)} MiB   ${String(s.interactions).padStart(12)}          ${s.cpuPerInteraction.toFixed(2).padStart(6)} ms`,
      );
    return { servers, shards: shards.map(({ pid: _pid, ...s }) => s), ops, answered, seconds, rate: across };
  } finally {
    child.kill("SIGTERM");
    await new Promise((res) => (child.exitCode !== null ? res(null) : child.once("exit", res)));
    await local.stop();
    pg.stop();
    rmSync(BUILT, { recursive: true, force: true });
  }
}

/**
 * 300 mixed interactions a second (throughput.ts's mix: /roll, Roll again, /attack, /next) at
 * `rateTables` encounters in as many servers spread over every shard, all on the one PostgreSQL;
 * each shard's CPU per interaction it answered, and the server's (postmaster and backends).
 */
async function acrossShards(o: {
  local: LocalDiscord;
  pg: ThrowawayPostgres;
  shards: { id: number; pid: number; interactions: number; cpuPerInteraction: number }[];
  shardCount: number;
  tables: { guildId: string }[];
  rate: number;
  rateOps: number;
  rateTables: number;
  log: (s: string) => void;
}): Promise<ServersBench["rate"]> {
  const reader = await pgReader(o.pg.url);
  try {
    // Servers taken in turn from each shard, so every shard has its share of the tables.
    const byShard = Array.from({ length: o.shardCount }, (_, s) =>
      o.tables.filter((t) => shardOf(t.guildId, o.shardCount) === s).map((t) => t.guildId),
    );
    const guildIds = Array.from(
      { length: o.rateTables },
      (_, k) => byShard[k % o.shardCount]![Math.floor(k / o.shardCount)]!,
    );
    const setUp = Date.now();
    const tables = await setUpTables(o.local, guildIds, reader, o.rateTables);
    const { one, answered, refused } = driver(o.local);
    const perShard = new Map<number, number>();
    const counted = (t: Table) => {
      const s = shardOf(t.guildId, o.shardCount);
      perShard.set(s, (perShard.get(s) ?? 0) + 1);
      return one(t);
    };
    // Warm each shard's paths first (untimed, uncounted), as the other benches do.
    await closedLoop(tables.slice(0, 4 * o.shardCount), one, 400 * o.shardCount);
    o.log(
      `across the shards: ${tables.length} encounters in as many servers (${byShard.map((_, s) => tables.filter((t) => shardOf(t.guildId, o.shardCount) === s).length).join(" / ")} per shard), set up in ${((Date.now() - setUp) / 1000).toFixed(1)} s`,
    );
    // What the shards and the server burn with nothing to answer (heartbeats, timers, the collector), over 5 s.
    const idle0 = {
      shards: o.shards.map((s) => processCpuMs(s.pid)),
      pg: treeCpuMs(o.pg.pid()),
      at: performance.now(),
    };
    await new Promise((res) => setTimeout(res, 5000));
    const idleSeconds = (performance.now() - idle0.at) / 1000;
    const idleShard = o.shards.map((s, i) => (processCpuMs(s.pid) - idle0.shards[i]!) / idleSeconds);
    const idlePg = (treeCpuMs(o.pg.pid()) - idle0.pg) / idleSeconds;
    o.log(
      `idle: each shard ${idleShard.map((x) => x.toFixed(0)).join(" / ")} ms of CPU a second, PostgreSQL ${idlePg.toFixed(0)} ms a second`,
    );
    const cpu0 = o.shards.map((s) => processCpuMs(s.pid));
    const pg0 = treeCpuMs(o.pg.pid());
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const level = await atRate(tables, counted, o.rate, o.rateOps);
    loop.disable();
    o.log(
      `the driver's own event loop (the local Discord and the load, in this process) while it ran: delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; its heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`,
    );
    await new Promise((res) => setTimeout(res, 1000)); // the last boards' edits
    const pgMs = treeCpuMs(o.pg.pid()) - pg0;
    o.shards.forEach((s, i) => {
      s.interactions = perShard.get(s.id) ?? 0;
      s.cpuPerInteraction = (processCpuMs(s.pid) - cpu0[i]!) / Math.max(1, s.interactions);
    });
    const problems = await exactlyOnce(reader, tables, answered);
    const refusals = [...refused.values()].reduce((a, b) => a + b, 0);
    const out = {
      arriving: o.rate,
      tables: tables.length,
      ops: level.ops,
      perSecond: level.perSecond,
      median: level.latency.median,
      p99: level.latency.p99,
      problems,
      refused: refusals,
      pgCpuPerInteraction: pgMs / level.ops,
      loadAverage: loadavg(),
    };
    o.log(
      `at ${o.rate} arriving a second across ${o.shardCount} shards: ${out.perSecond.toFixed(0)} answered a second, p50 ${out.median.toFixed(1)} ms, p95 ${level.latency.p95.toFixed(1)} ms, p99 ${out.p99.toFixed(1)} ms (at most ${level.concurrency} in flight); ${refusals} refused; PostgreSQL's CPU ${out.pgCpuPerInteraction.toFixed(2)} ms per interaction; load average ${out.loadAverage.map((x) => x.toFixed(2)).join(", ")}`,
    );
    o.log(
      problems.length
        ? `LOST OR DOUBLED (${problems.length}):\n  ${problems.slice(0, 10).join("\n  ")}`
        : `exactly once: every answered interaction's effect is in the store once (${tables.length} encounters checked)`,
    );
    for (const [why, n] of [...refused].slice(0, 5)) o.log(`  refused ×${n}: ${why}`);
    return out;
  } finally {
    await reader.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const res = await runServersBench();
  const worst = (f: (s: ServersBench["shards"][number]) => number) => Math.max(...res.shards.map(f));
  console.log(
    `ready ≤ 30 s per shard: ${worst((s) => s.readyMs) <= 30_000 ? "met" : "NOT MET"}; RSS ≤ 200 MiB per shard: ${worst((s) => Math.max(s.rssReadyMiB, s.rssAfterMiB)) <= 200 ? "met" : "NOT MET"}`,
  );
  console.log(
    `${res.rate.arriving}/s across the shards, p99 ≤ 100 ms, nothing lost or doubled: p99 ${res.rate.p99.toFixed(1)} ms, ${res.rate.problems.length} lost or doubled, ${res.rate.perSecond.toFixed(0)} answered a second: ${acrossMet(res) ? "met" : "NOT MET"}`,
  );
}
