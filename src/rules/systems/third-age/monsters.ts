/**
 * Monsters of The Third Age. Seed 000 names one foe, "a patrol of goblins"
 * ("When to make an attribute roll"), gives monsters a morale rating ("Morale
 * and Loyalty") and converts "classic material" ("Converting Saving Throws"),
 * but prints no stat blocks. Each preset is the classic monster converted to
 * the 2d10 scale the same way (docs/rules/third-age.md, "Monsters"): success
 * AC = 19 − classic AC, partial AC 4 below, attack bonus = the classic
 * monster's by its hit dice, hit dice, damage and morale as classic.
 */
import { countAs, type DiceBag } from "../../dice/bag.js";
import type { RuleResult } from "../types.js";
import { showRoll } from "./dice.js";
import { REF } from "./refs.js";
import { HD_RE, monsterSchema, type ThirdAgeSheet } from "./sheet.js";

const m = (x: Record<string, unknown>) => monsterSchema.parse(x);

/** The listed hp is the average of the hit dice, rounded down; each one's own is rolled as it enters a fight. */
export const PRESETS: Record<string, ThirdAgeSheet> = {
  goblin: m({
    hd: "1-1",
    hp: 3,
    successAC: 13,
    partialAC: 9,
    attackBonus: 0,
    morale: 7,
    dexterity: 1,
    weapons: [{ name: "Short sword", damage: "1d6" }],
  }),
  kobold: m({
    hd: "1/2",
    hp: 2,
    successAC: 12,
    partialAC: 8,
    attackBonus: 0,
    morale: 6,
    weapons: [{ name: "Spear", damage: "1d4" }],
  }),
  orc: m({
    hd: "1",
    hp: 4,
    successAC: 13,
    partialAC: 9,
    attackBonus: 0,
    morale: 8,
    body: 1,
    weapons: [{ name: "Axe", damage: "1d6" }],
  }),
  skeleton: m({
    hd: "1",
    hp: 4,
    successAC: 12,
    partialAC: 8,
    attackBonus: 0,
    morale: 12,
    weapons: [{ name: "Rusty sword", damage: "1d6" }],
  }),
  zombie: m({
    hd: "2",
    hp: 9,
    successAC: 11,
    partialAC: 7,
    attackBonus: 1,
    morale: 12,
    body: 1,
    weapons: [{ name: "Claw", damage: "1d8" }],
  }),
  wolf: m({
    hd: "2+2",
    hp: 11,
    successAC: 12,
    partialAC: 8,
    attackBonus: 2,
    morale: 8,
    dexterity: 1,
    weapons: [{ name: "Bite", damage: "1d6" }],
  }),
  bandit: m({
    hd: "1",
    hp: 4,
    successAC: 13,
    partialAC: 9,
    attackBonus: 0,
    morale: 8,
    weapons: [
      { name: "Sword", damage: "1d8" },
      { name: "Shortbow", damage: "1d6", kind: "ranged" },
    ],
  }),
  ogre: m({
    hd: "4+1",
    hp: 19,
    successAC: 14,
    partialAC: 10,
    attackBonus: 4,
    morale: 10,
    body: 2,
    weapons: [{ name: "Club", damage: "1d10" }],
  }),
  troll: m({
    hd: "6+3",
    hp: 30,
    successAC: 15,
    partialAC: 11,
    attackBonus: 6,
    morale: 10,
    body: 2,
    weapons: [{ name: "Claws", damage: "1d8" }],
  }),
};

export const R_MONSTER_HP = REF.choice("monster hit points, a d8 per hit die as in the classic material");

/** "4+1" → 4d8 + 1; "1-1" → 1d8 − 1; "1/2" → 1d4. Undefined when it is not hit dice. */
export function hitDice(hd: string): { count: number; sides: number; modifier: number } | undefined {
  const x = HD_RE.exec(hd.trim());
  if (!x) return undefined;
  const half = x[1] === "1/2" || x[1] === "½";
  return {
    count: half ? 1 : Math.max(1, Number(x[1])),
    sides: half ? 4 : 8,
    modifier: x[2] ? Number(x[2].replace(/\s/g, "")) : 0,
  };
}

/**
 * A monster entering a fight: its hit points rolled from its hit dice (at least
 * 1), unless the referee typed hp; a monster without hit dice keeps its hp.
 */
export function rollMonster(
  sheet: ThirdAgeSheet,
  dice: DiceBag,
  typed: Record<string, unknown>,
): { sheet: ThirdAgeSheet; result: RuleResult } | null {
  const h = typed.hp === undefined && sheet.hd ? hitDice(sheet.hd) : undefined;
  if (!h) return null;
  const r = dice.roll("hit points", h.count, h.sides, { modifier: h.modifier });
  const hp = Math.max(1, r.total);
  countAs(r, hp, "at least 1");
  const line = `HD ${sheet.hd}: ${showRoll(r)} → ${hp} HP${r.total < 1 ? " (at least 1)" : ""}`;
  return {
    sheet: { ...sheet, hp },
    result: { title: `Hit points: ${hp}`, lines: [line], rules: [R_MONSTER_HP], rolls: [r] },
  };
}
