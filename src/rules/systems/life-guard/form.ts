/** The Life & Guard sheet's form in the book's words, in the order a player fills a sheet. */
import type { SheetFormWords } from "../types.js";

export const lifeGuardForm: SheetFormWords = {
  str: { label: "STR", example: "3 to 18, e.g. 12" },
  dex: { label: "DEX", example: "3 to 18, e.g. 11" },
  wil: { label: "WIL", example: "3 to 18, e.g. 9" },
  life: { label: "Life", example: "1 to 20, e.g. 10" },
  guard: { label: "Guard", example: "0 to 12, e.g. 3" },
  armour: { label: "Armour", example: "0 to 4, e.g. 1" },
  armourEnchantment: { label: "Armour's Enchantment", example: "e.g. warding" },
  weapons: { label: "Weapons (with | between them)", example: "sword d8 | spear d8 reach | bow d6 ranged two-handed" },
  oils: { label: "Oils carried, by monster type (with |)", example: "e.g. undead | beast" },
  scars: { label: "Scars gained before play (with |)", example: "e.g. a scarred cheek" },
};
