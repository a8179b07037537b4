/**
 * The bot's latency through the local Discord, in one process:
 * - start to ready (store opened and migrated, gateway ready, commands registered), fresh database each time;
 * - /roll and /attack round trips (dispatch of the interaction to the bot's answer), 1,000 sequential each;
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
import { startApp } from "../src/app.js";
import { fixedSeeds } from "../src/play/services.js";

const TOKEN = "bench.bot.token";
const silent = pino({ level: "silent" });

export interface Stats {
  n: number;
  median: number;
  p95: number;
  p99: number;
  mean: number;
}

function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { n: s.length, median: at(0.5), p95: at(0.95), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

async function baseline(local: LocalDiscord, guildId: string, channelId: string, userId: string, n: number): Promise<number[]> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: local.apiUrl } });
  const ready = new Promise<void>((r) => client.once(Events.ClientReady, () => r()));
  await client.login(TOKEN);
  await ready;
  await client.application!.commands.set([{ name: "ping", description: "baseline" }], guildId);
  client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void i.reply({ content: "pong" });
  });
  const times = await timeEach(n, () => local.slash({ guildId, channelId, userId, name: "ping" }));
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
      if (k < starts - 1) await app.stop();
      else {
        const slash = (userId: string, name: string, options?: Record<string, string | number | boolean>, subcommand?: string) =>
          local.slash({ guildId, channelId, userId, name, ...(options ? { options } : {}), ...(subcommand ? { subcommand } : {}) });
        await slash(ref, "campaign", { system: "third-age", name: "Bench" }, "start");
        const roll = await timeEach(n, () => slash(alice, "roll", { dice: "1d20+5" }));
        await slash(alice, "character", { name: "Alda", sheet: "body=2 hp=20 successAC=14 stamina=3 weapons=longsword:1d8" }, "create");
        await slash(ref, "encounter", { name: "Dummies", monsters: "Dummy", stats: "hp=999 successAC=18" }, "start");
        await slash(ref, "initiative");
        const attack = await timeEach(n, () => slash(alice, "attack", { target: "Dummy" }));
        const mem = process.memoryUsage();
        await app.stop();
        const result = { start: stats(startMs), baseline: stats(base), roll: stats(roll), attack: stats(attack), rssMiB: mem.rss / 2 ** 20, heapMiB: mem.heapUsed / 2 ** 20 };
        if (opts.print) print(result);
        return result;
      }
    }
    throw new Error("unreachable");
  } finally {
    await local.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(r: Awaited<ReturnType<typeof runBotBench>>) {
  const f = (x: number) => x.toFixed(2).padStart(8);
  const row = (name: string, s: Stats, ratio = true) =>
    console.log(
      `${name.padEnd(22)} ${String(s.n).padStart(5)} ${f(s.median)} ${f(s.p95)} ${f(s.p99)}` +
        (ratio ? `   ×${(s.median / r.baseline.median).toFixed(1)} / ×${(s.p99 / r.baseline.p99).toFixed(1)}` : ""),
    );
  console.log(`${"".padEnd(22)} ${"n".padStart(5)} ${"median".padStart(8)} ${"p95".padStart(8)} ${"p99".padStart(8)}   vs baseline (median / p99)   [ms]`);
  row("start → ready", r.start, false);
  row("baseline (bare client)", r.baseline, false);
  row("/roll round trip", r.roll);
  row("/attack round trip", r.attack);
  console.log(`memory after the run: rss ${r.rssMiB.toFixed(0)} MiB, heap ${r.heapMiB.toFixed(0)} MiB`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runBotBench({ print: true, n: Number(process.env.BENCH_N ?? 1000) });
}
