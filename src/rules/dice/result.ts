/** What a roll produces: plain JSON-serialisable data, enough to render and replay. */

/** One die as it fell. Dice are listed in the order they were drawn. */
export interface DieRecord {
  sides: number;
  value: number;
  /** Counts toward the group's value (false for dropped and rerolled dice). */
  kept: boolean;
  /** Removed by keep/drop. */
  dropped?: boolean;
  /** This die caused an explosion: the next die of its group came from it. */
  exploded?: boolean;
  /** This die was replaced by a reroll: the next die of its group replaced it. */
  rerolled?: boolean;
  /** Counted as a success (success counting). */
  success?: boolean;
  /** Counted as a failure (success counting with `f`). */
  failure?: boolean;
}

/** One dice term of an expression ("4d6kh3"), as rolled. */
export interface GroupResult {
  /** Canonical notation ("4d6kh3"). */
  notation: string;
  count: number;
  sides: number;
  /** Its dice are `part.dice.slice(start, end)`. */
  start: number;
  end: number;
  /** Sum of kept dice, or successes − failures when counting successes. */
  value: number;
  /** True when the term counts successes instead of summing faces. */
  counting: boolean;
  /** Where `notation` sits in `part.expression`: [from, to). */
  span: [number, number];
}

export interface PartResult {
  label?: string;
  /** Canonical expression ("4d6kh3 + 5"), without label or repeat prefix. */
  expression: string;
  total: number;
  /** Every die drawn for this part, in draw order. */
  dice: DieRecord[];
  groups: GroupResult[];
  /** For `6x 3d6`: which repeat this is (1-based) and how many there are. */
  repeat?: { index: number; of: number };
}

export interface RollOutcome {
  input: string;
  parts: PartResult[];
  /** Dice drawn for the whole command, counting explosions and rerolls. */
  diceRolled: number;
}
