import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { Store } from "../store/client.js";

/**
 * What use cases need from the outside world, injected so tests control it:
 * the store, the time, and where fresh seeds come from.
 */
export interface Services {
  store: Store;
  log: Logger;
  now(): Date;
  /** A fresh secret seed for a campaign or encounter stream. */
  newSeed(): string;
}

export function defaultSeeds(): () => string {
  return () => randomBytes(16).toString("hex");
}

/** Seeds from a fixed list then counting on: for tests that need the numbers a seed gives. */
export function fixedSeeds(prefix = "test-seed"): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
