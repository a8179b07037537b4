/**
 * The bot's latency through the local Discord, in one process:
 * - start to ready (store opened and migrated, gateway ready, commands registered), fresh database each time;
 * - /roll, /attack and a button press ("Roll again") round trips (dispatch of the interaction to the bot's
 *   answer), n sequential each after 200 untimed (the compiler warmed to the path), with the SQL statements and transactions each one ran (counted at the driver
 *   adapter, in this process, after the handler finished);
 * - baseline: a bare discord.js client answering a slash command with a fixed reply, through the same
 *   local Discord. Ratios are against it, so the figures travel between machines.
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
  /** Process CPU time (user + system) per call, in ms: bot and local Discord together; steadier than wall time on a shared machine. */
  cpu: number;
}

async function idle(app: App): Promise<void> {
  while (app.bot.router.inFlight() > 0) await new Promise((r) => setImmediate(r));
}

/** `between` runs after each call, untimed and uncounted (keeping the dummy alive). */
/** Untimed calls first, so the compiler has warmed to each path before it is timed (the bare reply's too). */
export const WARM_UP = 200;

async function timeEach(app: App | null, n: number, fn: (i: number) => Promise<unknown>, between?: (i: number) => Promise<unknown>): Promise<Timed> {
  for (let i = 0; i < WARM_UP; i++) {
    await fn(n + i);
    await between?.(n + i);
  }
  // Each path starts from a collected heap: the garbage of what ran before (five starts, the last path) is not its cost.
  (globalThis as { gc?: () => void }).gc?.();
  const out: number[] = [];
  let statements = 0;
  let transactions = 0;
  let cpu = 0;
  for (let i = 0; i < n; i++) {
    const u0 = process.cpuUsage();
    const c0 = app ? { ...app.services.store.counts } : null;
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
    if (app && c0) {
      await idle(app);
      statements += app.services.store.counts.statements - c0.statements;
      transactions += app.services.store.counts.transactions - c0.transactions;
    }
    const u = process.cpuUsage(u0);
    cpu += (u.user + u.system) / 1000;
    await between?.(i);
  }
  return { ...stats(out), statements: statements / n, transactions: transactions / n, cpu: cpu / n };
}

function refused(r: Reply): string | null {
  return r.ephemeral ? r.message.content : null;
}

async function baseline(local: LocalDiscord, guildId: string, channelId: string, userId: string, n: number): Promise<Timed> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: local.apiUrl } });
  const ready = new Promise<void>((r) => client.once(Events.ClientReady, () => r()));
  await client.login(TOKEN);
  await ready;
  await client.application!.commands.set([{ name: "ping", description: "baseline" }], guildId);
  client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void i.reply({ content: "pong" });
  });
  const times = await timeEach(null, n, () => local.slash({ guildId, channelId, userId, name: "ping" }));
  await client.destroy();
  return times;
}

export async function runBotBench(opts: { n?: number; starts?: number; print?: boolean } = {}) {
  const n = opts.n ?? 1000;
  const starts = opts.starts ?? 5;
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-bench-"));
  const local = await LocalDiscord.start({ port: 0, token: TOKEN });
  const guildId = local.createGuild("Bench").id;
  const channelId = local.createChannel(guildId, "table").id;
  const ref = local.createUser("referee").id;
  const alice = local.createUser("alice").id;
  local.addMember(guildId, ref);
  local.addMember(guildId, alice);
  const env = (k: number) => ({ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: local.apiUrl, DATABASE_URL: `file:${join(dir, `bench-${k}.db`)}`, LOG_LEVEL: "silent" });
  try {
    // The baseline runs alone on the gateway (the bot would answer its interactions too).
    const base = await baseline(local, guildId, channelId, ref, Math.min(n, 1000));
    const startMs: number[] = [];
    for (let k = 0; k < starts; k++) {
      const app = await startApp(env(k), { log: silent, newSeed: fixedSeeds("bench"), sweepEveryMs: 0 });
      startMs.push(app.readyMs);
      if (k < starts - 1) {
        await app.stop();
        continue;
      }
      const slash = (userId: string, name: string, options?: Record<string, string | number | boolean>, subcommand?: string) =>
        local.slash({ guildId, channelId, userId, name, ...(options ? { options } : {}), ...(subcommand ? { subcommand } : {}) });
      const problems = new Set<string>();
      const check = (r: Reply) => {
        const why = refused(r);
        if (why) problems.add(why);
        return r;
      };
      await slash(ref, "campaign", { system: "third-age", name: "Bench" }, "start");
      let last: Reply | null = null;
      const roll = await timeEach(app, n, async () => (last = check(await slash(alice, "roll", { dice: "1d20+5" }))));
      const again = (last as Reply | null)!;
      const againId = JSON.stringify(again.message.components).match(/"custom_id":"(roll:again:\d+)"/)?.[1];
      if (!againId) throw new Error("no Roll again button on the /roll answer");
      const press = await timeEach(app, n, async () => check(await local.press({ messageId: again.message.id, customId: againId, userId: alice })));
      await slash(ref, "character", { name: "Alda", sheet: "body=2 hp=20 successAC=14 stamina=3 weapons=longsword:1d8" }, "create");
      await slash(ref, "encounter", { name: "Dummies", monsters: "Dummy", stats: "hp=999 successAC=18" }, "start");
      await slash(ref, "initiative");
      // The referee plays Alda and heals the dummy now and then; the override lets every attack through the round's allowance: each one is a real attack.
      const heal = async (i: number) => (i % 100 === 99 ? slash(ref, "heal", { target: "Dummy", amount: 999 }) : undefined);
      const attack = await timeEach(app, n, async () => check(await slash(ref, "attack", { target: "Dummy", attacker: "Alda", override: true })), heal);
      if (process.env.BENCH_TRACE) {
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
      const mem = process.memoryUsage();
      await app.stop();
      const result = { start: stats(startMs), baseline: base, roll, press, attack, problems: [...problems], rssMiB: mem.rss / 2 ** 20, heapMiB: mem.heapUsed / 2 ** 20 };
      if (opts.print) print(result);
      return result;
    }
    throw new Error("unreachable");
  } finally {
    await local.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(r: Awaited<ReturnType<typeof runBotBench>>) {
  const f = (x: number) => x.toFixed(2).padStart(8);
  const row = (name: string, s: Stats | Timed, ratio = true) =>
    console.log(
      `${name.padEnd(22)} ${String(s.n).padStart(5)} ${f(s.median)} ${f(s.p95)} ${f(s.p99)}` +
        (ratio ? `   ×${(s.median / r.baseline.median).toFixed(1)} / ×${(s.p99 / r.baseline.p99).toFixed(1)}`.padEnd(18) : "".padEnd(18)) +
        ("statements" in s ? `${(ratio ? s.statements.toFixed(1) : "").padStart(6)} ${(ratio ? s.transactions.toFixed(1) : "").padStart(4)} ${s.cpu.toFixed(2).padStart(7)} ×${(s.cpu / r.baseline.cpu).toFixed(1)}` : ""),
    );
  console.log(`${"".padEnd(22)} ${"n".padStart(5)} ${"median".padStart(8)} ${"p95".padStart(8)} ${"p99".padStart(8)}   ×bare med/p99    SQL/op tx/op  cpu/op ×bare   [ms]`);
  row("start → ready", r.start, false);
  row("baseline (bare client)", r.baseline, false);
  row("/roll round trip", r.roll);
  row("/attack round trip", r.attack);
  row("button press (again)", r.press);
  if (r.problems.length) console.log(`refusals seen (not the measured path): ${r.problems.join(" | ")}`);
  console.log(`memory after the run: rss ${r.rssMiB.toFixed(0)} MiB, heap ${r.heapMiB.toFixed(0)} MiB`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runBotBench({ print: true, n: Number(process.env.BENCH_N ?? 1000) });
}
