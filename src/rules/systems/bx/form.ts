/** The B/X sheet's form in the book's words, in the order a player fills a sheet (seed 002, "Character Creation"). */
import type { SheetFormWords } from "../types.js";

const ability = (name: string, e: number) => ({ label: name, example: `3 to 18, e.g. ${e}`, blank: "rolled 3d6" });

export const bxForm: SheetFormWords = {
  class: { label: "Class", example: "e.g. fighter, cleric, magic-user, thief, dwarf, elf, halfling" },
  level: { label: "Level", example: "1 to 36, e.g. 1" },
  str: ability("Strength", 13),
  int: ability("Intelligence", 9),
  wis: ability("Wisdom", 10),
  dex: ability("Dexterity", 12),
  con: ability("Constitution", 11),
  cha: ability("Charisma", 8),
  hp: { label: "Hit points", example: "e.g. 6", blank: "rolled by class and level" },
  armour: { label: "Armour worn: none, light or heavy", example: "e.g. heavy (chain mail is light, plate heavy)" },
  shield: { label: "Shield", example: "yes or no" },
  ac: { label: "Armour Class (descending)", example: "with armour and shield, e.g. 4 (9: unarmoured)" },
  acMode: { label: "Armour Class: descending or ascending", example: "descending (THAC0) or ascending (attack bonus)" },
  aac: { label: "Ascending Armour Class", example: "e.g. 15", blank: "19 − AC" },
  thac0: { label: "THAC0", example: "e.g. 19", blank: "the class's attack table" },
  attackBonus: { label: "Attack bonus", example: "e.g. +1", blank: "19 − THAC0" },
  weapons: {
    label: "Weapons (with | between them)",
    example: "sword 1d8 | dagger 1d4 thrown | crossbow 1d6 missile 80/160/240",
  },
  saves: {
    label: "Saving throws",
    example: "death:wands:paralysis:breath:spells, e.g. 12:13:14:15:16",
    blank: "the class's table",
  },
  movement: { label: "Movement rate (feet per turn)", example: "e.g. 120" },
  equipment: { label: "Weight of armour and weapons (coins)", example: "e.g. 400", blank: "none counted" },
  gear: { label: "Carries adventuring gear (80 coins)", example: "yes or no" },
  treasure: { label: "Treasure carried", example: "e.g. coin 300 | gem 2" },
  loyalty: { label: "Loyalty (retainers)", example: "2 to 12, e.g. 7", blank: "by the employer's Charisma" },
};
