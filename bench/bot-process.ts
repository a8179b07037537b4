/**
 * The bot alone in its own process, for measuring its own memory: started with the environment
 * it is given, it answers "memory" (after a collection when run with --expose-gc) and "stop"
 * over the IPC channel. Used by bench/throughput.ts when the bot runs apart.
 */
import pino from "pino";
import { startApp } from "../src/app.js";
import { fixedSeeds } from "../src/play/services.js";

const app = await startApp(process.env, { log: pino({ level: "silent" }), newSeed: fixedSeeds("apart"), sweepEveryMs: 0 });
process.on("message", async (m: { op: string }) => {
  if (m.op === "memory") {
    (globalThis as { gc?: () => void }).gc?.();
    const u = process.memoryUsage();
    process.send!({ op: "memory", rss: u.rss, heapUsed: u.heapUsed, inFlight: app.bot.router.inFlight() });
  } else if (m.op === "inFlight") process.send!({ op: "inFlight", inFlight: app.bot.router.inFlight() });
  else if (m.op === "stop") {
    await app.stop();
    process.send!({ op: "stopped" });
    process.exit(0);
  }
});
process.send!({ op: "ready" });
