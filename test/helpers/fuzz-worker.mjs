// Runs the fuzz targets of fuzz-targets.ts this worker is asked for, each for `ms` milliseconds, and
// answers each with its count. The input being read is kept in shared memory, so the main thread can
// name it if the worker stops answering.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { default: fc } = await import("fast-check");
const { TARGETS } = await import("./fuzz-targets.ts");
const { ms, boundMs, seed, shared } = workerData;
const cur = new Uint16Array(shared);

function fuzz(target) {
  let runs = 0;
  let slowest = 0;
  const started = performance.now();
  try {
    fc.assert(
      fc.property(target.input, (text) => {
        cur[0] = Math.min(text.length, cur.length - 1);
        for (let i = 0; i < cur[0]; i++) cur[i + 1] = text.charCodeAt(i);
        const t0 = performance.now();
        try {
          target.run(text);
        } catch (err) {
          if (!target.allowed.some((E) => err instanceof E)) throw err;
        }
        const took = performance.now() - t0;
        runs++;
        slowest = Math.max(slowest, took);
        if (took > boundMs) throw new Error(`took ${Math.round(took)} ms (bound ${boundMs} ms)`);
      }),
      { seed, numRuns: 10_000_000, interruptAfterTimeLimit: ms, markInterruptAsFailure: false, endOnFailure: true },
    );
    return { ok: true, runs, slowest, seconds: (performance.now() - started) / 1000 };
  } catch (err) {
    return { ok: false, runs, message: String(err?.message ?? err).slice(0, 2000) };
  }
}

parentPort.on("message", (name) => parentPort.postMessage(fuzz(TARGETS[name])));
parentPort.postMessage("ready");
