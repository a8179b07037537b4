/** seed 000, "Initiative", "Combat Steps", "Movement": the round as The Third Age plays it. */
import { baseRound } from "../../round/economy.js";
import { COMMON_CONDITIONS } from "../../round/words.js";
import type { CampaignOptions, RoundRules, SystemWords } from "../types.js";
import { settingsSchema } from "./settings.js";
import { REF } from "./refs.js";
import { isDown, type ThirdAgeSheet } from "./sheet.js";

export const words: SystemWords = {
  conditions: { ...COMMON_CONDITIONS },
  describe: (c, name) => (c.startsWith("shield vs ") ? { label: `shielded against ${name(c.slice(10))}`, lasts: "round" } : undefined),
};

export const round: RoundRules<ThirdAgeSheet> = {
  ...baseRound<ThirdAgeSheet>({ isDown: (c) => isDown(c), rule: REF.combatSteps }),
};

/** seed 000, "Random Encounters": a check "every turn to every three turns"; group initiative is the default. */
export const campaignOptions: CampaignOptions = {
  defaults: { initiative: "group", wanderingEvery: 1 },
  own: {
    wanderingEvery: { words: "wandering-monster check every N dungeon turns (the text: every turn to every three turns)", allowed: "1, 2 or 3", schema: settingsSchema.shape.wanderingEvery },
  },
};
