/**
 * Memory after many interactions with a store that has seen use: 10,000 campaigns stored,
 * then MEMORY_OPS mixed interactions (default 20,000) over 20 tables, 20 in flight.
 * The bot runs in its own process (bench/bot-process.mjs on the built dist/, with --expose-gc): the figures are the
 * bot's own, its heap measured after a collection.
 * Run: npx tsx bench/memory.ts
 */
import { pathToFileURL } from "node:url";
import { runThroughputBench } from "./throughput.js";

export async function runMemoryBench(opts: { ops?: number; storedCampaigns?: number; print?: boolean } = {}) {
  const ops = opts.ops ?? 20_000;
  const storedCampaigns = opts.storedCampaigns ?? 10_000;
  // Four quarters, the bot's memory after each: flat means bounded.
  const r = await runThroughputBench({
    channels: 20,
    levels: [20, 20, 20, 20],
    opsPerLevel: Math.ceil(ops / 4),
    storedCampaigns,
    apart: true,
  });
  if (opts.print) {
    const m = r.memory;
    let done = 0;
    for (const l of r.results) {
      done += l.ops;
      console.log(
        `after ${String(done).padStart(6)} interactions: rss ${l.rssMiB.toFixed(0)} MiB, heap ${l.heapMiB.toFixed(0)} MiB  (${l.perSecond.toFixed(0)}/s, p99 ${l.latency.p99.toFixed(1)} ms)`,
      );
    }
    console.log(`with ${m.storedCampaigns} campaigns stored:`);
    console.log(
      `rss ${m.rssMiB.toFixed(0)} MiB, heap ${m.heapMiB.toFixed(0)} MiB (the bot's own process); local Discord holds ${m.requests} requests, ${m.messages} messages`,
    );
    console.log(
      r.problems.length
        ? `LOST OR DOUBLED: ${r.problems.length}`
        : "exactly once: every answered interaction's effect is in the store once",
    );
  }
  return r;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runMemoryBench({ print: true, ops: Number(process.env.MEMORY_OPS ?? 20_000) });
}
