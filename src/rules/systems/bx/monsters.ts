/**
 * A handful of classic B/X monsters. Seed 002 has no monster list; these are
 * the classic values (AC, HD, average HP, damage, morale, saves) a B/X
 * referee expects; THAC0 comes from the classic monster table by hit dice
 * (a Normal Man's 20), as for any monster (thac0.ts).
 */
import { bxMonsterSchema, type BxSheet } from "./sheet.js";

const NH = { death: 14, wands: 15, paralysis: 16, breath: 17, spells: 18 };
const L1 = { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 };
const L4_6 = { death: 10, wands: 11, paralysis: 12, breath: 13, spells: 14 };

export const bxPresets: Record<string, BxSheet> = {
  goblin: bxMonsterSchema.parse({
    class: "goblin", hd: "1-1", hp: 3, ac: 6, morale: 7, movement: 60, size: "small", saves: NH,
    weapons: [{ name: "weapon", damage: "1d6" }],
  }),
  orc: bxMonsterSchema.parse({
    class: "orc", hd: "1", hp: 4, ac: 6, morale: 8, movement: 120, saves: L1,
    weapons: [{ name: "weapon", damage: "1d6" }],
  }),
  skeleton: bxMonsterSchema.parse({
    class: "skeleton", hd: "1", hp: 4, ac: 7, morale: 12, movement: 60, saves: L1,
    weapons: [{ name: "weapon", damage: "1d6" }],
  }),
  troll: bxMonsterSchema.parse({
    class: "troll", hd: "6+3", hp: 30, ac: 4, morale: 10, movement: 120, size: "large", saves: L4_6, attacks: 3,
    weapons: [
      { name: "claw", damage: "1d6" },
      { name: "claw", damage: "1d6" },
      { name: "bite", damage: "1d10" },
    ],
  }),
  ogre: bxMonsterSchema.parse({
    class: "ogre", hd: "4+1", hp: 19, ac: 5, morale: 10, movement: 90, size: "large", saves: L4_6,
    weapons: [{ name: "club", damage: "1d10" }],
  }),
  "normal man": bxMonsterSchema.parse({
    class: "normal man", hd: "1/2", hp: 2, ac: 9, morale: 6, movement: 120, saves: NH,
    weapons: [{ name: "weapon", damage: "1d6" }],
  }),
};
