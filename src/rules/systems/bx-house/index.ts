/**
 * The B/X house rules (seed 001) as a layer over bx (seed 002): bx's checks,
 * saves, reaction, loyalty and healing stand; the attack, surprise,
 * initiative, round start, morale and damage are the house's.
 */
import { houseForm } from "./form.js";
import { z } from "zod";
import {
  BX_OPTIONS,
  DISTANCE_OPTION,
  bxManifest,
  bxMoraleGroups,
  bxSettingsFrom,
  bxSettingsSchema,
  type BxCan,
  type BxSettings,
} from "../bx/index.js";
import type { CampaignOptions, Capabilities } from "../types.js";
import { defineSystem, type SystemOf } from "../define.js";
import { houseAttack } from "./attack.js";
import { HOUSE_SITUATIONS } from "./plan.js";
import { houseOdds } from "./odds.js";
import {
  appearance,
  encounterDistance,
  houseInitiative,
  houseMorale,
  houseRoundStart,
  houseSurprise,
} from "./encounter.js";
import { houseApplyDamage, houseApplyHealing, houseTimePasses } from "./health.js";
import { createHouseRound, houseWords } from "./round.js";
import { houseFillSheet } from "./fill.js";
import { houseRollMonster, housePresets } from "./monsters.js";
import { HOUSE_STAT_EXAMPLE, houseStatLine } from "./stats.js";
import { houseDescribeSheet } from "./describe.js";
import { houseInitialState, houseMonsterSchema, houseSheetSchema, type HouseSheet } from "./sheet.js";

export const houseSettingsSchema = bxSettingsSchema.extend({
  /** seed 001 "ENCOUNTER ORDER", optional rule: reroll initiative each round. */
  initiativeEachRound: z.boolean().default(false),
  /** The house example gives weapons their own damage ("normal weapons do D6+1"): variable damage on by default. */
  variableDamage: z.boolean().default(true),
});
export type HouseSettings = z.output<typeof houseSettingsSchema>;

/** The groups the house rules have: B/X's, with the house's own odds and morale, and the direction of appearance. */
type HouseCan = Pick<Capabilities<HouseSheet>, keyof BxCan | "appearance">;

/** seed 001, "ENCOUNTER ORDER": the campaign options the house rules set by default, and those they add or narrow. */
const HOUSE_OPTIONS: CampaignOptions = {
  // seed 001, "ENCOUNTER ORDER": individual initiative; the house weapons do their own damage.
  defaults: {
    initiative: "individual",
    initiativeDex: false,
    wanderingEvery: 2,
    ties: "simultaneous",
    damage: "weapon",
    encumbrance: "none",
    initiativeEachRound: false,
    monsterHp: "rolled",
    distance: "referee",
  },
  own: {
    ...BX_OPTIONS,
    // seed 001, "ENCOUNTER ORDER" 6: "Each player rolls a D6 for initiative": a die alone, never Dexterity.
    initiativeDex: {
      words: "add Dexterity to individual initiative (never: the house rules roll a d6 alone)",
      allowed: "off (a d6 alone)",
      schema: z.literal(false),
    },
    monsterHp: {
      words:
        "monsters' hit points (rolled: a d6 for Normal Men, d8s by hit dice for the rest; listed: the preset's; units always roll a d6 a man)",
      allowed: "rolled or listed",
      schema: z.enum(["rolled", "listed"]),
    },
    distance: DISTANCE_OPTION,
    initiativeEachRound: {
      words: "reroll initiative each round (ENCOUNTER ORDER, optional)",
      allowed: "on or off",
      schema: z.boolean(),
    },
  },
};

export function createBxHouse(settings: Partial<HouseSettings> = {}): SystemOf<HouseSheet, HouseCan> {
  const st: HouseSettings = houseSettingsSchema.parse(settings);
  const base = bxManifest(st as BxSettings);
  return defineSystem<HouseSheet, HouseCan>({
    ...base,
    id: "bx-house",
    name: "B/X house rules",
    seed: "001",
    campaignOptions: {
      ...HOUSE_OPTIONS,
      configure: (o) =>
        createBxHouse({
          ...bxSettingsFrom(o),
          ...(typeof o.initiativeEachRound === "boolean" ? { initiativeEachRound: o.initiativeEachRound } : {}),
        }),
    },
    sheet: houseSheetSchema,
    form: houseForm,
    // The AC the fight uses (DEX in it) and the movement under the campaign's encumbrance.
    describeSheet: houseDescribeSheet(st.encumbrance),
    monster: houseMonsterSchema,
    presets: housePresets,
    situations: HOUSE_SITUATIONS,
    // B/X's line, when the campaign keeps it: the house's moves move on it, and "in melee" is within 10 feet.
    keepsDistance: st.distance === "kept",
    initialState: houseInitialState,
    words: houseWords,
    round: createHouseRound(base.round, st),
    encounterDistance: (input, dice) => encounterDistance(input, dice),
    initiative: (input, dice) => houseInitiative(input, st, dice),
    roundStart: (input, dice) => houseRoundStart(input, st, dice),
    attack: houseAttack(st),
    applyDamage: houseApplyDamage,
    applyHealing: houseApplyHealing,
    timePasses: (c, minutes) => houseTimePasses(c, minutes),
    rollMonster: (sheet, dice, typed) => houseRollMonster(sheet, dice, typed, st.monsterHp),
    statLine: houseStatLine,
    statLineExample: HOUSE_STAT_EXAMPLE,
    silent:
      "Where B/X house rules is silent the bot uses the classic B/X tables; other rulings are said in a few words where they apply.",
    can: {
      ...base.can,
      surprise: { surprise: houseSurprise },
      morale: { morale: houseMorale, moraleGroups: bxMoraleGroups },
      odds: { odds: (input) => houseOdds(input, st) },
      fill: { fillSheet: houseFillSheet },
      appearance: { appearance },
    },
  });
}

export const bxHouse = createBxHouse();

export * from "./attack.js";
export * from "./plan.js";
export * from "./resolve.js";
export * from "./parry.js";
export * from "./odds.js";
export * from "./bonuses.js";
export * from "./encounter.js";
export * from "./health.js";
export * from "./maneuvers.js";
export * from "./monsters.js";
export * from "./fill.js";
export * from "./stats.js";
export * from "./pursuit.js";
export * from "./round.js";
export * from "./sheet.js";
export * from "./describe.js";
