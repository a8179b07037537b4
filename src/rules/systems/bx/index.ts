/** Basic/Expert SRD (seed 002) as a RuleSystem. `createBx(settings)` applies campaign options; `bx` uses the defaults. */
import { bxForm } from "./form.js";
import type { Capabilities, SituationKey } from "../types.js";
import { defineSystem, type Manifest, type SystemOf } from "../define.js";
import { bxBegin, bxLapse, bxOdds, bxReact } from "./attack.js";
import { BX_ATTRIBUTES, bxCheck, bxSaveOrItems } from "./checks.js";
import { bxLoyalty, bxMorale, bxMoraleGroups, bxReaction, bxStartingLoyalty, bxSurprise } from "./encounter.js";
import { bxApplyDamage, bxApplyHealing, bxRestDays } from "./health.js";
import { bxInitiative, bxRoundStart } from "./initiative.js";
import { bxPresets } from "./monsters.js";
import { bxMonsterLine, bxRollMonster } from "./stats.js";
import { bxFillSheet } from "./fill.js";
import { BX_DEFAULT_SETTINGS, bxSettingsSchema, type BxSettings } from "./settings.js";
import {
  SAVE_KINDS,
  bxDescribeSheet,
  bxInitialState,
  bxMonsterSchema,
  bxSheetSchema,
  bxView,
  type BxSheet,
} from "./sheet.js";
import { bxDungeon } from "./dungeon.js";
import { bxCampaignOptions, bxRound, bxSettingsFrom, bxWords } from "./round.js";

export const BX_SITUATIONS: SituationKey[] = ["mode", "range", "cover", "modifier", "distance"];

/** The groups B/X has: no parley, XP, treatment, falls or direction of appearance. */
export type BxCan = Pick<Capabilities<BxSheet>, "surprise" | "reaction" | "morale" | "retainers" | "odds" | "fill">;

/** B/X's manifest with the campaign's options read (`st`): the B/X house rules build on it. */
export function bxManifest(st: BxSettings): Manifest<BxSheet, BxCan> {
  return {
    id: "bx",
    name: "Basic/Expert",
    seed: "002",
    sheet: bxSheetSchema,
    form: bxForm,
    monster: bxMonsterSchema,
    presets: bxPresets,
    // The movement the fight and the dungeon use, under the campaign's encumbrance option.
    describeSheet: (s) => bxDescribeSheet(s, st.encumbrance),
    initialState: bxInitialState,
    // Maximum hit points: the fight's state holds them (and the current ones).
    fightOwns: ["hp"],
    view: bxView,
    ...(st.monsterHp === "rolled" ? { rollMonster: bxRollMonster } : {}),
    statLine: bxMonsterLine,
    statLineExample: "HD 4+1 AC 5 ATK 1d10 ML 10",
    attributes: BX_ATTRIBUTES,
    saves: [...SAVE_KINDS],
    check: bxCheck,
    save: bxSaveOrItems,
    keepsDistance: st.distance === "kept",
    words: bxWords,
    round: bxRound,
    initiative: (input, dice) => bxInitiative(input, st, dice),
    roundStart: (input, dice) => bxRoundStart(input, st, dice),
    situations: BX_SITUATIONS,
    attack: {
      begin: (input, dice) => bxBegin(input, st, dice),
      react: (state, optionId, input, dice) => bxReact(state, optionId, input, dice),
      lapse: (state, input) => bxLapse(state, input),
    },
    applyDamage: bxApplyDamage,
    applyHealing: bxApplyHealing,
    restDays: bxRestDays,
    dungeon: bxDungeon,
    campaignOptions: bxCampaignOptions((options) => createBx(bxSettingsFrom(options))),
    silent:
      "Where Basic/Expert is silent (ability scores, hit dice and attack tables by class, monster hit points, surprise, loyalty) the bot uses the classic B/X tables; other rulings are said in a few words where they apply.",
    can: {
      surprise: { surprise: bxSurprise },
      reaction: { reaction: bxReaction },
      morale: { morale: bxMorale, moraleGroups: bxMoraleGroups },
      retainers: { loyalty: bxLoyalty, startingLoyalty: bxStartingLoyalty },
      odds: { odds: (input) => bxOdds(input, st) },
      fill: { fillSheet: bxFillSheet },
    },
  };
}

export function createBx(settings: Partial<BxSettings> = {}): SystemOf<BxSheet, BxCan> {
  return defineSystem(bxManifest(bxSettingsSchema.parse({ ...BX_DEFAULT_SETTINGS, ...settings })));
}

export const bx = createBx();

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
