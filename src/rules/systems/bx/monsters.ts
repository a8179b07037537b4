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
  kobold: bxMonsterSchema.parse({
    class: "kobold", hd: "1/2", hp: 2, ac: 7, morale: 6, movement: 60, size: "small", saves: NH,
    weapons: [{ name: "weapon", damage: "1d4" }],
  }),
  "giant rat": bxMonsterSchema.parse({
    class: "giant rat", hd: "1/2", hp: 2, ac: 7, morale: 8, movement: 120, size: "small", saves: NH,
    weapons: [{ name: "bite", damage: "1d3" }],
  }),
  "giant centipede": bxMonsterSchema.parse({
    class: "giant centipede", hd: "1/2", hp: 2, ac: 9, morale: 7, movement: 60, size: "small", saves: NH,
    weapons: [{ name: "bite", damage: "1d2" }],
  }),
  bandit: bxMonsterSchema.parse({
    class: "bandit", hd: "1", hp: 4, ac: 6, morale: 8, movement: 120, saves: T1_4,
    weapons: [{ name: "sword", damage: "1d6" }],
  }),
  hobgoblin: bxMonsterSchema.parse({
    class: "hobgoblin", hd: "1+1", hp: 5, ac: 6, morale: 8, movement: 90, saves: L1,
    weapons: [{ name: "weapon", damage: "1d8" }],
  }),
  stirge: bxMonsterSchema.parse({
    class: "stirge", hd: "1", hp: 4, ac: 7, morale: 9, movement: 180, size: "small", saves: L1,
    weapons: [{ name: "beak", damage: "1d3" }],
  }),
  zombie: bxMonsterSchema.parse({
    class: "zombie", hd: "2", hp: 9, ac: 8, morale: 12, movement: 60, saves: L1,
    weapons: [{ name: "claw", damage: "1d8" }],
  }),
  gnoll: bxMonsterSchema.parse({
    class: "gnoll", hd: "2", hp: 9, ac: 5, morale: 8, movement: 90, saves: L1,
    weapons: [{ name: "weapon", damage: "2d4" }],
  }),
  ghoul: bxMonsterSchema.parse({
    class: "ghoul", hd: "2", hp: 9, ac: 6, morale: 9, movement: 90, saves: L1, attacks: 3,
    weapons: [
      { name: "claw", damage: "1d3" },
      { name: "claw", damage: "1d3" },
      { name: "bite", damage: "1d3" },
    ],
  }),
  "lizard man": bxMonsterSchema.parse({
    class: "lizard man", hd: "2+1", hp: 10, ac: 5, morale: 12, movement: 60, saves: L1,
    weapons: [{ name: "weapon", damage: "1d6+1" }],
  }),
  wolf: bxMonsterSchema.parse({
    class: "wolf", hd: "2+2", hp: 11, ac: 7, morale: 8, movement: 180, saves: L1,
    weapons: [{ name: "bite", damage: "1d6" }],
  }),
  bugbear: bxMonsterSchema.parse({
    class: "bugbear", hd: "3+1", hp: 14, ac: 5, morale: 9, movement: 90, saves: L1,
    weapons: [{ name: "weapon", damage: "2d4" }],
  }),
  "dire wolf": bxMonsterSchema.parse({
    class: "dire wolf", hd: "4+1", hp: 19, ac: 6, morale: 8, movement: 150, size: "large", saves: L1,
    weapons: [{ name: "bite", damage: "2d4" }],
  }),
  owlbear: bxMonsterSchema.parse({
    class: "owlbear", hd: "5", hp: 22, ac: 5, morale: 9, movement: 120, size: "large", saves: L1, attacks: 3,
    weapons: [
      { name: "claw", damage: "1d8" },
      { name: "claw", damage: "1d8" },
      { name: "bite", damage: "1d8" },
    ],
  }),
};
