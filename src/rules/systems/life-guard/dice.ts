/** Damage dice: parsing, halfswording's one-size-smaller die, impaired/enhanced rolls. */
import { countAs, type DiceBag, type DiceRoll } from "../../dice/bag.js";
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
  /** An impaired roll above what the weapon's own die can show, brought down to it. */
  capped?: { rolled: number; max: number };
}

/**
 * Roll a damage die. Impaired / enhanced follow the text's dice (seed 004,
 * "Actions and Modifiers": "rolling 2d6 and using the lower / higher result"):
 * a single weapon die gives way to 2d6 keep the lower / higher, and an impaired
 * roll never deals more than the weapon's own die could (an impaired d3 throw
 * stays at most 3). Damage of several dice (2d6 enchanted, oiled, a warband's)
 * is rolled twice, keeping the lower / higher total, the other struck through
 * (docs/rules/life-guard.md, "Impaired and enhanced dice").
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
    const r = bag.roll(`${label} (${tag}: 2d6, keep the ${edge === "impaired" ? "lower" : "higher"})`, 2, 6, {
      keep,
      ...(bonus ? { modifier: bonus } : {}),
    });
    const keptDie = r.dice.find((d) => !d.dropped)!;
    if (edge === "impaired" && keptDie.value > die.sides) {
      countAs(
        r,
        die.sides + bonus,
        `at most ${die.sides}${bonus ? ` ${bonus > 0 ? "+" : "−"} ${Math.abs(bonus)}` : ""}`,
      );
      return {
        total: die.sides + bonus,
        kept: [die.sides],
        rolls: bag.since(mark),
        capped: { rolled: keptDie.value, max: die.sides },
      };
    }
    return { total: r.total, kept: [keptDie.value], rolls: bag.since(mark) };
  }
  const a = bag.roll(`${label} (${tag}, first)`, die.count, die.sides, bonus ? { modifier: bonus } : {});
  const b = bag.roll(`${label} (${tag}, second)`, die.count, die.sides, bonus ? { modifier: bonus } : {});
  const aWins = edge === "enhanced" ? a.total >= b.total : a.total <= b.total;
  const [win, lose] = aWins ? [a, b] : [b, a];
  for (const d of lose.dice) d.dropped = true;
  lose.label += " — dropped";
  return { total: win.total, kept: win.dice.map((d) => d.value), rolls: bag.since(mark) };
}
