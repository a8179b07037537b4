/**
 * The bot's latency through the local Discord:
 * - start to ready (store opened and migrated, gateway ready, commands registered), fresh database each time;
 * - /roll, /attack and a button press ("Roll again") round trips (dispatch of the interaction to the bot's
 *   answer), n sequential each after 200 untimed (the compiler warmed to the path), with the SQL
 *   statements and transactions each one ran (counted at the driver adapter once the handler finished);
 * - baseline: a bare discord.js client answering a slash command with a fixed reply, through the same
 *   local Discord, before the bot's paths and again after them. Ratios are against both runs
 *   together, so the figures travel between machines and a load that changed meanwhile skews less.
 * Both run in this process, beside the local Discord (the ratios the hot-path targets are set in).
 * APART=1 runs the bot and the bare client each in a process of its own, as a bot runs apart from
 * Discord (bench/apart.ts: the built bot with the image's Node flags), each warmed with
 * APART_WARM_UP calls first (a fresh process takes about a thousand to reach its steady state), and
 * adds each one's own CPU per call. BENCH_TRACE=1 (in process) prints each path's statements.
 * Run: npm run bench (all) or npx tsx bench/bot.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { Client, Events, GatewayIntentBits } from "discord.js";
import { LocalDiscord } from "../src/local/server.js";
import { startApp, type App } from "../src/app.js";
import { fixedSeeds } from "../src/play/services.js";
import type { Reply } from "../src/local/types.js";
import { bareApart, botApart, botHere } from "./apart.js";
import pg from "pg";
import { startThrowawayPostgres } from "../scripts/throwaway-postgres.js";

export const TOKEN = "bench.bot.token";
export const silent = pino({ level: "silent" });

export interface Stats {
  n: number;
  median: number;
  p95: number;
  p99: number;
  mean: number;
}

export function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { n: s.length, median: at(0.5), p95: at(0.95), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

/** Latencies, plus the statements and transactions per call once the bot is idle again. */
export interface Timed extends Stats {
  statements: number;
  transactions: number;
  /** Messages to PostgreSQL the bot waited on per call (several statements may share one; 0 on SQLite, which has none). */
  roundTrips: number;
  /** CPU time (user + system) per call, in ms: the bot's (or bare client's) process and the local Discord's together; steadier than wall time on a shared machine. */
  cpu: number;
  /** Of which the answering process's own (the bot's or the bare client's; 0 when it shares this process). */
  ownCpu: number;
  /** Each call's latency, in the order run. */
  samples: number[];
}

/** What is read between calls, untimed: the store's counts and the CPU of the process answering (0 when it is this one). */
type Settled = () => Promise<{ statements: number; transactions: number; roundTrips?: number; cpuMs: number }>;

async function idle(app: App): Promise<void> {
  await app.bot.router.settled();
}

/** Untimed calls first, so the compiler has warmed to each path before it is timed (the bare reply's too). */
export const WARM_UP = 200;
/** The same apart, where each process starts cold (bench/apart.ts). */
const APART_WARM_UP = Number(process.env.APART_WARM_UP ?? 1000);

/** `between` runs after each call, untimed and uncounted (keeping the dummy alive). */
async function timeEach(
  settled: Settled,
  n: number,
  fn: (i: number) => Promise<unknown>,
  between?: (i: number) => Promise<unknown>,
  warmUp = WARM_UP,
): Promise<Timed> {
  for (let i = 0; i < warmUp; i++) {
    await fn(n + i);
    await between?.(n + i);
  }
  // Each path starts from a collected heap: the garbage of what ran before (five starts, the last path) is not its cost.
  (globalThis as { gc?: () => void }).gc?.();
  const out: number[] = [];
  let statements = 0;
  let transactions = 0;
  let roundTrips = 0;
  let cpu = 0;
  let ownCpu = 0;
  for (let i = 0; i < n; i++) {
    const c0 = await settled();
    const u0 = process.cpuUsage();
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
    const c1 = await settled();
    const u = process.cpuUsage(u0);
    statements += c1.statements - c0.statements;
    transactions += c1.transactions - c0.transactions;
    roundTrips += (c1.roundTrips ?? 0) - (c0.roundTrips ?? 0);
    cpu += (u.user + u.system) / 1000 + c1.cpuMs - c0.cpuMs;
    ownCpu += c1.cpuMs - c0.cpuMs;
    await between?.(i);
  }
  return {
    ...stats(out),
    samples: out,
    statements: statements / n,
    transactions: transactions / n,
    roundTrips: roundTrips / n,
    cpu: cpu / n,
    ownCpu: ownCpu / n,
  };
}

function refused(r: Reply): string | null {
  return r.ephemeral ? r.message.content : null;
}

async function baseline(
  local: LocalDiscord,
  guildId: string,
  channelId: string,
  userId: string,
  n: number,
  apart: boolean,
): Promise<Timed> {
  const ping = () => local.slash({ guildId, channelId, userId, name: "ping" });
  if (apart) {
    const bare = await bareApart({ token: TOKEN, apiUrl: local.apiUrl, guildId });
    const times = await timeEach(
      async () => ({ statements: 0, transactions: 0, cpuMs: await bare.cpuMs() }),
      n,
      ping,
      undefined,
      APART_WARM_UP,
    );
    await bare.stop();
    return times;
  }
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: local.restOptions });
  const ready = new Promise<void>((r) => client.once(Events.ClientReady, () => r()));
  await client.login(TOKEN);
  await ready;
  await client.application!.commands.set([{ name: "ping", description: "baseline" }], guildId);
  client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void i.reply({ content: "pong" });
  });
  const times = await timeEach(async () => ({ statements: 0, transactions: 0, cpuMs: 0 }), n, ping);
  await client.destroy();
  return times;
}

/** A fresh database for each start: a SQLite file, or a database on a throwaway PostgreSQL server. */
async function databases(
  engine: "sqlite" | "postgresql",
  dir: string,
): Promise<{ url(k: number): Promise<string>; stop(): void }> {
  if (engine === "sqlite") return { url: async (k) => `file:${join(dir, `bench-${k}.db`)}`, stop: () => {} };
  const server = await startThrowawayPostgres();
  return {
    async url(k) {
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      await c.query(`CREATE DATABASE bench_${k}`);
      await c.end();
      const u = new URL(server.url);
      u.pathname = `/bench_${k}`;
      return u.toString();
    },
    stop: () => server.stop(),
  };
}

export async function runBotBench(
  opts: { n?: number; starts?: number; print?: boolean; apart?: boolean; engine?: "sqlite" | "postgresql" } = {},
) {
  const n = opts.n ?? 1000;
  const engine = opts.engine ?? "sqlite";
  const starts = opts.starts ?? 5;
  const apart = opts.apart ?? false;
  const warmUp = apart ? APART_WARM_UP : WARM_UP;
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-bench-"));
  const local = await LocalDiscord.start({ port: 0, token: TOKEN });
  const guildId = local.createGuild("Bench").id;
  const channelId = local.createChannel(guildId, "table").id;
  const ref = local.createUser("referee").id;
  const alice = local.createUser("alice").id;
  local.addMember(guildId, ref);
  local.addMember(guildId, alice);
  const dbs = await databases(engine, dir);
  const urls: string[] = [];
  for (let k = 0; k <= starts; k++) urls.push(await dbs.url(k));
  const env = (k: number) => ({
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: local.apiUrl,
    DATABASE_URL: urls[k]!,
    LOG_LEVEL: "silent",
  });
  try {
    // The baseline runs alone on the gateway (the bot would answer its interactions too).
    const base = await baseline(local, guildId, channelId, ref, Math.min(n, 1000), apart);
    const startMs: number[] = [];
    for (let k = 0; k < starts; k++) {
      const app = await startApp(env(k), { log: silent, newSeed: fixedSeeds("bench"), sweepEveryMs: 0 });
      startMs.push(app.readyMs);
      await app.stop();
    }
    const bot = apart ? await botApart(env(starts)) : await botHere(env(starts), "bench");
    const slash = (
      userId: string,
      name: string,
      options?: Record<string, string | number | boolean>,
      subcommand?: string,
    ) =>
      local.slash({
        guildId,
        channelId,
        userId,
        name,
        ...(options ? { options } : {}),
        ...(subcommand ? { subcommand } : {}),
      });
    const problems = new Set<string>();
    const check = (r: Reply) => {
      const why = refused(r);
      if (why) problems.add(why);
      return r;
    };
    await slash(ref, "campaign", { system: "third-age", name: "Bench" }, "start");
    let last: Reply | null = null;
    const roll = await timeEach(
      bot.settled,
      n,
      async () => (last = check(await slash(alice, "roll", { dice: "1d20+5" }))),
      undefined,
      warmUp,
    );
    const again = (last as Reply | null)!;
    const againId = JSON.stringify(again.message.components).match(/"custom_id":"(roll:again:\d+)"/)?.[1];
    if (!againId) throw new Error("no Roll again button on the /roll answer");
    const press = await timeEach(
      bot.settled,
      n,
      async () => check(await local.press({ messageId: again.message.id, customId: againId, userId: alice })),
      undefined,
      warmUp,
    );
    await slash(
      ref,
      "character",
      { name: "Alda", sheet: "body=2 hp=20 successAC=14 stamina=3 weapons=longsword:1d8" },
      "create",
    );
    await slash(ref, "encounter", { name: "Dummies", monsters: "Dummy", stats: "hp=999 successAC=18" }, "start");
    await slash(ref, "initiative");
    // The referee plays Alda and heals the dummy now and then; the override lets every attack through the round's allowance: each one is a real attack.
    const heal = async (i: number) =>
      i % 100 === 99 ? slash(ref, "heal", { target: "Dummy", amount: 999 }) : undefined;
    const attack = await timeEach(
      bot.settled,
      n,
      async () => check(await slash(ref, "attack", { target: "Dummy", attacker: "Alda", override: true })),
      heal,
      warmUp,
    );
    const app = bot.app;
    if (process.env.BENCH_TRACE && app) {
      const show = async (what: string, fn: () => Promise<unknown>) => {
        const seen: string[] = [];
        app.services.store.counts.trace = (sql) => void seen.push(sql.slice(0, 160));
        await fn();
        await idle(app);
        app.services.store.counts.trace = undefined;
        console.log(`-- ${what}: ${seen.length} statements\n  ${seen.join("\n  ")}`);
      };
      await show("/roll", () => slash(ref, "roll", { dice: "1d20+5" }));
      await show("press", () => local.press({ messageId: again.message.id, customId: againId, userId: alice }));
      await show("/attack", () => slash(ref, "attack", { target: "Dummy", attacker: "Alda", override: true }));
    }
    const mem = await bot.memory();
    await bot.stop();
    // The bare reply again, after the paths: the ratios are against both runs, so a machine that got busier
    // (or quieter) in between moves the baseline with the paths instead of skewing their ratios.
    const after = await baseline(local, guildId, channelId, ref, Math.min(n, 1000), apart);
    const both = [...base.samples, ...after.samples];
    const bracketed: Timed = {
      ...stats(both),
      samples: both,
      statements: 0,
      transactions: 0,
      roundTrips: 0,
      cpu: (base.cpu + after.cpu) / 2,
      ownCpu: (base.ownCpu + after.ownCpu) / 2,
    };
    const result = {
      engine,
      start: stats(startMs),
      baseline: bracketed,
      roll,
      press,
      attack,
      problems: [...problems],
      apart,
      rssMiB: mem.rss / 2 ** 20,
      heapMiB: mem.heapUsed / 2 ** 20,
    };
    if (opts.print) print(result);
    return result;
  } finally {
    await local.stop();
    dbs.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(r: Awaited<ReturnType<typeof runBotBench>>) {
  const f = (x: number) => x.toFixed(2).padStart(8);
  const row = (name: string, s: Stats | Timed, ratio = true) =>
    console.log(
      `${name.padEnd(22)} ${String(s.n).padStart(5)} ${f(s.median)} ${f(s.p95)} ${f(s.p99)}` +
        (ratio
          ? `   ×${(s.median / r.baseline.median).toFixed(1)} / ×${(s.p99 / r.baseline.p99).toFixed(1)}`.padEnd(18)
          : "".padEnd(18)) +
        ("statements" in s
          ? `${(ratio ? s.statements.toFixed(1) : "").padStart(6)} ${(ratio ? s.transactions.toFixed(1) : "").padStart(4)} ${(ratio ? s.roundTrips.toFixed(1) : "").padStart(5)} ${s.cpu.toFixed(2).padStart(7)} ×${(s.cpu / r.baseline.cpu).toFixed(1).padEnd(4)}` +
            (r.apart ? ` ${s.ownCpu.toFixed(2).padStart(6)} ×${(s.ownCpu / r.baseline.ownCpu).toFixed(1)}` : "")
          : ""),
    );
  console.log(
    `${"".padEnd(22)} ${"n".padStart(5)} ${"median".padStart(8)} ${"p95".padStart(8)} ${"p99".padStart(8)}   ×bare med/p99    SQL/op tx/op RT/op  cpu/op ×bare${r.apart ? "  own cpu ×bare" : ""}   [ms]`,
  );
  row("start → ready", r.start, false);
  row("baseline (bare client)", r.baseline, false);
  row("/roll round trip", r.roll);
  row("/attack round trip", r.attack);
  row("button press (again)", r.press);
  if (r.problems.length) console.log(`refusals seen (not the measured path): ${r.problems.join(" | ")}`);
  console.log(
    `memory after the run: rss ${r.rssMiB.toFixed(0)} MiB, heap ${r.heapMiB.toFixed(0)} MiB (${r.apart ? "the bot's own process" : "one process: bot, local Discord and driver"})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runBotBench({
    print: true,
    n: Number(process.env.BENCH_N ?? 1000),
    apart: !!process.env.APART,
    engine: process.env.BENCH_ENGINE === "postgresql" ? "postgresql" : "sqlite",
  });
}
