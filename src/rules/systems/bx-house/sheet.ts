/** The bx-house sheet: the bx sheet plus what the house rules read. */
import { z } from "zod";
import { bxInitialState, bxMonsterSchema, bxShape, hitDice } from "../bx/index.js";
import type { Mark } from "../../marks.js";
import type { Combatant } from "../types.js";

const int = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number between ${min} and ${max}` })
    .int(`${field} must be a whole number between ${min} and ${max}`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

export const houseExtra = {
  /** Class group for to-hit and damage bonuses; derived from the class when absent. */
  classGroup: z
    .enum(["fighter", "thief", "other"], { error: "Class group must be fighter, thief or other" })
    .optional(),
  /** seed 001 "Melee Attack": a fighter or pirate in light armour with a one-handed weapon may use DEX instead of STR. */
  swashbuckler: z.boolean().default(false),
  /** seed 001 "ENCOUNTER ORDER": "add PSY bonus to roll" when a hit spellcaster saves. */
  psyBonus: int("PSY bonus", -3, 3).default(0),
  /**
   * The sheet's AC already has the DEX bonus in it (as a B/X sheet's usually does): the fight adds no DEX
   * again, and takes it back out where the text drops it (stationary, flanked, from behind…).
   */
  acIncludesDex: z.boolean().default(false),
  /** Melee attacks per round (fighters with several attacks strike first and last). */
  attacksPerRound: int("Attacks per round", 1, 10).default(1),
  /** Fights Florentine (two weapons): +1 AC against melee attacks. */
  florentine: z.boolean().default(false),
  /** Important NPC fighter-type (gets level attacks against Normal Men, like a PC). */
  important: z.boolean().default(false),
  /** Counts as a 'Normal Man' (goblins, kobolds, orcs, men, giant rats…); defaults to monsters of 1 HD or less. */
  normalType: z.boolean().optional(),
  /** seed 001 "Mass Combat": a unit of this many men fought as one (its hit points are the men's d6s totalled). */
  men: int("Men in the unit", 2, 100).optional(),
  /** Surprises others on 1–N of a d6 (2 normally; 5 for the extra quiet and sneaky). */
  surprises: int("Surprises on", 0, 6).default(2),
  /** Is surprised on 1–N of a d6 (2 normally; 1 for the extra alert). */
  surprisedOn: int("Surprised on", 0, 6).default(2),
};

export const houseSheetSchema = z.object({ ...bxShape, ...houseExtra });
export type HouseSheet = z.output<typeof houseSheetSchema>;
export const houseMonsterSchema = bxMonsterSchema.extend(houseExtra);

const FIGHTER_TYPES = ["fighter", "ranger", "barbarian", "dwarf", "hobbit", "halfling", "paladin", "pirate"];

/** seed 001 "Melee Attack": fighters (including rangers, barbarians, dwarves, hobbits, paladins, pirates), thieves, all others. */
export function classGroupOf(s: HouseSheet): "fighter" | "thief" | "other" {
  if (s.classGroup) return s.classGroup;
  const c = s.class.trim().toLowerCase();
  if (FIGHTER_TYPES.includes(c)) return "fighter";
  if (c === "thief") return "thief";
  return "other";
}

export function isNormalType(s: HouseSheet): boolean {
  return s.normalType ?? (s.hd !== undefined && hitDice(s) <= 1);
}

/** Level for the critical fumble and recovery: a PC's level, a monster's hit dice (at least 1). */
export const levelOf = (s: HouseSheet): number => Math.max(1, Math.floor(hitDice(s)));

export const houseInitialState = (s: HouseSheet) => ({ ...bxInitialState(s), subdual: 0 });

/** Whether a combatant carries a mark. */
export const has = (c: Combatant<HouseSheet>, cond: Mark): boolean => c.state.conditions.includes(cond);
