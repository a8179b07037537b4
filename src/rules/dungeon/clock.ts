/**
 * Game time is one count of rounds (seed 002, "Time: Rounds and Turns"): a
 * dungeon turn is 60 rounds, six turns an hour. The bx helpers do the
 * arithmetic; this adds the words a table reads.
 */
import { advanceClock, clockParts, ROUNDS_PER_DAY, ROUNDS_PER_HOUR, ROUNDS_PER_TURN, type ClockAdvance } from "../systems/bx/time.js";

export { advanceClock, clockParts, ROUNDS_PER_DAY, ROUNDS_PER_HOUR, ROUNDS_PER_TURN, type ClockAdvance };

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
