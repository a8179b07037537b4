/** Replays logged rolls from a revealed seed to show nothing was tampered with. */
import { DiceError } from "./errors.js";
import { rollCommand } from "./evaluate.js";
import { parseCommand } from "./parser.js";
import type { PartResult, RollOutcome } from "./result.js";
import { createStream } from "./stream.js";

export interface LoggedRoll {
  expression: string;
  faces: number[];
}

export interface ReplayEntry {
  index: number;
  expression: string;
  expected: number[];
  replayed: number[];
  ok: boolean;
  /** Why the expression could not be replayed at all. */
  error?: string;
}

/** Faces of every die drawn (dropped, exploded and rerolled ones too), in draw order. */
export function facesOf(result: RollOutcome | PartResult): number[] {
  const parts = "parts" in result ? result.parts : [result];
  const faces: number[] = [];
  for (const p of parts) for (const d of p.dice) faces.push(d.value);
  return faces;
}

/**
 * Re-evaluates each logged expression, in order, on a fresh stream from
 * `seed` and compares the faces drawn. Once an entry fails to evaluate the
 * stream position is unknown, so later entries are still replayed but will
 * most likely mismatch too.
 */
export function replay(seed: string, entries: readonly LoggedRoll[]): ReplayEntry[] {
  const stream = createStream(seed);
  return entries.map((e, index) => {
    let replayed: number[] = [];
    let error: string | undefined;
    try {
      replayed = facesOf(rollCommand(parseCommand(e.expression), stream));
    } catch (err) {
      if (!(err instanceof DiceError)) throw err;
      error = err.message;
    }
    const ok = error === undefined && sameFaces(e.faces, replayed);
    const entry: ReplayEntry = { index, expression: e.expression, expected: e.faces.slice(), replayed, ok };
    if (error !== undefined) entry.error = error;
    return entry;
  });
}

function sameFaces(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
