/**
 * Seeded, resumable random streams (seedrandom's ARC4). The rules layer never
 * gathers entropy itself: callers pass bytes (from node:crypto) to newSeed().
 */
import { createHash } from "node:crypto";
import seedrandom from "seedrandom";
import type { RandomSource } from "./random.js";

/** JSON-serialisable snapshot of a stream: restore with createStream(seed, state). */
export interface StreamState {
  prng: seedrandom.State.Arc4;
  draws: number;
}

export interface Stream extends RandomSource {
  /** Floats drawn so far (including draws before a restore). */
  readonly draws: number;
  save(): StreamState;
}

export function createStream(seed: string, saved?: StreamState): Stream {
  // seedrandom copies the state it is given, so the caller's snapshot stays intact.
  const prng = seedrandom(seed, { state: saved?.prng ?? true });
  let draws = saved?.draws ?? 0;
  return {
    next() {
      draws++;
      return prng();
    },
    get draws() {
      return draws;
    },
    save() {
      const st = prng.state();
      return { prng: { i: st.i, j: st.j, S: st.S.slice() }, draws };
    },
  };
}

/** A seed string (lowercase hex) from caller-supplied random bytes (at least 16). */
export function newSeed(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new RangeError(`newSeed needs at least 16 random bytes, got ${bytes.length}`);
  let hex = "";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return hex;
}

/** Publishable commitment to a seed: hex SHA-256 of its UTF-8 bytes. */
export function commitment(seed: string): string {
  return createHash("sha256").update(seed, "utf8").digest("hex");
}
