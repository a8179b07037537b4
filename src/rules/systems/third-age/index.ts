/**
 * The Third Age (seed 000): 2d10 attack rolls against a success AC and a
 * partial AC, stamina-paid reactions, attribute rolls instead of saving throws.
 */
import { thirdAgeForm } from "./form.js";
import { defineSystem } from "../define.js";
import { attackOfRound, lapse, odds, react, SITUATIONS } from "./attack.js";
import { applyDamage, applyHealing, restoreStamina } from "./damage.js";
import { intimidate, loyalty, morale, moraleCue, reaction, startingLoyalty, surprise } from "./encounter.js";
import { awardSheetXp } from "./character.js";
import { initiative, roundStart } from "./initiative.js";
import { check, save, SAVE_KINDS } from "./roll.js";
import { ATTRIBUTES, describeSheet, initialState, monsterSchema, sheetSchema, view } from "./sheet.js";
import { PRESETS, rollMonster } from "./monsters.js";
import { STAT_LINE_EXAMPLE, statLine } from "./statline.js";
import { campaignOptions, round, words } from "./round.js";
import { dungeon } from "./dungeon.js";
export { fightsWithTwo, lightWeapons, MOVED, TWO_WEAPONS } from "./round.js";

export const thirdAge = defineSystem({
  id: "third-age",
  name: "The Third Age",
  seed: "000",
  sheet: sheetSchema,
  form: thirdAgeForm,
  monster: monsterSchema,
  presets: PRESETS,
  describeSheet,
  initialState,
  view,
  // Hit points and the stamina pool: the fight's state holds them.
  fightOwns: ["hp", "stamina"],
  // Monsters by their hit dice, and custom monsters as one stat line (docs/rules/third-age.md, "Monsters").
  rollMonster,
  statLine,
  statLineExample: STAT_LINE_EXAMPLE,
  attributes: [...ATTRIBUTES],
  saves: [...SAVE_KINDS],
  check: (input, dice) => check(input, dice),
  save: (input, dice) => save(input, dice),
  words,
  round,
  initiative: (input, dice) => initiative(input, dice),
  roundStart: (input, dice) => roundStart(input, dice),
  situations: [...SITUATIONS],
  attack: { begin: (input, dice) => attackOfRound(input, dice), react, lapse },
  applyDamage,
  applyHealing,
  // Stamina returns after a turn of rest (docs/rules/third-age.md, "Stamina").
  rest: (c) => restoreStamina(c),
  campaignOptions,
  dungeon,
  can: {
    surprise: { surprise: (input, dice) => surprise(input, dice) },
    reaction: { reaction: (input, dice) => reaction(input, dice) },
    morale: { morale: (input, dice) => morale(input, dice), moraleCue },
    retainers: {
      loyalty: (input, dice) => loyalty(input, dice),
      startingLoyalty: (employer) => startingLoyalty(employer),
    },
    // seed 000, "Morale and Loyalty": "roll above the monster's morale rating on a Charisma attribute roll".
    parley: {
      parley: (input, dice) => {
        const r = intimidate(input, dice);
        return {
          ...r,
          effects: r.success ? input.targets.map((t) => ({ targetId: t.id, addConditions: ["surrendered"] })) : [],
        };
      },
    },
    odds: { odds },
    xp: { awardXp: (sheet, amount) => awardSheetXp(sheet, amount) },
  },
});

export {
  attackOfRound,
  beginAttack,
  chance2d10AtLeast,
  lapse,
  odds,
  outcomeOf,
  planOfRound,
  react,
  SITUATIONS,
  UNARMED,
} from "./attack.js";
export type { AttackPlan, ThirdAgeAttackData } from "./attack.js";
export { awardSheetXp, awardXp, combineClasses, splitXp } from "./character.js";
export {
  applyDamage,
  applyHealing,
  clearRoundConditions,
  deathThreshold,
  moveInMelee,
  restoreStamina,
  standUp,
} from "./damage.js";
export { dungeonTurn, movementAllowance, MOVEMENT, wanderingCheck } from "./dungeon.js";
export {
  intimidate,
  loyalty,
  morale,
  moraleCue,
  moraleRating,
  reaction,
  reactionBand,
  startingLoyalty,
  surprise,
} from "./encounter.js";
export { groupInitiative, individualInitiative, initiative, roundStart } from "./initiative.js";
export type { ThirdAgeInitiativeInput } from "./initiative.js";
export {
  attributeRoll,
  check,
  DEFAULT_DIFFICULTY,
  DEFAULT_SPELL_TARGET,
  levelOf,
  lowerLevel,
  PARTIAL_GAP,
  parseSaveKind,
  save,
  SAVE_KINDS,
} from "./roll.js";
export type { Level } from "./roll.js";
export { settingsSchema } from "./settings.js";
export type { ThirdAgeSettings } from "./settings.js";
export {
  ATTRIBUTES,
  isDown,
  LANGUAGES,
  languagesFor,
  monsterSchema,
  HD_RE,
  PARTIAL_AC_GAP,
  partialAC,
  sheetSchema,
  staminaPool,
  stateOf,
} from "./sheet.js";
export type { ThirdAgeSheet, ThirdAgeState } from "./sheet.js";
export { REF } from "./refs.js";
export { hitDice, PRESETS, R_MONSTER_HP, rollMonster } from "./monsters.js";
export { STAT_LINE_EXAMPLE, statLine } from "./statline.js";
