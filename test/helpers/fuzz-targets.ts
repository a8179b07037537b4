/**
 * What users type, fuzzed: each target is a parser that reads user text, the inputs fast-check
 * makes for it (the parser's own tokens mixed with anything), and the one error it may throw for
 * bad input. Run in a worker (fuzz-worker.mjs) so that an input that blocks the thread fails the
 * test instead of hanging it.
 */
import fc from "fast-check";
import { DiceError, parse, roll } from "../../src/rules/dice/index.js";
import { findDice } from "../../src/rules/dice/find.js";
import { RuleError } from "../../src/rules/systems/types.js";
import { SYSTEMS } from "../../src/rules/systems/index.js";
import { UserError } from "../../src/play/errors.js";
import { readStats } from "../../src/play/encounters/bestiary.js";
import { readSheetInput, sheetFields, validateSheet } from "../../src/play/sheets.js";

export interface Target {
  /** Inputs as a user could type them, up to the length the bot lets through for this target. */
  input: fc.Arbitrary<string>;
  /** Reads one input; returns, or throws one of `allowed`. */
  run(text: string): void;
  allowed: (new (...args: never[]) => Error)[];
}

/** Text of `tokens` (a parser's own words) and arbitrary characters, up to `max` characters. */
function typed(tokens: string[], max: number): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...tokens) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: "grapheme-ascii" }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 3, unit: "grapheme" }) },
  );
  return fc.array(piece, { maxLength: 60 }).map((ps) => ps.join("").slice(0, max));
}

const DICE = [
  "1d6",
  "d20",
  "4d6kh3",
  "2d6kl1",
  "d%",
  "dF",
  "1d6!",
  "3d6r1",
  "1d20>15",
  "+",
  "-",
  "*",
  "/",
  "(",
  ")",
  " ",
  "d",
  "k",
  "h",
  "l",
  "!",
  "<",
  ">",
  "=",
  "a",
  "aaaa",
  "1",
  "99",
  "9999",
  "0",
  ",",
  "x",
];
const fixed = { next: () => 0.5 };
const systems = Object.values(SYSTEMS);
const withStatLine = systems.filter((s) => s.statLine);
const STATS = [
  "HD",
  "AC",
  "ATK",
  "ML",
  "MV",
  "HP",
  "THAC0",
  "AL",
  "XP",
  "4+1",
  "1-1",
  "1/2",
  "1d10",
  "2d4",
  "120'",
  "(40')",
  ":",
  ";",
  ",",
  "=",
  " ",
  "x",
  "bite",
  "claw",
  "Ogre",
  "+2",
  "-1",
  "10",
  "LVL",
  "Guard",
  "Body",
  "Str",
  "{",
  "}",
  '"',
];
const sheetTokens = (keys: string[]) => [
  ...keys.map((k) => `${k}=`),
  "1",
  "12",
  "-3",
  "yes",
  "no",
  "sword:1d8",
  "bow:1d6:missile",
  "|",
  "/",
  ":",
  "\\",
  '"',
  "=",
  ",",
  ";",
  " ",
  "{",
  "}",
  "[",
  "]",
  "70/140/210",
  "-",
];

export const TARGETS: Record<string, Target> = {
  "dice parser": {
    input: typed(DICE, 300),
    run: (t) => {
      parse(t);
      roll(t, fixed);
    },
    allowed: [DiceError],
  },
  "free-text dice finder": {
    // Keep to 200 characters until the finder's pattern is rewritten (a longer run of letters after dice backtracks for seconds).
    input: fc.oneof(
      typed([...DICE, "I swing ", "aaaaaaaaaa", "_", "1d6+1d6"], 200),
      // Dice joined by an operator, then a run of letters and a word character: what makes a pattern backtrack.
      fc
        .tuple(
          fc.constantFrom("1d6", "d20", "2d8"),
          fc.constantFrom("+", "-", "*"),
          fc.constantFrom("1d6", "d4"),
          fc.string({ maxLength: 40, size: "max", unit: fc.constantFrom("a", "b", "k", "h", "1") }),
          fc.constantFrom("_", "x", "", "!"),
        )
        .map((p) => `I swing ${p.join("")}`.slice(0, 200)),
    ),
    run: (t) => void findDice(t),
    allowed: [],
  },
  "stat lines": {
    input: fc.tuple(fc.nat({ max: withStatLine.length - 1 }), typed(STATS, 500)).map(([i, t]) => `${i}\u0000${t}`),
    run: (t) => {
      const [i, text] = t.split("\u0000") as [string, string];
      readStats(withStatLine[Number(i)]!, text);
    },
    allowed: [UserError, RuleError],
  },
  "sheet text": {
    input: fc
      .tuple(
        fc.nat({ max: systems.length - 1 }),
        fc.nat({ max: systems.length - 1 }).chain((i) => typed(sheetTokens(sheetFields(systems[i]!.sheet)), 1500)),
      )
      .map(([i, t]) => `${i}\u0000${t}`),
    run: (t) => {
      const [i, text] = t.split("\u0000") as [string, string];
      const schema = systems[Number(i)]!.sheet;
      validateSheet(schema, readSheetInput(text, schema));
    },
    allowed: [UserError],
  },
};
