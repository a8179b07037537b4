import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import { RuleError } from "../types.js";
import { DICE_RE } from "./sheet.js";

export interface DiceExpr {
  count: number;
  sides: number;
  modifier: number;
}

/** "1d8" → {1, 8, 0}; "3" → a flat 3 (count 0). Throws RuleError for anything else. */
export function parseDice(expr: string): DiceExpr {
  const m = DICE_RE.exec(expr);
  if (!m) throw new RuleError(`"${expr}" is not a damage die: write dice like 1d8, 1d6+1 or 2d4`);
  if (m[4] !== undefined) return { count: 0, sides: 0, modifier: Number(m[4]) };
  const count = m[1] ? Number(m[1]) : 1;
  const sides = Number(m[2]);
  if (count < 1 || count > 20 || sides < 2 || sides > 100) throw new RuleError(`"${expr}": use 1 to 20 dice of 2 to 100 sides`);
  return { count, sides, modifier: m[3] ? Number(m[3].replace(/\s+/g, "")) : 0 };
}

export function isDiceExpr(expr: string): boolean {
  return DICE_RE.test(expr);
}

/** Rolls a parsed expression with an extra modifier; a flat number rolls no dice. */
export function rollExpr(bag: DiceBag, label: string, e: DiceExpr, extra = 0): DiceRoll {
  if (e.count === 0) {
    const r: DiceRoll = { label, notation: String(e.modifier + extra), dice: [], modifier: e.modifier + extra, total: e.modifier + extra };
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

export const signed = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`);
