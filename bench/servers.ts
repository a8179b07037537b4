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
import { startThrowawayPostgres } from "../scripts/throwaway-postgres.js";

const TOKEN = "bench.bot.token";
const BUILT = ".dist-test-servers";
/** What the image sets for the allocator (Dockerfile). */
const IMAGE_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072", MALLOC_MMAP_THRESHOLD_: "131072" };
/** The heap compose.yaml gives a shard container (BENCH_NODE_OPTIONS overrides it). */
const SHARD_NODE_OPTIONS = "--max-semi-space-size=1 --max-old-space-size=160";

export interface ServersBench {
  servers: number;
  shards: { id: number; servers: number; readyMs: number; rssReadyMiB: number; rssAfterMiB: number }[];
  ops: number;
  answered: number;
  seconds: number;
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
  return [...agg].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${v.toFixed(1)} MiB ${k}`).join("; ");
}

const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

function pick<T>(xs: readonly T[], r: () => number): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** A small, seeded generator: the same world and load in every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export async function runServersBench(opts: { servers?: number; shards?: number; ops?: number; members?: number; print?: boolean } = {}): Promise<ServersBench> {
  const servers = opts.servers ?? Number(process.env.BENCH_SERVERS ?? 10_000);
  const shardCount = opts.shards ?? Number(process.env.BENCH_SHARDS ?? 4);
  const ops = opts.ops ?? Number(process.env.BENCH_SERVER_OPS ?? 6000);
  const membersPer = opts.members ?? 250;
  const log = (s: string) => opts.print !== false && console.log(s);
  const r = rng(7);

  const pg = await startThrowawayPostgres();
  const local = await LocalDiscord.start({ port: 0, token: TOKEN, defaultWorld: false, specPath: false });
  const users = Array.from({ length: 20_000 }, (_, k) => local.createUser(`player${k}`).id);
  const tables: { guildId: string; channels: string[]; members: string[] }[] = [];
  const built = Date.now();
  for (let g = 0; g < servers; g++) {
    const guildId = local.createGuild(`Server ${g}`).id;
    const roles = ["Referee", "Players", "Moderators", "Muted", "Regulars", "Newcomers", "Bots", "Announcements"].map((n) => local.createRole(guildId, n).id);
    const channels = ["welcome", "rules", "general", "table", "dice", "off-topic", "lfg", "art", "voice-text", "archive", "mod-log", "bot-spam"].map((n) => local.createChannel(guildId, n).id);
    const members = new Set<string>();
    while (members.size < membersPer) members.add(pick(users, r));
    for (const u of members) local.addMember(guildId, u, r() < 0.3 ? [pick(roles, r)] : []);
    tables.push({ guildId, channels, members: [...members] });
  }
  const perShard = Array.from({ length: shardCount }, (_, s) => tables.filter((t) => shardOf(t.guildId, shardCount) === s).length);
  log(`world: ${servers} servers (${perShard.join(" / ")} per shard), 12 channels, 9 roles and ${membersPer} members each, built in ${((Date.now() - built) / 1000).toFixed(1)} s`);

  // As production runs it (the Dockerfile): node on the built JavaScript, no TypeScript loader.
  execFileSync(process.execPath, ["scripts/build.mjs", "--out", BUILT]);
  let out = "";
  // The image's flags and allocator settings (Dockerfile, compose.yaml's shard containers).
  const child = spawn(process.execPath, ["--liftoff-only", `${BUILT}/src/main.js`], {
    env: { ...process.env, ...IMAGE_ENV, NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? SHARD_NODE_OPTIONS, DISCORD_TOKEN: TOKEN, DISCORD_API_URL: local.apiUrl, DATABASE_URL: pg.url, SHARD_COUNT: String(shardCount), SHARD_SPAWN_DELAY_MS: "0", HEALTH_PORT: "0", LOG_LEVEL: "info", LOG_PRETTY: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  try {
    const deadline = Date.now() + 180_000;
    while (!/every shard of this machine is ready/.test(out)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the shards did not start:\n${out.slice(-3000)}`);
      await new Promise((res) => setTimeout(res, 100));
    }
    const ready = [...out.matchAll(/\{[^\n]*"msg":"shard ready"[^\n]*\}/g)].map((m) => JSON.parse(m[0]) as { shard: number; pid: number; readyMs: number });
    const shards = ready.sort((a, b) => a.shard - b.shard).map((s) => ({ id: s.shard, pid: s.pid, servers: perShard[s.shard]!, readyMs: s.readyMs, rssReadyMiB: rssMiB(s.pid), rssAfterMiB: 0 }));

    const started = Date.now();
    let answered = 0;
    let next = 0;
    const one = async () => {
      for (let k = next++; k < ops; k = next++) {
        const t = pick(tables, r);
        const base = { guildId: t.guildId, channelId: pick(t.channels, r), userId: pick(t.members, r), timeoutMs: 30_000 };
        const x = r();
        const reply = await (x < 0.8
            ? local.slash({ ...base, name: "roll", options: { dice: "1d20+2", reason: "to hit" } })
            : x < 0.9
              ? local.slash({ ...base, name: "help" })
              : local.slash({ ...base, name: "campaign", subcommand: "start", options: { system: "bx", name: `Table ${k}` } })
        ).catch(() => null);
        if (reply) answered++;
      }
    };
    await Promise.all(Array.from({ length: 16 }, one));
    const seconds = (Date.now() - started) / 1000;
    await new Promise((res) => setTimeout(res, 2000));
    for (const s of shards) s.rssAfterMiB = rssMiB(s.pid);
    if (process.env.BENCH_SMAPS) for (const s of shards) log(`shard ${s.id}: ${smaps(s.pid)}`);
    log(`load: ${ops} interactions over ${new Set(tables.map((t) => t.guildId)).size} servers in ${seconds.toFixed(1)} s, ${answered} answered; load average ${loadavg().map((x) => x.toFixed(2)).join(", ")}`);
    log(`shard  servers  ready    RSS after ready  RSS after the load`);
    for (const s of shards) log(`${String(s.id).padEnd(7)}${String(s.servers).padEnd(9)}${(s.readyMs / 1000).toFixed(1).padStart(5)} s  ${s.rssReadyMiB.toFixed(0).padStart(8)} MiB     ${s.rssAfterMiB.toFixed(0).padStart(8)} MiB`);
    return { servers, shards: shards.map(({ pid: _pid, ...s }) => s), ops, answered, seconds };
  } finally {
    child.kill("SIGTERM");
    await new Promise((res) => (child.exitCode !== null ? res(null) : child.once("exit", res)));
    await local.stop();
    pg.stop();
    rmSync(BUILT, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const res = await runServersBench();
  const worst = (f: (s: ServersBench["shards"][number]) => number) => Math.max(...res.shards.map(f));
  console.log(`ready ≤ 30 s per shard: ${worst((s) => s.readyMs) <= 30_000 ? "met" : "NOT MET"}; RSS ≤ 200 MiB per shard: ${worst((s) => Math.max(s.rssReadyMiB, s.rssAfterMiB)) <= 200 ? "met" : "NOT MET"}`);
}
