import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import { RuleError } from "../types.js";
import { DICE_RE } from "./sheet.js";
import { parseDamage, type DamageDice } from "../../dice/damage.js";

export type DiceExpr = DamageDice;

/** "1d8" → {1, 8, 0}; "3" → a flat 3 (count 0). Throws RuleError for anything else. */
export function parseDice(expr: string): DiceExpr {
  const d = parseDamage(expr);
  if (!d) throw new RuleError(`"${expr}" is not a damage die: write dice like 1d8, 1d6+1 or 2d4`);
  if (d.count === 0) return d;
  if (d.count < 1 || d.count > 20 || d.sides < 2 || d.sides > 100)
    throw new RuleError(`"${expr}": use 1 to 20 dice of 2 to 100 sides`);
  return d;
}

export function isDiceExpr(expr: string): boolean {
  return DICE_RE.test(expr);
}

/** Rolls a parsed expression with an extra modifier; a flat number rolls no dice. */
export function rollExpr(bag: DiceBag, label: string, e: DiceExpr, extra = 0): DiceRoll {
  if (e.count === 0) {
    const r: DiceRoll = {
      label,
      notation: String(e.modifier + extra),
      dice: [],
      modifier: e.modifier + extra,
      total: e.modifier + extra,
    };
    bag.log.push(r);
    return r;
  }
  return bag.roll(label, e.count, e.sides, { modifier: e.modifier + extra });
}

/** "2d10 [7, 5] +3 = 15" for an embed line. */
export function showRoll(r: DiceRoll): string {
  const faces = r.dice.map((d) => (d.dropped ? `~~${d.value}~~` : String(d.value))).join(", ");
  const mod = r.modifier ? (r.modifier > 0 ? ` +${r.modifier}` : ` −${-r.modifier}`) : "";
  const base = r.dice.length ? r.notation.replace(/[+-]\d+$/, "") : "flat";
  return `${base} [${faces}]${mod} = ${r.total}`;
}

export { signed } from "../../numbers.js";
