/**
 * The Third Age (seed 000): 2d10 attack rolls against a success AC and a
 * partial AC, stamina-paid reactions, attribute rolls instead of saving throws.
 */
import type { RuleSystem } from "../types.js";
import { attackOfRound, lapse, odds, react, SITUATIONS } from "./attack.js";
import { applyDamage, applyHealing, restoreStamina } from "./damage.js";
import { intimidate, loyalty, morale, moraleCue, reaction, startingLoyalty, surprise } from "./encounter.js";
import { awardSheetXp } from "./character.js";
import { initiative, roundStart } from "./initiative.js";
import { check, save, SAVE_KINDS } from "./roll.js";
import { ATTRIBUTES, describeSheet, initialState, monsterSchema, sheetSchema, view, type ThirdAgeSheet } from "./sheet.js";
import { PRESETS, rollMonster } from "./monsters.js";
import { STAT_LINE_EXAMPLE, statLine } from "./statline.js";
import { campaignOptions, round, words } from "./round.js";
import { dungeon } from "./dungeon.js";
export { fightsWithTwo, lightWeapons, MOVED, TWO_WEAPONS } from "./round.js";

export const thirdAge: RuleSystem<ThirdAgeSheet> = {
  id: "third-age",
  name: "The Third Age",
  sheet: sheetSchema,
  monster: monsterSchema,
  presets: PRESETS,
  attributes: [...ATTRIBUTES],
  saves: [...SAVE_KINDS],
  situations: [...SITUATIONS],
  seed: "000",
  words,
  round,
  campaignOptions,
  dungeon,
  describeSheet,
  initialState,
  view,
  check: (input, dice) => check(input, dice),
  save: (input, dice) => save(input, dice),
  surprise: (input, dice) => surprise(input, dice),
  reaction: (input, dice) => reaction(input, dice),
  initiative: (input, dice) => initiative(input, dice),
  roundStart: (input, dice) => roundStart(input, dice),
  morale: (input, dice) => morale(input, dice),
  // seed 000, "Morale and Loyalty": "roll above the monster's morale rating on a Charisma attribute roll".
  parley: (input, dice) => {
    const r = intimidate(input, dice);
    return { ...r, effects: r.success ? input.targets.map((t) => ({ targetId: t.id, addConditions: ["surrendered"] })) : [] };
  },
  loyalty: (input, dice) => loyalty(input, dice),
  startingLoyalty: (employer) => startingLoyalty(employer),
  attack: {
    begin: (input, dice) => attackOfRound(input, dice),
    react,
    lapse,
  },
  odds,
  applyDamage,
  applyHealing,
  // Stamina returns after a turn of rest (docs/rules/third-age.md, "Stamina").
  rest: (c) => restoreStamina(c),
  moraleCue,
  awardXp: (sheet, amount) => awardSheetXp(sheet, amount),
  // Monsters by their hit dice, and custom monsters as one stat line (docs/rules/third-age.md, "Monsters").
  rollMonster,
  statLine,
  statLineExample: STAT_LINE_EXAMPLE,
};

export { attackOfRound, beginAttack, chance2d10AtLeast, lapse, odds, outcomeOf, planOfRound, react, SITUATIONS, UNARMED } from "./attack.js";
export type { AttackPlan, ThirdAgeAttackData } from "./attack.js";
export { awardSheetXp, awardXp, combineClasses, splitXp } from "./character.js";
export { applyDamage, applyHealing, clearRoundConditions, deathThreshold, moveInMelee, restoreStamina, standUp } from "./damage.js";
export { dungeonTurn, movementAllowance, MOVEMENT, wanderingCheck } from "./dungeon.js";
export { intimidate, loyalty, morale, moraleCue, moraleRating, reaction, reactionBand, startingLoyalty, surprise } from "./encounter.js";
export { groupInitiative, individualInitiative, initiative, roundStart } from "./initiative.js";
export type { ThirdAgeInitiativeInput } from "./initiative.js";
export { attributeRoll, check, DEFAULT_DIFFICULTY, DEFAULT_SPELL_TARGET, levelOf, lowerLevel, PARTIAL_GAP, parseSaveKind, save, SAVE_KINDS } from "./roll.js";
export type { Level } from "./roll.js";
export { settingsSchema } from "./settings.js";
export type { ThirdAgeSettings } from "./settings.js";
export { ATTRIBUTES, isDown, LANGUAGES, languagesFor, monsterSchema, HD_RE, PARTIAL_AC_GAP, partialAC, sheetSchema, staminaPool, stateOf } from "./sheet.js";
export type { ThirdAgeSheet, ThirdAgeState } from "./sheet.js";
export { REF } from "./refs.js";
export { hitDice, PRESETS, R_MONSTER_HP, rollMonster } from "./monsters.js";
export { STAT_LINE_EXAMPLE, statLine } from "./statline.js";
