/** seed 002, "Combat Sequence": the round as B/X plays it. */
import { baseRound } from "../../round/economy.js";
import { COMMON_CONDITIONS, isOut } from "../../round/words.js";
import type { RoundRules, SystemWords } from "../types.js";
import type { BxSheet } from "./sheet.js";

export const bxWords: SystemWords = { conditions: { ...COMMON_CONDITIONS } };

export const bxRound: RoundRules<BxSheet> = {
  ...baseRound<BxSheet>({ isDown: isOut, rule: 'seed 002, "Combat Sequence"', rerolls: () => true }),
};
