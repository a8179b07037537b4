// Issue 32, point 8: what users type, fuzzed for a few seconds per parser. Each input must be read
// within a small bound and either succeed or throw the parser's own error (DiceError for dice,
// the rules' or the sheet's error for stat lines and sheets; the finder never throws). The targets
// run in a worker: an input that blocks the thread fails the test with that input instead of
// hanging the suite. TENFOOT_FUZZ_MS sets the time per target (default 2 s).
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";

const MS = Number(process.env.TENFOOT_FUZZ_MS ?? 2000);
const BOUND_MS = 250;
/** Start-up (tsx, the rules) takes seconds on a busy machine; a blocked input never ends. */
const GRACE_MS = 20_000;
const MAX_SHOWN = 600;

interface Outcome {
  ok: boolean;
  runs: number;
  slowest?: number;
  seconds?: number;
  message?: string;
}

let worker: { w: Worker; shared: SharedArrayBuffer; ready: Promise<unknown> } | null = null;
function start() {
  const shared = new SharedArrayBuffer(2 * (MAX_SHOWN + 1));
  const w = new Worker(new URL("../helpers/fuzz-worker.mjs", import.meta.url), {
    workerData: { ms: MS, boundMs: BOUND_MS, seed: 32, shared },
  });
  return { w, shared, ready: new Promise((resolve) => w.once("message", resolve)) };
}
afterAll(() => worker?.w.terminate());

async function fuzz(name: string): Promise<Outcome> {
  worker ??= start();
  const { w, shared, ready } = worker;
  const answer = new Promise<Outcome>((resolve, reject) => {
    const timer = setTimeout(() => {
      const cur = new Uint16Array(shared);
      const text = String.fromCharCode(...cur.subarray(1, 1 + cur[0]!));
      void w.terminate();
      worker = null;
      resolve({
        ok: false,
        runs: -1,
        message: `blocked for more than ${(MS + GRACE_MS) / 1000} s on: ${JSON.stringify(text)}`,
      });
    }, MS + GRACE_MS);
    ready.then(() => {
      w.once("message", (m: Outcome) => {
        clearTimeout(timer);
        resolve(m);
      });
      w.postMessage(name);
    }, reject);
    w.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  return answer;
}

describe("fuzzing what users type", () => {
  for (const name of ["dice parser", "free-text dice finder", "stat lines", "sheet text"]) {
    it(
      `${name}: every input returns within ${BOUND_MS} ms or throws the parser's own error`,
      async () => {
        const r = await fuzz(name);
        if (r.ok)
          console.log(
            `fuzz ${name}: ${r.runs} inputs in ${r.seconds!.toFixed(1)} s (${Math.round(r.runs / r.seconds!)}/s), slowest ${r.slowest!.toFixed(1)} ms`,
          );
        expect(r.message ?? "").toBe("");
        expect(r.ok).toBe(true);
        expect(r.runs).toBeGreaterThan(100);
      },
      MS + GRACE_MS + 10_000,
    );
  }
});
