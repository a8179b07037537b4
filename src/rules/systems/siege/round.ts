/** seed 003, "Initiative", "Actions": the round as Castles & Crusades plays it. */
import { baseRound } from "../../round/economy.js";
import { COMMON_CONDITIONS, isOut } from "../../round/words.js";
import type { CampaignOptions, RoundRules, SystemWords } from "../types.js";
import type { SiegeSheet } from "./sheet.js";

export const words: SystemWords = {
  conditions: { ...COMMON_CONDITIONS, "mortally wounded": { label: "mortally wounded", lasts: "healed" }, aided: { label: "aided", lasts: "healed" } },
  describe: (c, name) => {
    if (c.startsWith("dodged:")) return { label: `dodging (${c.slice(7)} attacks covered)`, lasts: "round" };
    if (c.startsWith("evading:")) return { label: `evading ${name(c.slice(8))}`, lasts: "round" };
    return undefined;
  },
};

export const round: RoundRules<SiegeSheet> = {
  ...baseRound<SiegeSheet>({ isDown: isOut, rule: 'seed 003, "Actions"', rerolls: () => true }),
};

export const campaignOptions: CampaignOptions = { defaults: { initiative: "individual", wanderingEvery: 2 }, own: {} };
