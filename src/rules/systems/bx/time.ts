/** Group movement, encumbrance and the treasure weights (seed 002, "Time, Weight, Movement"); the clock itself is shared (src/rules/dungeon/clock.ts). */
import { RuleError } from "../types.js";

// The clock every system's dungeon turns run on (shared rules); B/X's text is where it comes from.
export {
  advanceClock,
  clockParts,
  HOURS_PER_DAY,
  ROUNDS_PER_DAY,
  ROUNDS_PER_HOUR,
  ROUNDS_PER_TURN,
  TURNS_PER_HOUR,
  type ClockAdvance,
} from "../../dungeon/clock.js";

/** seed 002, "Group Movement Rate": the slowest member sets the party's rate. */
export function groupMovementRate(rates: number[]): number {
  if (rates.length === 0) throw new RuleError("A party needs at least one member to have a movement rate");
  return Math.min(...rates);
}

/** A movement rate: feet per turn and per round of encounter ("120' (40')"). */
export interface MovementRate {
  perTurn: number;
  perRound: number;
  text: string;
}
const rate = (perTurn: number): MovementRate => ({
  perTurn,
  perRound: perTurn / 3,
  text: `${perTurn}' (${perTurn / 3}')`,
});

/** seed 002, "Weight: Coins" and the treasure table in "Tracking Encumbrance". */
export const TREASURE_WEIGHTS = {
  coin: 1,
  gem: 1,
  jewellery: 10,
  potion: 10,
  rod: 20,
  scroll: 1,
  staff: 40,
  wand: 10,
} as const;
export type TreasureKind = keyof typeof TREASURE_WEIGHTS;

/** Weight in coins of a bag of treasure ({coin: 300, gem: 5, potion: 2}). Ten coins are one pound. */
export function treasureWeight(items: Partial<Record<TreasureKind, number>>): number {
  let total = 0;
  for (const [k, n] of Object.entries(items)) {
    if (!(k in TREASURE_WEIGHTS))
      throw new RuleError(`Unknown treasure "${k}": use ${Object.keys(TREASURE_WEIGHTS).join(", ")}`);
    if (n === undefined) continue;
    if (!Number.isInteger(n) || n < 0)
      throw new RuleError(`The number of ${k} items must be a whole number, 0 or more`);
    total += TREASURE_WEIGHTS[k as TreasureKind] * n;
  }
  return total;
}

/** seed 002, "Tracking Encumbrance": "Any character can carry 1,600 coins of weight." */
export const MAX_LOAD = 1600;
/** seed 002, "Option 2: Detailed Encumbrance": miscellaneous adventuring gear counts as 80 coins. */
export const ADVENTURING_GEAR_WEIGHT = 80;

export interface EncumbranceResult extends MovementRate {
  canMove: boolean;
  reason: string;
}

/**
 * seed 002, "Option 1: Basic Encumbrance": the rate comes from the armour worn
 * and whether significant treasure is carried; treasure weight only matters
 * for the 1,600-coin maximum load.
 */
export function basicEncumbrance(input: {
  armour: "none" | "light" | "heavy";
  carryingTreasure: boolean;
  treasureWeight?: number;
}): EncumbranceResult {
  const w = input.treasureWeight ?? 0;
  if (w > MAX_LOAD)
    return {
      ...rate(0),
      canMove: false,
      reason: `${w} coins of treasure is over the 1,600-coin maximum load: cannot move`,
    };
  const table = { none: [120, 90], light: [90, 60], heavy: [60, 30] } as const;
  const perTurn = table[input.armour][input.carryingTreasure ? 1 : 0];
  const armourWord = input.armour === "none" ? "unarmoured" : `${input.armour} armour`;
  return {
    ...rate(perTurn),
    canMove: true,
    reason: `${armourWord}, ${input.carryingTreasure ? "carrying treasure" : "without treasure"}`,
  };
}

/**
 * seed 002, "Option 2: Detailed Encumbrance": up to 400 coins 120' (40'),
 * up to 600 90' (30'), up to 800 60' (20'), up to 1,600 30' (10'); over
 * 1,600 the character cannot move.
 */
export function detailedEncumbrance(coins: number): EncumbranceResult {
  if (!Number.isFinite(coins) || coins < 0) throw new RuleError("Encumbrance must be a number of coins, 0 or more");
  if (coins <= 400) return { ...rate(120), canMove: true, reason: `${coins} coins: up to 400` };
  if (coins <= 600) return { ...rate(90), canMove: true, reason: `${coins} coins: up to 600` };
  if (coins <= 800) return { ...rate(60), canMove: true, reason: `${coins} coins: up to 800` };
  if (coins <= MAX_LOAD) return { ...rate(30), canMove: true, reason: `${coins} coins: up to 1,600` };
  return { ...rate(0), canMove: false, reason: `${coins} coins is over the 1,600-coin maximum load: cannot move` };
}

/** seed 002, "Outside of Melee": combatants move up to their encounter rate each round, for at most 60 rounds. */
export const MAX_ENCOUNTER_MOVE_ROUNDS = 60;
export function encounterMove(
  perTurn: number,
  roundsMoved: number,
): { perRound: number; allowed: boolean; reason: string } {
  const perRound = perTurn / 3;
  if (roundsMoved >= MAX_ENCOUNTER_MOVE_ROUNDS)
    return { perRound, allowed: false, reason: "Combatants may move at encounter rate for at most 60 rounds" };
  return { perRound, allowed: true, reason: `up to ${perRound}' this round` };
}

/**
 * seed 002, "In Melee": fighting withdrawal moves backward at up to half the
 * encounter rate (clear space needed behind); retreat moves the full rate but
 * the retreating combatant cannot attack, and foes get +2 and ignore its shield.
 */
export function meleeMovement(
  kind: "withdrawal" | "retreat",
  perTurn: number,
  clearSpaceBehind = true,
): { distance: number; canAttack: boolean; lines: string[] } {
  const perRound = perTurn / 3;
  if (kind === "withdrawal") {
    if (!clearSpaceBehind)
      throw new RuleError("A fighting withdrawal needs clear space behind the combatant: retreat instead");
    return { distance: perRound / 2, canAttack: true, lines: [`Fighting withdrawal: back up to ${perRound / 2}'.`] };
  }
  return {
    distance: perRound,
    canAttack: false,
    lines: [`Retreat: up to ${perRound}'. No attack this round; foes get +2 to hit and ignore the shield.`],
  };
}
