/**
 * A shard's heartbeat to its manager: every second, the longest its event loop was held up
 * since the last beat (node's own event-loop delay histogram). A loop blocked for a minute
 * sends nothing meanwhile: the manager counts that silence as delay too (src/shards.ts).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

export const BEAT_MS = 1000;

export interface Beat {
  kind: "beat";
  /** The longest event-loop delay since the last beat, in milliseconds. */
  delayMs: number;
}

/** Starts beating into `send`; returns a function that stops. Never keeps the process alive. */
export function startBeats(send: (beat: Beat) => void, everyMs = BEAT_MS): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  const timer = setInterval(() => {
    const delayMs = Math.round(histogram.max / 1e6);
    histogram.reset();
    send({ kind: "beat", delayMs });
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}
