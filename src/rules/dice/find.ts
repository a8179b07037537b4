/**
 * Dice expressions in free text ("I swing: 1d20+5 to hit, 1d8+3 damage"): each
 * run of dice notation the parser accepts, in order, at most `max` of them.
 */
import { parseCommand } from "./parser.js";

/** A die term, then more terms joined by + − * (e.g. 1d20+5, 4d6kh3, 2d6 + 1d4 - 1, d%, 1d6!). */
const CANDIDATE = /(?<![\w])(\d{0,3}d(?:\d{1,4}|%|F)(?:[a-z!<>=]{0,3}\d{0,3})*(?:\s*[-+*]\s*(?:\d{0,3}d(?:\d{1,4}|%|F)(?:[a-z!<>=]{0,3}\d{0,3})*|\d{1,4})(?![\w]))*)/gi;

export function findDice(text: string, max = 5): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
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
