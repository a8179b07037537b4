/** seed 000, "Dungeon Turn", "Random Encounters", "Movement in Dungeons", "Movement". */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type DungeonRules, type RuleResult } from "../types.js";
import { showRoll } from "./dice.js";
import { REF } from "./refs.js";

export type WanderingResult = RuleResult & { checked: boolean; encounter: boolean };

/**
 * The wandering-monster check: every `everyNTurns` turns (1 to 3, as the
 * dungeon sets), the referee rolls 1d6; on a 1 a random encounter is rolled
 * (then a reaction roll). Turns count from 1; the check falls on turns that
 * are multiples of `everyNTurns` (every 2 → turns 2, 4, 6…).
 */
export function wanderingCheck(turn: number, everyNTurns: number, bag: DiceBag): WanderingResult {
  if (!Number.isInteger(turn) || turn < 1) throw new RuleError("The dungeon turn must be a whole number of 1 or more");
  if (!Number.isInteger(everyNTurns) || everyNTurns < 1 || everyNTurns > 3)
    throw new RuleError("Wandering monsters are checked every 1, 2 or 3 turns: set the interval between 1 and 3");
  const rules = [REF.dungeonTurn, REF.randomEncounters];
  if (turn % everyNTurns !== 0) {
    const next = turn + (everyNTurns - (turn % everyNTurns));
    return {
      title: "No wandering-monster check",
      lines: [`Turn ${turn}: checks come every ${everyNTurns} turns; next on turn ${next}.`],
      rules,
      rolls: [],
      checked: false,
      encounter: false,
    };
  }
  const mark = bag.log.length;
  const r = bag.roll("wandering monster", 1, 6);
  const encounter = r.total === 1;
  return {
    title: encounter ? "Wandering monster!" : "No wandering monster",
    lines: [
      `Turn ${turn}: wandering-monster check ${showRoll(r)}${encounter ? " → 1: roll on the random-encounter table, then a reaction roll." : " → nothing comes."}`,
    ],
    rules,
    rolls: bag.since(mark),
    checked: true,
    encounter,
  };
}

/** seed 000, "Movement in Dungeons" and "Movement": feet and squares (5' squares). */
export const MOVEMENT = {
  dungeonTurn: { feet: 60, squares: 12 },
  combatRound: { feet: 40, squares: 8 },
} as const;

export function movementAllowance(scale: "dungeon" | "combat"): { feet: number; squares: number; rule: string } {
  return scale === "dungeon"
    ? { ...MOVEMENT.dungeonTurn, rule: REF.dungeonMovement }
    : { ...MOVEMENT.combatRound, rule: REF.movement };
}

export type DungeonTurnResult = WanderingResult & { minutes: number; movementFeet: number };

/**
 * One dungeon turn (10 minutes) in its three steps: declare actions,
 * describe what happened (attribute rolls where needed, made separately with
 * /check), then the wandering-monster check on the dungeon's interval.
 */
export function dungeonTurn(
  input: { turn: number; everyNTurns: number; actions?: string[]; fast?: boolean },
  bag: DiceBag,
): DungeonTurnResult {
  const w = wanderingCheck(input.turn, input.everyNTurns, bag);
  const lines = [`Dungeon turn ${input.turn} (10 minutes).`];
  lines.push(
    input.actions?.length
      ? `1. Declared: ${input.actions.join("; ")}.`
      : "1. Declare actions: hide, search, listen, move, interact…",
  );
  lines.push("2. The referee describes what happened, calling for attribute rolls where the outcome is uncertain.");
  lines.push(
    input.fast
      ? "Moving faster than 60' per turn: no forewarning of traps and hazards."
      : "Movement: 60' (12 squares) per turn, checking every section, so traps and hazards are telegraphed.",
  );
  lines.push(`3. ${w.lines[0]}`);
  return {
    ...w,
    title: w.encounter ? `Turn ${input.turn}: wandering monster!` : `Turn ${input.turn}`,
    lines,
    rules: [REF.dungeonTurn, REF.dungeonMovement, REF.randomEncounters],
    minutes: 10,
    movementFeet: MOVEMENT.dungeonTurn.feet,
  };
}

/** "If the players wish to move faster, they will not get the forewarning" (seed 000, "Movement in Dungeons"). */
export const FAST_FEET = 120;

/** The Third Age's dungeon: 60' a turn, checking every section; its own 1-in-6 check every 1–3 turns. */
export const dungeon: DungeonRules = {
  // The text's own turn; it has no light or supplies rules, so those name the ruling the table follows.
  cites: {
    time: REF.dungeonTurn,
    light: REF.choice("torches and lanterns burn as in the classic games (this text has no light rules)"),
    supplies: REF.choice("a ration and a day of water each a day (this text has no supplies rules)"),
  },
  fast: {
    perTurn: FAST_FEET,
    line: `Fast pace: ${FAST_FEET}' (${FAST_FEET / 5} squares) this turn, not checking every section: no forewarning, traps and hazards are not telegraphed.`,
    rules: [REF.dungeonMovement, REF.choice(`a fast pace covers ${FAST_FEET}' a turn, twice the careful 60'`)],
  },
  movement: () => ({
    perTurn: MOVEMENT.dungeonTurn.feet,
    line: `${MOVEMENT.dungeonTurn.feet}' (${MOVEMENT.dungeonTurn.squares} squares) this turn, checking every section.`,
    rules: [REF.dungeonMovement],
  }),
  wandering: ({ turn, every, chance }, bag) => (every <= 3 && chance === 1 ? wanderingCheck(turn, every, bag) : null),
};
