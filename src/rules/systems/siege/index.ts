/**
 * Castles & Crusades combat (seed 003) as a RuleSystem: `siege`.
 */
import type { RuleSystem, Unsupported } from "../types.js";
import { begin, lapse, odds, react, SITUATION_KEYS } from "./attack.js";
import { check, SAVE_KINDS, save, surprise } from "./check.js";
import { applyDamage, applyHealing, fallingDamage, initialState, timePasses, view } from "./damage.js";
import { siegeFillSheet } from "./fill.js";
import { initiative, roundStart } from "./initiative.js";
import { PRESETS, rollMonster } from "./monsters.js";
import { ATTRIBUTE_NAMES, ATTRIBUTE_KEYS, describeSheet, monsterSchema, sheetSchema, type SiegeSheet } from "./sheet.js";
import { STAT_EXAMPLE, siegeStatLine } from "./stats.js";
import { campaignOptions, round } from "./round.js";
import { words } from "./words.js";
import { restDays } from "./rest.js";
import { dungeon } from "./dungeon.js";

const unsupported = (message: string): Unsupported => ({ unsupported: true, message });

export const siege: RuleSystem<SiegeSheet> = {
  id: "siege",
  name: "Castles & Crusades",
  sheet: sheetSchema,
  monster: monsterSchema,
  presets: PRESETS,
  attributes: ATTRIBUTE_KEYS.map((k) => ATTRIBUTE_NAMES[k]),
  saves: SAVE_KINDS,
  situations: SITUATION_KEYS,
  seed: "003",
  words,
  round,
  campaignOptions,
  dungeon,
  describeSheet,
  initialState,
  view,
  check,
  save,
  surprise,
  reaction: () =>
    unsupported("Castles & Crusades combat has no reaction table: the Castle Keeper decides, or use /check Charisma for the leader."),
  initiative,
  roundStart,
  morale: () => unsupported("Castles & Crusades combat has no morale roll: use /check Wisdom (or Charisma) for the leader of the foes."),
  // No morale roll, so nothing prompts the Castle Keeper to call one.
  moraleCue: () => null,
  loyalty: () => unsupported("Castles & Crusades combat has no loyalty table: use /check Charisma for the employer."),
  startingLoyalty: () => 0,
  attack: { begin, react, lapse },
  odds,
  applyDamage,
  // "Magic Damage": illusory damage is subdual damage that kills at −10.
  damageKinds: ["subdual", "illusion"],
  applyHealing,
  rollMonster,
  statLine: siegeStatLine,
  statLineExample: STAT_EXAMPLE,
  fillSheet: siegeFillSheet,
  fall: fallingDamage,
  timePasses,
  restDays,
};

export * from "./sheet.js";
export * from "./monsters.js";
export * from "./stats.js";
export * from "./fill.js";
export * from "./check.js";
export * from "./damage.js";
export * from "./rest.js";
export * from "./actions.js";
export * from "./combat.js";
export * from "./initiative.js";
export { begin as beginAttack, react as reactAttack, lapse as lapseAttack, odds as attackOdds, damageDistribution, canAttack, SPECIAL_ATTACKS, SITUATION_KEYS } from "./attack.js";
