/**
 * Dice expressions in free text ("I swing: 1d20+5 to hit, 1d8+3 damage"): each
 * run of dice notation the parser accepts, in order, at most `max` of them.
 */
import { parseCommand } from "./parser.js";

/**
 * A die term, then more terms joined by + − * (e.g. 1d20+5, 4d6kh3, 2d6 + 1d4 - 1, d%, 1d6!).
 * A term's modifiers are one run of letters, digits and ! < > = — a single class, so the
 * engine has one way to read "aaaa…" and cannot backtrack through every way of cutting it up
 * (the old `(?:[a-z!<>=]{0,3}\d{0,3})*` matched the same words, exponentially slowly).
 * test/rules/regex-safety.test.ts checks this and every other pattern for super-linear backtracking.
 */
const CANDIDATE =
  /(?<!\w)(\d{0,3}d(?:\d{1,4}|%|F)[a-z!<>=\d]*(?:\s*[-+*]\s*(?:\d{0,3}d(?:\d{1,4}|%|F)[a-z!<>=\d]*|\d{1,4})(?!\w))*)/gi;

/** A Discord message holds at most 4,000 characters: the finder reads no more than that. */
export const MAX_SCAN = 4000;

export function findDice(text: string, max = 5): string[] {
  const out: string[] = [];
  for (const m of text.slice(0, MAX_SCAN).matchAll(CANDIDATE)) {
    const expr = m[1]!.replace(/\s+/g, "");
    try {
      parseCommand(expr);
    } catch {
      continue;
    }
    out.push(expr);
    if (out.length >= max) break;
  }
  return out;
}
