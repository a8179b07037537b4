/** Dice expressions ("1d8", "2d6+1", "d4") and the ability-score modifier tables B/X uses. */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import { RuleError } from "../types.js";
import { formatDamage, parseDamage, type DamageDice } from "../../dice/damage.js";
import { banded } from "../../numbers.js";

export type DiceExpr = DamageDice;

export const DICE_RE = /^\s*(\d*)d(\d+)(?:\s*([+-]\s*\d+))?\s*$/i;

/** Parse "1d8", "2d6+1", "d4-1"; returns undefined when it is not a dice expression. */
export function parseDice(expr: string): DiceExpr | undefined {
  const d = DICE_RE.test(expr) ? parseDamage(expr) : undefined;
  if (!d || d.count < 1 || d.count > 100 || d.sides < 2 || d.sides > 1000) return undefined;
  return d;
}

export function mustParseDice(expr: string, field = "damage"): DiceExpr {
  const d = parseDice(expr);
  if (!d) throw new RuleError(`${field} must be dice like 1d8 or 2d6+1 (got "${expr}")`);
  return d;
}

export function formatDice(d: DiceExpr): string {
  return formatDamage(d);
}

export function rollDice(bag: DiceBag, label: string, d: DiceExpr): DiceRoll {
  return bag.roll(label, d.count, d.sides, { modifier: d.modifier });
}

/**
 * The B/X ability modifier (STR to melee hit and damage, DEX to missile hit
 * and AC, CON to hit points): 3 → −3, 4–5 → −2, 6–8 → −1, 9–12 → 0,
 * 13–15 → +1, 16–17 → +2, 18 → +3. (Classic table; seed 002 refers to
 * "Ability Scores" without including it.)
 */
export function abilityModifier(score: number): number {
  return banded(
    score,
    [
      [3, -3],
      [5, -2],
      [8, -1],
      [12, 0],
      [15, 1],
      [17, 2],
    ],
    () => 3,
  );
}

/** The classic B/X DEX initiative modifier: 3 → −2, 4–8 → −1, 9–12 → 0, 13–17 → +1, 18 → +2. */
export function dexInitiativeModifier(dex: number): number {
  if (dex <= 3) return -2;
  if (dex <= 8) return -1;
  if (dex <= 12) return 0;
  if (dex <= 17) return 1;
  return 2;
}

/** Classic B/X CHA reaction modifier: 3 → −2, 4–8 → −1, 9–12 → 0, 13–17 → +1, 18 → +2. */
export function chaReactionModifier(cha: number): number {
  return dexInitiativeModifier(cha);
}

/** Classic B/X retainer loyalty adjustment by the employer's CHA: 3 → −3 … 18 → +3 (loyalty 4…10). */
export function chaLoyaltyModifier(cha: number): number {
  return abilityModifier(cha);
}

export { signed } from "../../numbers.js";
