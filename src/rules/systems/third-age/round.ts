/** seed 000, "Initiative", "Combat Steps", "Movement": the round as The Third Age plays it. */
import { baseRound } from "../../round/economy.js";
import { COMMON_CONDITIONS } from "../../round/words.js";
import type { RoundRules, SystemWords } from "../types.js";
import { REF } from "./refs.js";
import { isDown, type ThirdAgeSheet } from "./sheet.js";

export const words: SystemWords = {
  conditions: { ...COMMON_CONDITIONS },
  describe: (c, name) => (c.startsWith("shield vs ") ? { label: `shielded against ${name(c.slice(10))}`, lasts: "round" } : undefined),
};

export const round: RoundRules<ThirdAgeSheet> = {
  ...baseRound<ThirdAgeSheet>({ isDown: (c) => isDown(c), rule: REF.combatSteps }),
};
