/** npm run bench: every benchmark, each reported against a baseline run in the same process. */
import { runDiceBench } from "./dice.js";
import { runBotBench } from "./bot.js";

console.log("== dice: parse and roll, ours vs @dice-roller/rpg-dice-roller (ops/s)");
await runDiceBench({ print: true });
console.log("\n== bot through the local Discord");
await runBotBench({ print: true, n: Number(process.env.BENCH_N ?? 1000) });
