/** The house rules' sheet form: B/X's, then what seed 001 adds, in its words. */
import type { SheetFormWords } from "../types.js";
import { bxForm } from "../bx/form.js";

export const houseForm: SheetFormWords = {
  ...bxForm,
  class: { label: "Class", example: "e.g. fighter, ranger, barbarian, paladin, pirate, thief, cleric" },
  classGroup: { label: "Class group: fighter, thief or other", example: "e.g. fighter", blank: "from the class" },
  acIncludesDex: { label: "AC already counts the DEX bonus", example: "yes or no" },
  attacksPerRound: { label: "Melee attacks per round", example: "e.g. 1" },
  swashbuckler: { label: "Swashbuckler (DEX instead of STR)", example: "yes or no" },
  florentine: { label: "Fights Florentine (two weapons)", example: "yes or no" },
  psyBonus: { label: "PSY bonus", example: "-3 to +3, e.g. +1" },
  surprises: { label: "Surprises others on 1 to …", example: "0 to 6, e.g. 2" },
  surprisedOn: { label: "Is surprised on 1 to …", example: "0 to 6, e.g. 2" },
};
