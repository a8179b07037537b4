/**
 * A surprise range on a d6 ("on 1–2") and the referee's bonus or penalty to a side's surprise roll, the same in
 * every system that rolls one: a bonus helps the side it is given to, and a range that becomes empty says so.
 */
import { signed } from "./numbers.js";

/** A range 1..n on a d6, kept to 0..6 (0: no number does it). */
export const clampRange = (n: number): number => Math.max(0, Math.min(6, n));

/** "on 1–4", "on 1", "never". */
export const onRange = (n: number): string => (n <= 0 ? "never" : n === 1 ? "on 1" : `on 1–${Math.min(n, 6)}`);

/** "bonus +2", "penalty −2" (`minus`: the sign the system's lines use). */
export const bonusWords = (m: number, minus: "-" | "−" = "−"): string =>
  `${m >= 0 ? "bonus" : "penalty"} ${signed(m, minus)}`;

/**
 * A range of `base` moved by the referee's modifier: `shift` is +1 when a bonus widens the range (the range on
 * which this side surprises the other), −1 when it narrows it (the range on which this side is surprised).
 * `words`: "on 1–2", or with a modifier "on 1–2, bonus +2 → on 1–4" / "on 1–2, bonus +2 → never".
 */
export function modifiedRange(base: number, modifier: number, shift: 1 | -1, minus: "-" | "−" = "−"): SurpriseRange {
  const from = clampRange(base);
  const range = clampRange(from + shift * modifier);
  return {
    range,
    modified: modifier !== 0,
    words: modifier ? `${onRange(from)}, ${bonusWords(modifier, minus)} → ${onRange(range)}` : onRange(from),
  };
}

export interface SurpriseRange {
  range: number;
  modified: boolean;
  words: string;
}

/**
 * A side's own die against the range it is surprised on: "rolled 3, surprised on 1–4: surprised", "rolled 3,
 * surprised on 1–2: not surprised", "rolled 3: cannot be surprised (surprised on 1–2, bonus +2 → never)".
 */
export function rolledAgainst(v: number, on: SurpriseRange): string {
  if (on.range === 0) return `rolled ${v}: cannot be surprised${on.modified ? ` (surprised ${on.words})` : ""}`;
  return `rolled ${v}, surprised ${on.words}: ${v <= on.range ? "surprised" : "not surprised"}`;
}
