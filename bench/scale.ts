/**
 * Throughput on the scale path, side by side (the closing figures of the
 * PostgreSQL/sharding work): the same load of /roll commands in campaigns of
 * two servers, concurrency C, through the local Discord, against
 *   1. one process on SQLite (the default),
 *   2. one process on PostgreSQL (the engine alone),
 *   3. two shard processes on PostgreSQL (npm start with SHARD_COUNT=2; one server per shard).
 * PostgreSQL is a throwaway server (scripts/throwaway-postgres.ts: fsync off, so
 * this measures the bot and the engine, not a disk).
 * Run: npx tsx bench/scale.ts   (BENCH_N=2000 BENCH_C=20)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino from "pino";
import { LocalDiscord } from "../src/local/server.js";
import { startApp } from "../src/app.js";
import { fixedSeeds } from "../src/play/services.js";
import { shardOf } from "../src/discord/shard.js";
import { startThrowawayPostgres } from "../scripts/throwaway-postgres.js";

const TOKEN = "bench.bot.token";
const N = Number(process.env.BENCH_N ?? 2000);
const C = Number(process.env.BENCH_C ?? 20);

interface Table {
  guildId: string;
  channelId: string;
  userId: string;
}

async function world(): Promise<{ local: LocalDiscord; tables: Table[] }> {
  const local = await LocalDiscord.start({ port: 0, token: TOKEN, defaultWorld: false, specPath: false });
  const tables: Table[] = [];
  for (const shard of [0, 1]) {
    let guildId = local.createGuild(`Bench ${shard}`).id;
    while (shardOf(guildId, 2) !== shard) {
      await new Promise((r) => setTimeout(r, 1));
      guildId = local.createGuild(`Bench ${shard}`).id;
    }
    const channelId = local.createChannel(guildId, "table").id;
    const userId = local.createUser(`player${shard}`).id;
    local.addMember(guildId, userId);
    tables.push({ guildId, channelId, userId });
  }
  return { local, tables };
}

async function load(local: LocalDiscord, tables: Table[]): Promise<{ perSecond: number; median: number; p99: number }> {
  for (const t of tables)
    await local.slash({ ...t, name: "campaign", subcommand: "start", options: { system: "bx", name: "Bench" } });
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < N) {
        const t = tables[next++ % tables.length]!;
        const s = performance.now();
        await local.slash({ ...t, name: "roll", options: { dice: "3d6" }, timeoutMs: 30_000 });
        times.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return {
    perSecond: N / seconds,
    median: times[Math.floor(times.length / 2)]!,
    p99: times[Math.floor(times.length * 0.99)]!,
  };
}

async function inProcess(databaseUrl: string) {
  const { local, tables } = await world();
  const app = await startApp(
    { DISCORD_TOKEN: TOKEN, DISCORD_API_URL: local.apiUrl, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
    { log: pino({ level: "silent" }), newSeed: fixedSeeds("bench"), sweepEveryMs: 0 },
  );
  try {
    return await load(local, tables);
  } finally {
    await app.stop();
    await local.stop();
  }
}

async function twoShards(databaseUrl: string) {
  const { local, tables } = await world();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      ...process.env,
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: local.apiUrl,
      DATABASE_URL: databaseUrl,
      SHARD_COUNT: "2",
      SHARD_SPAWN_DELAY_MS: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("the shards did not start in 60 s")), 60_000);
    const check = () =>
      local.liveSessions === 2 && local.commands().length > 0 ? (clearTimeout(t), resolve()) : setTimeout(check, 50);
    check();
  });
  try {
    return await load(local, tables);
  } finally {
    await new Promise((r) => (child.once("exit", r), child.kill("SIGTERM")));
    await local.stop();
  }
}

async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

const dir = mkdtempSync(join(tmpdir(), "tenfoot-bench-scale-"));
const server = await startThrowawayPostgres();
try {
  const rows: [string, Awaited<ReturnType<typeof load>>][] = [];
  rows.push(["1 process, SQLite", await inProcess(`file:${join(dir, "bench.db")}`)]);
  rows.push(["1 process, PostgreSQL", await inProcess(await freshDatabase(server.url, "bench_one"))]);
  rows.push(["2 shards, PostgreSQL", await twoShards(await freshDatabase(server.url, "bench_two"))]);
  console.log(
    `/roll in a campaign, ${N} commands over two servers, ${C} at a time (ms per command; the machine's other load counts too)`,
  );
  console.log(`${"".padEnd(24)} ${"per second".padStart(10)} ${"median".padStart(8)} ${"p99".padStart(8)}`);
  for (const [name, r] of rows)
    console.log(
      `${name.padEnd(24)} ${r.perSecond.toFixed(0).padStart(10)} ${r.median.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`,
    );
} finally {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}
