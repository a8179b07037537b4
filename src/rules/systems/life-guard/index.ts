/** Life & Guard (seed 004): the rule system. */
import { lifeGuardForm } from "./form.js";
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, DamageResult } from "../types.js";
import { defineSystem } from "../define.js";
import { attack, SITUATIONS } from "./attack.js";
import {
  ATTRIBUTES,
  check,
  loyalty,
  morale,
  NO_REACTION,
  NO_SURPRISE,
  save,
  SAVES,
  startingLoyalty,
} from "./checks.js";
import { applyDamageTo, applyHealingTo, LONG_REST_TURNS, mortalClock, rest, treat } from "./damage.js";
import { odds } from "./odds.js";
import { encounterDistance, initiative, roundStart } from "./round.js";
import { describeSheet, initialState, monsterSchema, sheetSchema, view, type LifeGuardSheet } from "./sheet.js";
import { presets } from "./monsters.js";
import { STAT_LINE_EXAMPLE, statLine } from "./statline.js";
import { campaignOptions, round as roundRules, words } from "./round.js";
import { dungeon } from "./dungeon.js";
import { versions } from "./versions.js";

export const lifeGuard = defineSystem({
  id: "life-guard",
  name: "Life & Guard",
  seed: "004",
  sheet: sheetSchema,
  form: lifeGuardForm,
  monster: monsterSchema,
  presets,
  describeSheet,
  initialState,
  view,
  // Life and Guard: the fight's state holds them.
  fightOwns: ["life", "guard"],
  // Its state's shape since release, and how an older row reads (./versions.ts).
  versions,
  // Enemies' Life and Guard are fixed by their type (seed 004, "Enemy Types"): no rollMonster.
  statLine,
  statLineExample: STAT_LINE_EXAMPLE,
  attributes: ATTRIBUTES,
  saves: SAVES,
  check,
  save,
  encounterDistance,
  words,
  round: roundRules,
  initiative,
  roundStart,
  situations: SITUATIONS,
  attack,
  applyDamage(
    c: Combatant<LifeGuardSheet>,
    amount: number,
    dice: DiceBag,
    kind?: "normal" | "subdual",
    opts?: { armourCap?: number; armour?: number },
  ): DamageResult {
    const { state, result } = applyDamageTo(c, amount, dice, kind ?? "normal", opts ?? {});
    return { state, result };
  },
  applyHealing: applyHealingTo,
  // Rest restores Guard; a long rest also ends "deprived" (docs/rules/life-guard.md).
  rest: (c, kind) => rest(c, { long: kind === "long" }),
  // "Deprived until you rest for a few hours" (seed 004, "Scars", row 3): 3 hours, 18 dungeon turns in a row (docs/rules/life-guard.md, "Deprived").
  longRestTurns: LONG_REST_TURNS,
  // A full day of rest is more than a few hours: a long rest.
  restDays: (c) => rest(c, { long: true }),
  // Game time between fights: a Mortal Wound's hour runs out (seed 004, "Scars", row 11).
  timePasses: (c, minutes) => mortalClock(c, minutes),
  campaignOptions,
  dungeon,
  // Seed 004 rolls nothing for a new character (docs/rules/life-guard.md, "Sheets"): no fill.
  can: {
    morale: { morale },
    retainers: { loyalty, startingLoyalty },
    odds: { odds },
    // "Minus d6 maximum Life until you are treated" (seed 004, "Scars", row 6), between fights (/heal treat).
    treat: { treat },
  },
  lacks: { surprise: NO_SURPRISE, reaction: NO_REACTION },
});

export * from "./sheet.js";
export * from "./monsters.js";
export * from "./statline.js";
export * from "./dice.js";
export * from "./damage.js";
export * from "./ranks.js";
export * from "./attack.js";
export * from "./round.js";
export * from "./checks.js";
export * from "./odds.js";
export { R as LIFE_GUARD_RULES } from "./refs.js";
