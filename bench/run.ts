/** npm run bench: every benchmark, each reported against a baseline run in the same process. */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runBotBench } from "./bot.js";
import { runThroughputBench } from "./throughput.js";
import { runMemoryBench } from "./memory.js";
import { loadavg } from "node:os";

console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(", ")} (2 cores shared: figures are noisy, ratios are same-run)`);
console.log("== bot through the local Discord: latency, statements and transactions per interaction");
await runBotBench({ print: true, n: Number(process.env.BENCH_N ?? 1000) });
console.log("\n== throughput: 100 encounters in 100 channels, /roll, Roll again, /attack and /next at once");
await runThroughputBench({ print: true, opsPerLevel: Number(process.env.THROUGHPUT_OPS ?? 3000), rates: [300], apart: true });
console.log(`\n== memory: the bot in its own process, 10,000 campaigns stored, MEMORY_OPS interactions (here ${process.env.MEMORY_OPS ?? 20_000})`);
await runMemoryBench({ print: true, ops: Number(process.env.MEMORY_OPS ?? 20_000) });
// Dice in a process of their own: in this one the compiler has shaped the dice code for the bot's
// rolls (and the bot's heap is large), and dice run first would shape it for the bot's timings.
console.log("\n== dice: parse and roll, ours vs @dice-roller/rpg-dice-roller (ops/s)");
execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", fileURLToPath(new URL("./dice.ts", import.meta.url))], { stdio: "inherit" });
console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(", ")}`);
