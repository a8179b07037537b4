/** npm run bench: every benchmark, each reported against a baseline run in the same process, then the targets. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBotBench } from "./bot.js";
import { runThroughputBench } from "./throughput.js";
import { runMemoryBench } from "./memory.js";
import { runBoardBench } from "./board.js";
import type { DiceBenchRow } from "./dice.js";
import { printVerdicts, verdicts } from "./targets.js";

const memoryOps = Number(process.env.MEMORY_OPS ?? 100_000);
console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")} (2 cores shared: figures are noisy, ratios are same-run)`,
);
console.log("== bot through the local Discord: latency, statements and transactions per interaction");
const bot = await runBotBench({ print: true, n: Number(process.env.BENCH_N ?? 1000) });
console.log("\n== the same on PostgreSQL (a throwaway server, fsync off: the engine and its round trips, not a disk)");
const onPg = await runBotBench({ print: true, n: Number(process.env.BENCH_N ?? 1000), engine: "postgresql" });
console.log("\n== the board per typed action, with 80 ms added to every request of the local Discord (issue 41)");
await runBoardBench({ print: true, n: Number(process.env.BOARD_N ?? 20), latencyMs: 80 });
console.log("\n== throughput: 100 encounters in 100 channels, /roll, Roll again, /attack and /next at once");
const load = await runThroughputBench({
  print: true,
  opsPerLevel: Number(process.env.THROUGHPUT_OPS ?? 3000),
  rates: [300],
  apart: true,
});
console.log(
  `\n== memory: the bot in its own process, 10,000 campaigns stored, MEMORY_OPS interactions (here ${memoryOps})`,
);
const memory = await runMemoryBench({ print: true, ops: memoryOps });
// Dice in a process of their own: in this one the compiler has shaped the dice code for the bot's
// rolls (and the bot's heap is large), and dice run first would shape it for the bot's timings.
console.log("\n== dice: parse and roll, ours vs @dice-roller/rpg-dice-roller (ops/s)");
const dir = mkdtempSync(join(tmpdir(), "tenfoot-dice-"));
const rowsFile = join(dir, "rows.json");
execFileSync(
  process.execPath,
  ["--expose-gc", "--import", "tsx", fileURLToPath(new URL("./dice.ts", import.meta.url))],
  { stdio: "inherit", env: { ...process.env, DICE_ROWS_FILE: rowsFile } },
);
const dice = JSON.parse(readFileSync(rowsFile, "utf8")) as DiceBenchRow[];
rmSync(dir, { recursive: true, force: true });
if (process.env.BENCH_SCALE === "1") {
  console.log("\n== many servers: 10,000 servers over 4 shard processes on PostgreSQL (BENCH_SCALE=1)");
  const { runServersBench, acrossMet } = await import("./servers.js");
  const res = await runServersBench({ print: true });
  const worstReady = Math.max(...res.shards.map((s) => s.readyMs));
  const worstRss = Math.max(...res.shards.map((s) => Math.max(s.rssReadyMiB, s.rssAfterMiB)));
  console.log(
    `ready ≤ 30 s per shard: ${(worstReady / 1000).toFixed(1)} s, ${worstReady <= 30_000 ? "met" : "NOT MET"}; RSS ≤ 200 MiB per shard: ${worstRss.toFixed(0)} MiB, ${worstRss <= 200 ? "met" : "NOT MET"}`,
  );
  console.log(
    `${res.rate.arriving}/s across the shards on one PostgreSQL, p99 ≤ 100 ms, nothing lost or doubled: ${res.rate.perSecond.toFixed(0)} answered a second, p99 ${res.rate.p99.toFixed(1)} ms, ${res.rate.problems.length} lost or doubled, ${acrossMet(res) ? "met" : "NOT MET"}`,
  );
}
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")}`,
);

console.log("\n== the targets, in this run");
const trips = (t: { statements: number; roundTrips: number }) =>
  `${t.statements.toFixed(1)} statements in ${t.roundTrips.toFixed(1)} round trips`;
console.log(
  `on PostgreSQL, per call: /roll ${trips(onPg.roll)}, /attack ${trips(onPg.attack)}, press ${trips(onPg.press)} (the board after an attack included)`,
);
const ratio = (name: string, s: { median: number; p99: number }, limit: number) => ({
  name,
  median: s.median / bot.baseline.median,
  p99: s.p99 / bot.baseline.p99,
  limit,
});
const rate = load.results.find((l) => l.rate);
printVerdicts(
  verdicts({
    latency: [
      ratio("/roll", bot.roll, 2),
      ratio("/attack", bot.attack, 3),
      ratio("button press", bot.press, 3),
      {
        name: "/roll on PostgreSQL",
        median: onPg.roll.median / onPg.baseline.median,
        p99: onPg.roll.p99 / onPg.baseline.p99,
        limit: 3,
      },
      {
        name: "/attack on PostgreSQL",
        median: onPg.attack.median / onPg.baseline.median,
        p99: onPg.attack.p99 / onPg.baseline.p99,
        limit: 3,
      },
      {
        name: "button press on PostgreSQL",
        median: onPg.press.median / onPg.baseline.median,
        p99: onPg.press.p99 / onPg.baseline.p99,
        limit: 3,
      },
    ],
    rate: rate ? { arriving: rate.rate!, answered: rate.perSecond, p99: rate.latency.p99 } : null,
    saturation: Math.max(...load.results.filter((l) => !l.rate).map((l) => l.perSecond)),
    rssMiB: memory.results.map((l) => l.rssMiB),
    interactions: memory.results.reduce((a, l) => a + l.ops, 0),
    storedCampaigns: memory.memory.storedCampaigns,
    dice,
    lost: load.problems.length + memory.problems.length,
  }),
);
