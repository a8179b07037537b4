/** Basic/Expert SRD (seed 002) as a RuleSystem. `createBx(settings)` applies campaign options; `bx` uses the defaults. */
import type { RuleSystem, SituationKey } from "../types.js";
import { bxBegin, bxLapse, bxOdds, bxReact } from "./attack.js";
import { BX_ATTRIBUTES, bxCheck, bxSaveOrItems } from "./checks.js";
import { bxLoyalty, bxMorale, bxMoraleGroups, bxReaction, bxStartingLoyalty, bxSurprise } from "./encounter.js";
import { bxApplyDamage, bxApplyHealing, bxRestDays } from "./health.js";
import { bxInitiative, bxRoundStart } from "./initiative.js";
import { bxPresets } from "./monsters.js";
import { bxMonsterLine, bxRollMonster } from "./stats.js";
import { bxFillSheet } from "./fill.js";
import { BX_DEFAULT_SETTINGS, bxSettingsSchema, type BxSettings } from "./settings.js";
import { SAVE_KINDS, bxDescribeSheet, bxInitialState, bxMonsterSchema, bxSheetSchema, bxView, type BxSheet } from "./sheet.js";
import { bxDungeon } from "./dungeon.js";
import { bxCampaignOptions, bxRound, bxSettingsFrom, bxWords } from "./round.js";

export const BX_SITUATIONS: SituationKey[] = ["mode", "range", "cover", "modifier", "distance"];

export function createBx(settings: Partial<BxSettings> = {}): RuleSystem<BxSheet> {
  const st: BxSettings = bxSettingsSchema.parse({ ...BX_DEFAULT_SETTINGS, ...settings });
  return {
    id: "bx",
    name: "Basic/Expert",
    sheet: bxSheetSchema,
    monster: bxMonsterSchema,
    presets: bxPresets,
    attributes: BX_ATTRIBUTES,
    saves: [...SAVE_KINDS],
    situations: BX_SITUATIONS,
    keepsDistance: st.distance === "kept",
    seed: "002",
    words: bxWords,
    round: bxRound,
    dungeon: bxDungeon,
    campaignOptions: bxCampaignOptions((options) => createBx(bxSettingsFrom(options))),
    describeSheet: bxDescribeSheet,
    initialState: bxInitialState,
    view: bxView,
    check: bxCheck,
    save: bxSaveOrItems,
    surprise: bxSurprise,
    reaction: bxReaction,
    initiative: (input, dice) => bxInitiative(input, st, dice),
    roundStart: (input, dice) => bxRoundStart(input, st, dice),
    morale: bxMorale,
    moraleGroups: bxMoraleGroups,
    loyalty: bxLoyalty,
    startingLoyalty: bxStartingLoyalty,
    attack: {
      begin: (input, dice) => bxBegin(input, st, dice),
      react: (state, optionId, input, dice) => bxReact(state, optionId, input, dice),
      lapse: (state, input) => bxLapse(state, input),
    },
    odds: (input) => bxOdds(input, st),
    applyDamage: bxApplyDamage,
    applyHealing: bxApplyHealing,
    restDays: bxRestDays,
    ...(st.monsterHp === "rolled" ? { rollMonster: bxRollMonster } : {}),
    statLine: bxMonsterLine,
    statLineExample: "HD 4+1 AC 5 ATK 1d10 ML 10",
    silent: "Where Basic/Expert is silent (ability scores, hit dice and attack tables by class, monster hit points, surprise, loyalty) the bot uses the classic B/X tables; other rulings are said in a few words where they apply.",
    fillSheet: bxFillSheet,
  };
}

export const bx: RuleSystem<BxSheet> = createBx();

export * from "./attack.js";
export * from "./checks.js";
export * from "./dice.js";
export * from "./encounter.js";
export * from "./health.js";
export * from "./initiative.js";
export * from "./monsters.js";
export * from "./settings.js";
export * from "./sheet.js";
export * from "./time.js";
export * from "./load.js";
export * from "./round.js";
export * from "./saves.js";
export * from "./thac0.js";
export * from "./distance.js";
