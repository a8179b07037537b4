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
      order.slice(k).forEach(({ d }) => (d.dropped = true));
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
