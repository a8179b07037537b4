/** Spell and effect durations counted on the clock (seed 002, "Resources": "durations of spells or magical effects"). */
import { RuleError } from "../systems/types.js";
import { ROUNDS_PER_TURN } from "./clock.js";
import { durationWords } from "./light.js";
import type { TimedEffect } from "./state.js";

/** Starts (or, with 0 turns, ends) an effect lasting `turns` turns from `now`. */
export function setEffect(
  effects: TimedEffect[],
  name: string,
  turns: number,
  now: number,
): { effects: TimedEffect[]; line: string } {
  if (!Number.isInteger(turns) || turns < 0 || turns > 1440)
    throw new RuleError("An effect lasts a whole number of turns from 0 (to end it) to 1440.");
  const n = name.trim();
  const rest = effects.filter((e) => e.name.toLowerCase() !== n.toLowerCase());
  if (turns === 0) {
    if (rest.length === effects.length) throw new RuleError(`No effect named "${n}" is running: see /dungeon status.`);
    return { effects: rest, line: `${n} ends.` };
  }
  return {
    effects: [...rest, { name: n, endsAt: now + turns * ROUNDS_PER_TURN }],
    line: `${n} lasts ${durationWords(turns * ROUNDS_PER_TURN)}.`,
  };
}

/** The effects still running at `to`, and a line for each that ended. */
export function expireEffects(effects: TimedEffect[], to: number): { effects: TimedEffect[]; lines: string[] } {
  const ended = effects.filter((e) => e.endsAt <= to);
  return { effects: effects.filter((e) => e.endsAt > to), lines: ended.map((e) => `${e.name} ends.`) };
}

export function effectLines(effects: TimedEffect[], now: number): string[] {
  return effects.map((e) => `${e.name}: ${durationWords(Math.max(0, e.endsAt - now))} left`);
}
