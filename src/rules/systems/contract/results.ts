/** What every rule returns, and how a system says it lacks one. Part of the contract in ../types.ts. */
import type { DiceRoll } from "../../dice/bag.js";

/** A citation of the seed text: `seed 000, "Attack Rolls"`. */
export type RuleRef = string;

/** What every resolved rule returns. */
export interface RuleResult {
  /** Short title for the embed ("Surprise", "Reaction: Unfriendly"). */
  title: string;
  /** The outcome in words, one line each. */
  lines: string[];
  /** The rules that produced it. */
  rules: RuleRef[];
  /** Every roll made, in order. */
  rolls: DiceRoll[];
}

/** A system that lacks a rule declares it; commands show `message` instead of failing. */
export interface Unsupported {
  unsupported: true;
  /** e.g. "The Third Age has no saving throws: use /check Body". */
  message: string;
}
export const isUnsupported = (x: unknown): x is Unsupported =>
  typeof x === "object" && x !== null && (x as Unsupported).unsupported === true;

/** An error a player caused (bad option, reaction not open); the message says what to do. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RuleError";
  }
}
