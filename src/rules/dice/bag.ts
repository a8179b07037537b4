import { rollDie, type RandomSource } from "./random.js";

/** One die as it fell. `dropped` dice are shown struck through. */
export interface RolledDie {
  sides: number;
  value: number;
  dropped?: boolean;
}

/** A labelled group of dice a rule rolled, with its total (kept dice only, plus modifier). */
export interface DiceRoll {
  /** What the roll was for, in words: "attack", "damage", "surprise (party)". */
  label: string;
  /** The notation as a player would write it: "2d10+3", "2d6kl1". */
  notation: string;
  dice: RolledDie[];
  modifier: number;
  total: number;
  /**
   * The number a rule counts when it is not the dice's total (at least 1, half, × 2, a parry's −2), and why:
   * the dice line then reads "1d8-1 (1) = 0 → 1 (at least 1)", the same number as the line that uses it.
   */
  counts?: { total: number; why: string };
}

/** Notes on a roll just made (`r` itself: it is what the result shows) the number its rule counts instead of its total. */
export function countAs(r: DiceRoll, total: number, why: string): DiceRoll {
  if (total !== r.total) r.counts = { total, why };
  else delete r.counts;
  return r;
}

/** A copy of a kept roll counting `total` (a reading made again from rolls kept: a reaction can change what counts). */
export function counting(r: DiceRoll, total: number, why: string): DiceRoll {
  const { counts: _was, ...rest } = r;
  return total === r.total ? rest : { ...rest, counts: { total, why } };
}

/** A copy of a kept roll with `extra` added to its modifier (bonuses its rule adds to the dice): "1d20 (16) = 16" → "1d20+2 (16) = 18". */
export function plus(r: DiceRoll, extra: number): DiceRoll {
  if (!extra) return r;
  const modifier = r.modifier + extra;
  const base = !r.dice.length ? "" : r.modifier ? r.notation.replace(/[+-]\d+$/, "") : r.notation;
  const notation = !r.dice.length
    ? String(modifier)
    : `${base}${modifier > 0 ? `+${modifier}` : modifier < 0 ? `${modifier}` : ""}`;
  return { ...r, modifier, notation, total: r.total + extra };
}

export interface RollOptions {
  modifier?: number;
  /** Keep only the highest / lowest `keepCount` dice (default 1). */
  keep?: "highest" | "lowest";
  keepCount?: number;
}

/**
 * The dice a rule uses. Every roll is recorded in `log` so that a result can
 * carry (and an embed show) every die it used.
 */
export class DiceBag {
  readonly log: DiceRoll[] = [];
  constructor(readonly source: RandomSource) {}

  /** Roll `count`d`sides` (+ modifier), optionally keeping highest/lowest. */
  roll(label: string, count: number, sides: number, opts: RollOptions = {}): DiceRoll {
    const modifier = opts.modifier ?? 0;
    const dice: RolledDie[] = [];
    for (let i = 0; i < count; i++) dice.push({ sides, value: rollDie(this.source, sides) });
    let notation = `${count}d${sides}`;
    if (opts.keep) {
      const k = opts.keepCount ?? 1;
      notation += `k${opts.keep === "highest" ? "h" : "l"}${k}`;
      const order = dice
        .map((d, i) => ({ d, i }))
        .sort((a, b) => (opts.keep === "highest" ? b.d.value - a.d.value : a.d.value - b.d.value) || a.i - b.i);
      for (const { d } of order.slice(k)) d.dropped = true;
    }
    if (modifier) notation += modifier > 0 ? `+${modifier}` : `${modifier}`;
    const total = dice.filter((d) => !d.dropped).reduce((s, d) => s + d.value, 0) + modifier;
    const roll: DiceRoll = { label, notation, dice, modifier, total };
    this.log.push(roll);
    return roll;
  }

  /** One die, recorded; returns its value. */
  d(label: string, sides: number): number {
    return this.roll(label, 1, sides).total;
  }

  /** Rolls recorded since `mark` (a previous `log.length`). */
  since(mark: number): DiceRoll[] {
    return this.log.slice(mark);
  }
}
