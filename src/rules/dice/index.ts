/**
 * Dice engine: parse and roll dice notation, seeded streams, replay
 * verification, exact odds and embed rendering. Pure code, no I/O.
 */
import type { ParsedCommand } from "./ast.js";
import { rollCommand } from "./evaluate.js";
import { parseCommand } from "./parser.js";
import type { RandomSource } from "./random.js";
import type { RollOutcome } from "./result.js";

export type { Compare, DiceNode, ExprNode, KeepDrop, ParsedCommand, ParsedPart } from "./ast.js";
export type { DieRecord, GroupResult, PartResult, RollOutcome } from "./result.js";
export { DiceError } from "./errors.js";
export { LIMITS } from "./limits.js";
export { DICE_HELP } from "./help.js";
export { rollDie, scriptedFaces, type RandomSource } from "./random.js";
export { createStream, newSeed, commitment, type Stream, type StreamState } from "./stream.js";
export { replay, facesOf, type LoggedRoll, type ReplayEntry } from "./verify.js";
export { distribution, chanceAtLeast, mean, ODDS_LIMITS, type Distribution, type OddsOptions } from "./odds.js";
export { renderDice, renderDie, escapeMarkdown, FIELD_LIMIT } from "./render.js";
export { truncDiv } from "./evaluate.js";

/** Parses (and caches) a dice command. Throws DiceError on bad input. */
export function parse(expr: string): ParsedCommand {
  return parseCommand(expr);
}

/** Parses and rolls a command, drawing every die through rollDie(source, sides). */
export function roll(expr: string, source: RandomSource): RollOutcome {
  return rollCommand(parseCommand(expr), source);
}
