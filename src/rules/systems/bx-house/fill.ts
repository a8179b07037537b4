/**
 * A new character filled in by the rules: B/X's (abilities 3d6 in order, hit
 * points by the class's hit die; bx's fill.ts; THAC0 is read from the class's
 * table by the sheet, thac0.ts, which counts these fighter types as fighters). Seed 001 rolls nothing of its own; what it changes is who counts as
 * a fighter ("COMBAT": "Fighters(INCLUDING Rangers, Barbarians, Dwarves,
 * Hobbits, Paladins, and Pirates)"): the fighter types B/X has no class for roll
 * and attack as fighters.
 */
import type { DiceBag } from "../../dice/bag.js";
import { bxFillSheet } from "../bx/fill.js";
import type { FilledSheet } from "../types.js";
import { R_COMBAT } from "./bonuses.js";

/** The house's fighter types B/X has no table for (dwarves and hobbits have B/X's own). */
export const HOUSE_FIGHTERS = ["ranger", "barbarian", "paladin", "pirate"];

export function houseFillSheet(typed: Record<string, unknown>, dice: DiceBag): FilledSheet {
  const cls = String(typed.class ?? "fighter")
    .trim()
    .toLowerCase();
  if (!HOUSE_FIGHTERS.includes(cls)) return bxFillSheet(typed, dice);
  const filled = bxFillSheet({ ...typed, class: "fighter" }, dice);
  if (!filled.filled.includes("hp")) return filled;
  const why = `A ${cls} is a fighter type (fighters include rangers, barbarians, dwarves, hobbits, paladins and pirates): a fighter's hit die and attack table.`;
  return {
    ...filled,
    result: { ...filled.result, lines: [why, ...filled.result.lines], rules: [R_COMBAT, ...filled.result.rules] },
  };
}
