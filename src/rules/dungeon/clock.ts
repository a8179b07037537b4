/**
 * Game time is one count of rounds (seed 002, "Time: Rounds and Turns"): a
 * dungeon turn is 60 rounds, six turns an hour. Every system's dungeon turns run
 * on this clock (the other texts count in the same turns); this also gives the
 * words a table reads.
 */
import { RuleError } from "../systems/contract/results.js";

export const ROUNDS_PER_TURN = 60;
export const TURNS_PER_HOUR = 6;
export const HOURS_PER_DAY = 24;
export const ROUNDS_PER_HOUR = ROUNDS_PER_TURN * TURNS_PER_HOUR;
export const ROUNDS_PER_DAY = ROUNDS_PER_HOUR * HOURS_PER_DAY;

export interface ClockAdvance {
  rounds: number;
  crossed: { turns: number; hours: number; days: number };
}

/**
 * seed 002, "Time: Rounds and Turns": a round is 10 seconds, 60 rounds make a
 * turn, six turns an hour. Game time is one count of rounds; advancing it
 * reports how many turn, hour and day boundaries were crossed.
 */
export function advanceClock(rounds: number, by: number): ClockAdvance {
  if (!Number.isInteger(rounds) || rounds < 0)
    throw new RuleError("The clock must be a whole number of rounds, 0 or more");
  if (!Number.isInteger(by) || by < 0) throw new RuleError("Advance the clock by a whole number of rounds, 0 or more");
  const next = rounds + by;
  const crossings = (unit: number) => Math.floor(next / unit) - Math.floor(rounds / unit);
  return {
    rounds: next,
    crossed: { turns: crossings(ROUNDS_PER_TURN), hours: crossings(ROUNDS_PER_HOUR), days: crossings(ROUNDS_PER_DAY) },
  };
}

/** Split a count of rounds into day / hour / turn / round for display. */
export function clockParts(rounds: number): { days: number; hours: number; turns: number; rounds: number } {
  return {
    days: Math.floor(rounds / ROUNDS_PER_DAY),
    hours: Math.floor((rounds % ROUNDS_PER_DAY) / ROUNDS_PER_HOUR),
    turns: Math.floor((rounds % ROUNDS_PER_HOUR) / ROUNDS_PER_TURN),
    rounds: rounds % ROUNDS_PER_TURN,
  };
}

/** The number of whole turns elapsed: the dungeon turn the party is in after `rounds`. */
export const turnOf = (rounds: number): number => Math.floor(rounds / ROUNDS_PER_TURN);

/** "2 days, 3 hours, 4 turns and 7 rounds" — only the parts that are not zero ("no time" at 0). */
export function elapsedWords(rounds: number): string {
  const p = clockParts(rounds);
  const parts = (
    [
      [p.days, "day"],
      [p.hours, "hour"],
      [p.turns, "turn"],
      [p.rounds, "round"],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, w]) => `${n} ${w}${n === 1 ? "" : "s"}`);
  if (!parts.length) return "no time";
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** The boundaries an advance crossed, in words: "Hour 1 of the expedition is over.", "Day 2 begins." */
export function crossedWords(a: ClockAdvance): string[] {
  if (a.crossed.days) return [`Day ${Math.floor(a.rounds / ROUNDS_PER_DAY) + 1} begins.`];
  if (a.crossed.hours) return [`Hour ${Math.floor(a.rounds / ROUNDS_PER_HOUR)} of the expedition is over.`];
  return [];
}
