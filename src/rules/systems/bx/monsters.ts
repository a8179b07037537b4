/**
 * The foes a B/X referee meets first. Seed 002 has no monster list; these are
 * the classic stat lines (AC, HD, average HP, damage, movement, morale, saves)
 * a B/X referee expects, for the foes seeds 001 and 002 name and the common
 * low-level ones; THAC0 comes from the classic monster table by hit dice
 * (a Normal Man's 20), as for any monster (thac0.ts). Special abilities (a
 * ghoul's paralysing touch, a stirge's blood drain) are the referee's to apply.
 */
import { bxMonsterSchema, type BxSheet } from "./sheet.js";

const NH = { death: 14, wands: 15, paralysis: 16, breath: 17, spells: 18 };
const L1 = { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 };
const L4_6 = { death: 10, wands: 11, paralysis: 12, breath: 13, spells: 14 };
/** Classic B/X thief, levels 1–4: bandits save as thieves. */
const T1_4 = { death: 13, wands: 14, paralysis: 13, breath: 16, spells: 15 };

type Saves = typeof NH;
/** One preset: class, hit dice, average hit points, AC, morale, movement, saves, weapons ("claw 1d6, bite 1d10"), and size or attacks where they differ. */
type Row = [
  string,
  string,
  number,
  number,
  number,
  number,
  Saves,
  string,
  { size?: "small" | "large"; attacks?: number }?,
];

const ROWS: Row[] = [
  ["goblin", "1-1", 3, 6, 7, 60, NH, "weapon 1d6", { size: "small" }],
  ["orc", "1", 4, 6, 8, 120, L1, "weapon 1d6"],
  ["skeleton", "1", 4, 7, 12, 60, L1, "weapon 1d6"],
  ["troll", "6+3", 30, 4, 10, 120, L4_6, "claw 1d6, claw 1d6, bite 1d10", { size: "large", attacks: 3 }],
  ["ogre", "4+1", 19, 5, 10, 90, L4_6, "club 1d10", { size: "large" }],
  ["normal man", "1/2", 2, 9, 6, 120, NH, "weapon 1d6"],
  ["kobold", "1/2", 2, 7, 6, 60, NH, "weapon 1d4", { size: "small" }],
  ["giant rat", "1/2", 2, 7, 8, 120, NH, "bite 1d3", { size: "small" }],
  ["giant centipede", "1/2", 2, 9, 7, 60, NH, "bite 1d2", { size: "small" }],
  ["bandit", "1", 4, 6, 8, 120, T1_4, "sword 1d6"],
  ["hobgoblin", "1+1", 5, 6, 8, 90, L1, "weapon 1d8"],
  ["stirge", "1", 4, 7, 9, 180, L1, "beak 1d3", { size: "small" }],
  ["zombie", "2", 9, 8, 12, 60, L1, "claw 1d8"],
  ["gnoll", "2", 9, 5, 8, 90, L1, "weapon 2d4"],
  ["ghoul", "2", 9, 6, 9, 90, L1, "claw 1d3, claw 1d3, bite 1d3", { attacks: 3 }],
  ["lizard man", "2+1", 10, 5, 12, 60, L1, "weapon 1d6+1"],
  ["wolf", "2+2", 11, 7, 8, 180, L1, "bite 1d6"],
  ["bugbear", "3+1", 14, 5, 9, 90, L1, "weapon 2d4"],
  ["dire wolf", "4+1", 19, 6, 8, 150, L1, "bite 2d4", { size: "large" }],
  ["owlbear", "5", 22, 5, 9, 120, L1, "claw 1d8, claw 1d8, bite 1d8", { size: "large", attacks: 3 }],
];

const weaponsOf = (list: string) =>
  list.split(", ").map((w) => ({ name: w.slice(0, w.lastIndexOf(" ")), damage: w.slice(w.lastIndexOf(" ") + 1) }));

export const bxPresets: Record<string, BxSheet> = Object.fromEntries(
  ROWS.map(([name, hd, hp, ac, morale, movement, saves, weapons, more]) => [
    name,
    bxMonsterSchema.parse({ class: name, hd, hp, ac, morale, movement, ...more, saves, weapons: weaponsOf(weapons) }),
  ]),
);
