/**
 * Castles & Crusades combat (seed 003) as a RuleSystem: `siege`.
 */
import { siegeForm } from "./form.js";
import { defineSystem } from "../define.js";
import { begin, lapse, odds, react, SITUATION_KEYS } from "./attack.js";
import { check, SAVE_KINDS, save, surprise } from "./check.js";
import { applyDamage, applyHealing, fallingDamage, initialState, timePasses, view } from "./damage.js";
import { siegeFillSheet } from "./fill.js";
import { initiative, roundStart } from "./initiative.js";
import { PRESETS, rollMonster } from "./monsters.js";
import { ATTRIBUTE_NAMES, ATTRIBUTE_KEYS, describeSheet, monsterSchema, sheetSchema } from "./sheet.js";
import { STAT_EXAMPLE, siegeStatLine } from "./stats.js";
import { campaignOptions, round } from "./round.js";
import { words } from "./words.js";
import { restDays } from "./rest.js";
import { dungeon } from "./dungeon.js";

export const siege = defineSystem({
  id: "siege",
  name: "Castles & Crusades",
  seed: "003",
  sheet: sheetSchema,
  form: siegeForm,
  monster: monsterSchema,
  presets: PRESETS,
  describeSheet,
  initialState,
  view,
  // Maximum hit points: the fight's state holds them (and the current ones).
  fightOwns: ["hpMax"],
  rollMonster,
  statLine: siegeStatLine,
  statLineExample: STAT_EXAMPLE,
  attributes: ATTRIBUTE_KEYS.map((k) => ATTRIBUTE_NAMES[k]),
  saves: SAVE_KINDS,
  check,
  save,
  words,
  round,
  initiative,
  roundStart,
  situations: SITUATION_KEYS,
  attack: { begin, react, lapse },
  applyDamage,
  // "Magic Damage": illusory damage is subdual damage that kills at −10.
  damageKinds: ["subdual", "illusion"],
  applyHealing,
  timePasses,
  restDays,
  campaignOptions,
  dungeon,
  can: { surprise: { surprise }, odds: { odds }, fill: { fillSheet: siegeFillSheet }, fall: { fall: fallingDamage } },
  // No morale roll, so nothing prompts the Castle Keeper to call one; no loyalty table, so a hired retainer's loyalty is the sheet's or the stated default.
  lacks: {
    reaction:
      "Castles & Crusades combat has no reaction table: the Castle Keeper decides, or use /check Charisma for the leader.",
    morale: "Castles & Crusades combat has no morale roll: use /check Wisdom (or Charisma) for the leader of the foes.",
    retainers: "Castles & Crusades combat has no loyalty table: use /check Charisma for the employer.",
  },
});

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
export {
  begin as beginAttack,
  react as reactAttack,
  lapse as lapseAttack,
  odds as attackOdds,
  damageDistribution,
  canAttack,
  SPECIAL_ATTACKS,
  SITUATION_KEYS,
} from "./attack.js";
