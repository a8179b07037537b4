/** The Third Age sheet's form in the book's words, in the order a player fills a sheet (seed 000). */
import type { SheetFormWords } from "../types.js";

const attribute = (name: string) => ({ label: name, example: "-3 to +3, e.g. 1" });

export const thirdAgeForm: SheetFormWords = {
  classes: { label: "Classes (with | between them)", example: "e.g. fighter 1 | wizard 1 (name and level)" },
  body: attribute("Body"),
  dexterity: attribute("Dexterity"),
  mind: attribute("Mind"),
  soul: attribute("Soul"),
  charisma: attribute("Charisma"),
  hp: { label: "Hit points", example: "e.g. 8" },
  successAC: { label: "Success AC", example: "e.g. 12" },
  partialAC: { label: "Partial AC", example: "e.g. 8", blank: "Success AC − 4" },
  attackBonus: { label: "Attack Bonus", example: "e.g. +1" },
  magic: { label: "Magic", example: "0 to 20, e.g. 1" },
  divinity: { label: "Divinity", example: "0 to 20, e.g. 0" },
  stamina: { label: "Stamina", example: "e.g. 2", blank: "1 + Body" },
  weapons: { label: "Weapons (with | between them)", example: "sword 1d8 | dagger 1d4 thrown | bow 1d6 ranged" },
  armourProficient: { label: "Proficient in the armour worn", example: "yes or no" },
  spells: { label: "Spells (with | between them)", example: "e.g. firebolt 1d6 | bless 1d4 soul divinity" },
  memorised: { label: "Spells memorised now (with |)", example: "e.g. firebolt" },
  languages: { label: "Languages besides the common tongue", example: "one a point of Mind, e.g. Elvish | Dwarvish" },
};
