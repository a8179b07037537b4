/** seed 002, "Combat Sequence": the round as B/X plays it. */
import { baseRound } from "../../round/economy.js";
import { COMMON_CONDITIONS, isOut } from "../../round/words.js";
import { z } from "zod";
import type { CampaignOptions, RoundRules, RuleSystem, SystemOption, SystemWords } from "../types.js";
import type { BxSettings } from "./settings.js";
import type { BxSheet } from "./sheet.js";

export const bxWords: SystemWords = { conditions: { ...COMMON_CONDITIONS } };

export const bxRound: RoundRules<BxSheet> = {
  ...baseRound<BxSheet>({ isDown: isOut, rule: 'seed 002, "Combat Sequence"', rerolls: () => true }),
};

/** seed 002's optional rules, as campaign options: initiative ties, variable weapon damage, encumbrance. */
export const BX_OPTIONS: Record<string, SystemOption> = {
  ties: { words: "initiative ties", allowed: "simultaneous or reroll", schema: z.enum(["simultaneous", "reroll"]) },
  damage: { words: "damage dice (weapon: Variable Weapon Damage; d6: every attack 1d6)", allowed: "weapon or d6", schema: z.enum(["weapon", "d6"]) },
  encumbrance: { words: "encumbrance", allowed: "none, basic or detailed", schema: z.enum(["none", "basic", "detailed"]) },
};

/** The campaign's options as createBx takes them. */
export function bxSettingsFrom(st: Record<string, unknown>): Partial<BxSettings> {
  return {
    ...(st.ties ? { initiativeTies: st.ties as BxSettings["initiativeTies"] } : {}),
    ...(st.damage ? { variableDamage: st.damage === "weapon" } : {}),
    ...(st.encumbrance ? { encumbrance: st.encumbrance as BxSettings["encumbrance"] } : {}),
  };
}

export function bxCampaignOptions(build: (st: Record<string, unknown>) => RuleSystem<BxSheet>): CampaignOptions {
  return {
    // seed 002: group initiative; "1d6 unless variable damage is chosen"; ties are rerolled.
    defaults: { initiative: "group", wanderingEvery: 2, ties: "reroll", damage: "d6", encumbrance: "none" },
    own: BX_OPTIONS,
    configure: (st) => build(st) as unknown as RuleSystem,
  };
}
