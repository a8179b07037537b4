/** Damage dice: parsing, halfswording's one-size-smaller die, impaired/enhanced rolls. */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import { DIE_PATTERN } from "./sheet.js";

export interface DieSpec {
  count: number;
  sides: number;
}

export function parseDie(text: string): DieSpec | undefined {
  const m = DIE_PATTERN.exec(text.trim());
  if (!m) return undefined;
  return { count: m[1] ? Number(m[1]) : 1, sides: Number(m[2]) };
}

export const formatDie = (d: DieSpec) => `${d.count > 1 ? d.count : ""}d${d.sides}`;

/** The die ladder for "one dice size less" (seed 004, "Actions and Modifiers", Halfswording). */
export const DIE_LADDER = [2, 3, 4, 6, 8, 10, 12] as const;
export function stepDown(d: DieSpec): DieSpec {
  const i = DIE_LADDER.indexOf(d.sides as (typeof DIE_LADDER)[number]);
  return { count: d.count, sides: i > 0 ? DIE_LADDER[i - 1]! : d.sides };
}

export type Edge = "none" | "impaired" | "enhanced";

export interface DamageRoll {
  total: number;
  /** Faces of the kept roll (for the enchanted double six). */
  kept: number[];
  rolls: DiceRoll[];
}

/**
 * Roll a damage die. Impaired/enhanced roll it twice and keep the lower /
 * higher result (2d6 keep lower/higher for a d6, seed 004 "Actions and
 * Modifiers"): one die as `2dXkl1`, several dice as two rolls with the
 * discarded one struck through.
 */
export function rollDamage(bag: DiceBag, label: string, die: DieSpec, edge: Edge, bonus = 0): DamageRoll {
  const mark = bag.log.length;
  if (edge === "none") {
    const r = bag.roll(label, die.count, die.sides, bonus ? { modifier: bonus } : {});
    return { total: r.total, kept: r.dice.map((d) => d.value), rolls: bag.since(mark) };
  }
  const keep = edge === "impaired" ? "lowest" : "highest";
  const tag = edge === "impaired" ? "impaired" : "enhanced";
  if (die.count === 1) {
    const r = bag.roll(`${label} (${tag})`, 2, die.sides, { keep, ...(bonus ? { modifier: bonus } : {}) });
    const keptDie = r.dice.find((d) => !d.dropped)!;
    return { total: r.total, kept: [keptDie.value], rolls: bag.since(mark) };
  }
  const a = bag.roll(`${label} (${tag}, first)`, die.count, die.sides, bonus ? { modifier: bonus } : {});
  const b = bag.roll(`${label} (${tag}, second)`, die.count, die.sides, bonus ? { modifier: bonus } : {});
  const aWins = edge === "enhanced" ? a.total >= b.total : a.total <= b.total;
  const [win, lose] = aWins ? [a, b] : [b, a];
  lose.dice.forEach((d) => (d.dropped = true));
  lose.label += " — dropped";
  return { total: win.total, kept: win.dice.map((d) => d.value), rolls: bag.since(mark) };
}
