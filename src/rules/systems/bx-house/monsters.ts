/**
 * The foes seed 001 names, as B/X monsters (docs/rules/bx-house.md, "Monsters"),
 * and their hit points as each enters a fight: a unit of men a d6 a man ("Mass
 * Combat"), a Normal Man a d6 ("MISC COMBAT RULES": "their hit points are
 * determined by rolling a D6"), anything stronger d8s by its hit dice, as B/X.
 */
import { countAs, type DiceBag } from "../../dice/bag.js";
import { bxPresets, type BxSheet } from "../bx/index.js";
import { bxRollMonster, hitDiceRoll } from "../bx/stats.js";
import type { RuleResult } from "../types.js";
import { R_MISC } from "./bonuses.js";
import { rollUnit } from "./pursuit.js";
import { houseMonsterSchema, isNormalType, type HouseSheet } from "./sheet.js";

/** Classic B/X saves for fighters of levels 1–3 and thieves of levels 1–4 (seed 002 gives no save tables). */
const F1_3 = { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 };
const T1_4 = { death: 13, wands: 14, paralysis: 13, breath: 16, spells: 15 };

const up = (s: BxSheet | Record<string, unknown>, extra: Partial<HouseSheet> = {}): HouseSheet =>
  houseMonsterSchema.parse({ ...s, ...extra });

/**
 * Every bx preset (the classic stat lines; seed 001 names goblins, orcs,
 * kobolds, giant rats, skeletons, the troll, the ogre and Normal Men), a
 * monster's several attacks kept as its attacks a round. The bugbear (the evil
 * wizard's bodyguards, "ENCOUNTER ORDER") surprises on 1–3, the owlbear (its
 * crushing hug on a natural 20, "MISC COMBAT RULES") and the bandits fought in
 * units of ten ("Mass Combat") carry the classic B/X numbers.
 */
export const housePresets: Record<string, HouseSheet> = {
  ...Object.fromEntries(
    Object.entries(bxPresets).map(([k, v]) => [
      k,
      up(v, (v as { attacks?: number }).attacks ? { attacksPerRound: (v as { attacks?: number }).attacks! } : {}),
    ]),
  ),
  bugbear: up(bxPresets.bugbear!, { saves: F1_3, surprises: 3 }),
  "bandit unit": up({
    class: "bandit",
    hd: "1",
    hp: 35,
    men: 10,
    ac: 6,
    morale: 8,
    movement: 120,
    saves: T1_4,
    weapons: [{ name: "sword", damage: "1d6" }],
  }),
};

export const R_NORMAL_HP = R_MISC;

type Rolled = { sheet: Record<string, unknown>; result: RuleResult } | null;

/** A Normal Man (or a creature of that strength): one d6, its hit dice's "+N"/"−N" added, at least 1. */
export function rollNormalMan(sheet: HouseSheet, dice: DiceBag): { sheet: HouseSheet; result: RuleResult } {
  const modifier = sheet.hd ? hitDiceRoll(sheet.hd).modifier : 0;
  const r = dice.roll("hit points", 1, 6, { modifier });
  const hp = Math.max(1, r.total);
  countAs(r, hp, "at least 1");
  const mod = modifier ? ` ${modifier > 0 ? "+" : "−"} ${Math.abs(modifier)}` : "";
  const line = `HD ${sheet.hd ?? sheet.level} (a Normal Man's strength): 1d6 (${r.dice[0]!.value})${mod} = ${r.total < 1 ? `${r.total} → ${hp} HP (at least 1)` : `${hp} HP`}`;
  return {
    sheet: { ...sheet, hp },
    result: { title: `Hit points: ${hp}`, lines: [line], rules: [R_NORMAL_HP], rolls: [r] },
  };
}

/**
 * A monster entering a fight, unless the referee typed its hit points: a unit
 * rolls a d6 a man (always: the text says so); with `listed`, a single monster
 * keeps its preset's hit points; otherwise a Normal Man rolls a d6 and the rest
 * d8s by their hit dice.
 */
export function houseRollMonster(
  sheet: HouseSheet,
  dice: DiceBag,
  typed: Record<string, unknown>,
  monsterHp: "rolled" | "listed",
): Rolled {
  if (sheet.men) return rollUnit(sheet, dice, typed);
  if (monsterHp === "listed" || typed.hp !== undefined) return null;
  if (isNormalType(sheet)) return rollNormalMan(sheet, dice);
  return bxRollMonster(sheet, dice, typed);
}
