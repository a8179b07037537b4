/**
 * The bot alone in its own process, as production runs it (node on the built dist/, see
 * scripts/build.mjs), for measuring its own memory: started with the environment it is given,
 * it answers "memory" (after a collection when run with --expose-gc), "inFlight", "settled" (once
 * nothing is in flight: the store's counts and the CPU used) and "stop" over the IPC channel. Used by bench/throughput.ts when the bot runs apart.
 */
import pino from "pino";
import { startApp } from "../dist/src/app.js";
import { fixedSeeds } from "../dist/src/play/services.js";

import { readFileSync } from "node:fs";

/** Resident memory by mapping (Linux), largest first: what the RSS is made of. */
function smaps() {
  const agg = new Map();
  let cur = "";
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const m = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) cur = (m[2] || "[anon]").replace(/.*node_modules\//, "") + (m[1].includes("x") ? " (code)" : "");
    const r = /^Rss:\s+(\d+) kB/.exec(line);
    if (r) agg.set(cur, (agg.get(cur) ?? 0) + Number(r[1]) / 1024);
  }
  return [...agg]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, v]) => `${v.toFixed(1)} MiB ${k}`)
    .join("; ");
}

const app = await startApp(process.env, {
  log: pino({ level: "silent" }),
  newSeed: fixedSeeds("apart"),
  sweepEveryMs: 0,
});
process.on("message", async (m) => {
  if (m.op === "memory") {
    globalThis.gc?.();
    const u = process.memoryUsage();
    process.send({
      op: "memory",
      rss: u.rss,
      heapUsed: u.heapUsed,
      heapTotal: u.heapTotal,
      inFlight: app.bot.router.inFlight(),
      ...(process.env.BENCH_SMAPS ? { smaps: smaps() } : {}),
    });
  } else if (m.op === "inFlight") {
    const c = process.cpuUsage();
    process.send({ op: "inFlight", inFlight: app.bot.router.inFlight(), cpuMs: (c.user + c.system) / 1000 });
  } else if (m.op === "settled") {
    // Awaits the handlers themselves: a spin here would count as the bot's CPU while a handler waits on Discord.
    await app.bot.router.settled();
    const c = process.cpuUsage();
    const { statements, transactions, roundTrips } = app.services.store.counts;
    process.send({ op: "settled", statements, transactions, roundTrips, cpuMs: (c.user + c.system) / 1000 });
  } else if (m.op === "stop") {
    await app.stop();
    process.send({ op: "stopped" });
    process.exit(0);
  }
});
process.send({ op: "ready" });
