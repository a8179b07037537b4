/** Dense probability distributions for exact odds, the work budget that bounds them, and a die's worth. */
import type { DiceNode } from "./ast.js";
import { matches } from "./ast.js";
import { diceError } from "./errors.js";

export const ODDS_LIMITS = {
  maxSupport: 100_000,
  maxRange: 1_000_000,
  maxWork: 30_000_000,
  maxExplodeDepth: 20,
} as const;

/** Dense distribution: P(min + i) = p[i]. */
export interface Dense {
  min: number;
  p: Float64Array;
}

export const point = (v: number): Dense => ({ min: v, p: Float64Array.of(1) });

/** The work an exact-odds computation may do, and its refusals: every step spends from it. */
export class Budget {
  private work = 0;

  constructor(private readonly input: string) {}

  refuse(message: string, pos?: number): never {
    throw diceError(this.input, message, pos);
  }

  spend(n: number, pos?: number): void {
    this.work += n;
    if (this.work > ODDS_LIMITS.maxWork) this.refuse("too much work to compute the exact odds", pos);
  }

  alloc(range: number, pos?: number): Float64Array {
    if (range > ODDS_LIMITS.maxRange) {
      this.refuse(`the results spread over too wide a range to list the exact odds`, pos);
    }
    return new Float64Array(range);
  }

  checked(d: Dense, pos?: number): Dense {
    if (d.p.length > ODDS_LIMITS.maxSupport) {
      let n = 0;
      for (const q of d.p) if (q > 0) n++;
      if (n > ODDS_LIMITS.maxSupport) {
        this.refuse(`too many possible results (over ${ODDS_LIMITS.maxSupport}) to list the exact odds`, pos);
      }
    }
    return d;
  }
}

/** What one die showing `v` is worth: its face, or +1 / −1 / 0 when counting successes. */
export function worth(node: DiceNode, v: number): number {
  if (!node.success) return v;
  if (matches(node.success, v)) return 1;
  if (node.failure && matches(node.failure, v)) return -1;
  return 0;
}

/** A die's face distribution mapped through its worth (face, or ±1/0 when counting). */
export function worthDist(node: DiceNode, faces: Float64Array, skip?: (v: number) => boolean): Dense {
  if (!node.success) {
    const p = new Float64Array(faces);
    if (skip) for (let v = 1; v <= faces.length; v++) if (skip(v)) p[v - 1] = 0;
    return { min: 1, p };
  }
  const p = new Float64Array(3); // worth −1, 0, +1
  for (let v = 1; v <= faces.length; v++) {
    if (skip?.(v)) continue;
    p[worth(node, v) + 1]! += faces[v - 1]!;
  }
  return { min: -1, p };
}

export function negate(d: Dense): Dense {
  const p = new Float64Array(d.p).reverse();
  return { min: 0 - (d.min + d.p.length - 1), p };
}

/** Values with non-zero probability, ascending. */
export function nonzero(d: Dense): number[] {
  const xs: number[] = [];
  for (let i = 0; i < d.p.length; i++) if (d.p[i]! > 0) xs.push(d.min + i);
  return xs;
}

/** Drops zero-probability values from both ends. */
export function trim(d: Dense): Dense {
  let a = 0;
  let b = d.p.length - 1;
  while (a < b && d.p[a] === 0) a++;
  while (b > a && d.p[b] === 0) b--;
  if (a === 0 && b === d.p.length - 1) return d;
  return { min: d.min + a, p: d.p.slice(a, b + 1) };
}
