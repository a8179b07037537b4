import { describe, expect, it } from "vitest";
import seedrandom from "seedrandom";
import { findDice, MAX_SCAN } from "../../../src/rules/dice/find.js";

describe("dice expressions in free text", () => {
  it("finds each expression the parser accepts, spaces around signs closed up, in order", () => {
    expect(findDice("I swing: 1d20+5 to hit, then 1d8 + 3 damage; 4d6kh3 and d% and 2d6 - 1.")).toEqual([
      "1d20+5",
      "1d8+3",
      "4d6kh3",
      "d%",
      "2d6-1",
    ]);
  });
  it("leaves words alone: 3 dwarves, odd1d6, d-day", () => {
    expect(findDice("3 dwarves enter; odd1d6 is a name; d-day")).toEqual([]);
  });
  it("stops at five", () => {
    expect(findDice("1d4 1d6 1d8 1d10 1d12 1d20")).toEqual(["1d4", "1d6", "1d8", "1d10", "1d12"]);
  });
  it("reads a message that made the old pattern backtrack for a minute in milliseconds, and no further than a message's length", () => {
    const started = performance.now();
    expect(findDice(`I swing 1d6+1d6${"a".repeat(33)}_`)).toEqual(["1d6"]);
    expect(findDice(`1d6+1d6${"a".repeat(20_000)}_ and 1d8`)).toEqual([]); // cut at 4,000: "1d6+1d6aaa…" is not dice
    expect(performance.now() - started).toBeLessThan(200);
    expect(findDice(`${" ".repeat(MAX_SCAN - 3)}1d4`)).toEqual(["1d4"]);
    expect(findDice(`${" ".repeat(MAX_SCAN)}1d4`)).toEqual([]);
  });
  it("finds what the old pattern found, on 20,000 short random texts", () => {
    // The pattern before the fix; short texts keep its backtracking cheap.
    const OLD =
      /(?<![\w])(\d{0,3}d(?:\d{1,4}|%|F)(?:[a-z!<>=]{0,3}\d{0,3})*(?:\s*[-+*]\s*(?:\d{0,3}d(?:\d{1,4}|%|F)(?:[a-z!<>=]{0,3}\d{0,3})*|\d{1,4})(?![\w]))*)/gi;
    const alphabet = "0123456789dDkKhHlLfFxXaz!<>=%+-* _\n,.";
    const rng = seedrandom.alea("find-old-new");
    let found = 0;
    for (let n = 0; n < 20_000; n++) {
      let text = "";
      for (let i = Math.floor(rng() * 18); i >= 0; i--) text += alphabet[Math.floor(rng() * alphabet.length)];
      const old: string[] = [];
      for (const m of text.matchAll(OLD)) {
        const got = findDice(m[1]!, 1);
        if (got.length && got[0] === m[1]!.replace(/\s+/g, "")) old.push(got[0]!);
      }
      expect(findDice(text, 99)).toEqual(old);
      found += old.length;
    }
    expect(found).toBeGreaterThan(300);
  });
});
