/**
 * The foes seed 003 names, as Castles & Crusades monsters (docs/rules/siege.md,
 * "Monsters"), and their hit points rolled as each enters a fight.
 */
import type { DiceBag } from "../../dice/bag.js";
import type { RuleResult } from "../types.js";
import { rollHitPoints } from "./damage.js";
import type { SiegeSheet, Size, Weapon } from "./sheet.js";

const w = (name: string, damage: string, extra: Partial<Weapon> = {}): Weapon => ({
  name,
  damage,
  kind: "melee",
  range: 0,
  bonus: 0,
  reach: 5,
  crossbow: false,
  ...extra,
});
const monster = (
  m: Partial<SiegeSheet> & { level: number; ac: number; hpMax: number; weapons: Weapon[]; size: Size },
): SiegeSheet => ({
  class: "monster",
  str: 10,
  dex: 10,
  con: 10,
  int: 10,
  wis: 10,
  cha: 10,
  primes: ["str", "dex", "con"],
  bth: m.level,
  magicAc: 0,
  shield: "none",
  move: 30,
  hitDie: 8,
  ...m,
});
const reach10 = { reach: 10 };

/**
 * The seed's foes: the orcs of "Surprise" and "Charging", the ettin's club of
 * "Hit Points", the golem's fists of "Cover" and "Weapon Damage", the lion's
 * claws and the hippogriff's beak of "Weapon Damage", the constricting snake
 * of "Grappling" and the gnome merchant of "Situational Modifiers"; with the
 * goblin and the ogre kept from before. Values after the Castles & Crusades
 * Monsters & Treasure entries (the seed gives none): HD = BtH ("Melee
 * Combat"), d8 hit dice ("a 3d8 hit dice creature"), average hit points.
 */
export const PRESETS: Record<string, SiegeSheet> = {
  orc: monster({ level: 1, ac: 13, hpMax: 5, size: "medium", weapons: [w("scimitar", "1d8")] }),
  ettin: monster({
    level: 10,
    ac: 18,
    hpMax: 45,
    size: "large",
    move: 40,
    attacks: 2,
    weapons: [w("club", "2d8", reach10), w("club", "3d6", reach10)],
  }),
  golem: monster({
    level: 9,
    ac: 18,
    hpMax: 41,
    size: "large",
    attacks: 2,
    weapons: [w("fist", "2d8", reach10), w("fist", "2d8", reach10)],
  }),
  lion: monster({
    level: 5,
    ac: 15,
    hpMax: 23,
    size: "large",
    move: 40,
    attacks: 3,
    weapons: [w("claw", "1d4"), w("claw", "1d4"), w("bite", "1d10")],
  }),
  hippogriff: monster({
    level: 3,
    ac: 15,
    hpMax: 14,
    size: "large",
    move: 20,
    attacks: 3,
    weapons: [w("claw", "1d6"), w("claw", "1d6"), w("beak", "1d10")],
  }),
  "constrictor snake": monster({
    level: 3,
    ac: 15,
    hpMax: 14,
    size: "medium",
    move: 20,
    attacks: 2,
    weapons: [w("bite", "1d3"), w("constrict", "1d8")],
  }),
  "gnome merchant": monster({ level: 1, ac: 10, hpMax: 5, size: "small", move: 20, weapons: [w("dagger", "1d4")] }),
  goblin: monster({ level: 1, ac: 13, hpMax: 4, size: "small", move: 20, weapons: [w("short sword", "1d6")] }),
  ogre: monster({
    level: 4,
    ac: 16,
    hpMax: 22,
    size: "large",
    str: 18,
    weapons: [w("club", "2d8", reach10), w("slam", "1d10")],
  }),
};

/**
 * A monster entering a fight: its hit points rolled from its hit dice (d8s,
 * "a 3d8 hit dice creature", or the die its line names; no CON modifier, at
 * least 1 per die; less than one hit die counts as 1d4), unless the referee
 * typed them.
 */
export function rollMonster(
  sheet: SiegeSheet,
  dice: DiceBag,
  typed: Record<string, unknown>,
): { sheet: SiegeSheet; result: RuleResult } | null {
  if (typed.hpMax !== undefined) return null;
  const hd = sheet.level;
  const die = hd >= 1 ? (sheet.hitDie ?? 8) : 4;
  const r = rollHitPoints(dice, { hitDie: die, level: Math.max(1, hd), conMod: 0, per: "hit die" });
  const faces = r.rolls.map((x) => x.total).join(" + ");
  return {
    sheet: { ...sheet, hpMax: r.hp },
    result: { ...r, title: `Hit points: ${r.hp}`, lines: [`${Math.max(1, hd)}d${die} = ${faces} → ${r.hp} HP`] },
  };
}
