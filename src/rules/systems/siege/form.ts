/** The Castles & Crusades sheet's form in the book's words, in the order a player fills a sheet. */
import type { SheetFormWords } from "../types.js";

const attribute = (name: string, e: number) => ({ label: name, example: `3 to 18, e.g. ${e}`, blank: "rolled 3d6" });

export const siegeForm: SheetFormWords = {
  class: { label: "Class", example: "e.g. fighter, ranger, rogue, cleric, wizard, knight" },
  level: { label: "Level", example: "1 to 30, e.g. 1" },
  str: attribute("Strength", 13),
  dex: attribute("Dexterity", 12),
  con: attribute("Constitution", 11),
  int: attribute("Intelligence", 9),
  wis: attribute("Wisdom", 10),
  cha: attribute("Charisma", 8),
  primes: {
    label: "Prime attributes (with | between them)",
    example: "e.g. str | con | wis",
    blank: "the class's prime",
  },
  hpMax: { label: "Hit points", example: "e.g. 10", blank: "rolled by class and level" },
  bth: { label: "Base to hit (BtH)", example: "e.g. +1", blank: "by class and level" },
  ac: { label: "Armour Class (without shield)", example: "10 + armour + DEX + magic, e.g. 15" },
  shield: { label: "Shield: none, small, medium or large", example: "e.g. medium" },
  magicAc: { label: "Armour Class from magic", example: "rings, robes, spells, e.g. 1" },
  weapons: {
    label: "Weapons (with | between them)",
    example: "longsword 1d8 | spear 1d6 reach 10 | light crossbow 1d6 ranged 80 crossbow",
  },
  move: { label: "Move (feet per round)", example: "e.g. 30" },
  packed: { label: "Items in the backpack (with |)", example: "e.g. rope | lantern" },
};
