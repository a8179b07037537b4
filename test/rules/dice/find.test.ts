import { describe, expect, it } from "vitest";
import { findDice } from "../../../src/rules/dice/find.js";

describe("dice expressions in free text", () => {
  it("finds each expression the parser accepts, spaces around signs closed up, in order", () => {
    expect(findDice("I swing: 1d20+5 to hit, then 1d8 + 3 damage; 4d6kh3 and d% and 2d6 - 1.")).toEqual(["1d20+5", "1d8+3", "4d6kh3", "d%", "2d6-1"]);
  });
  it("leaves words alone: 3 dwarves, odd1d6, d-day", () => {
    expect(findDice("3 dwarves enter; odd1d6 is a name; d-day")).toEqual([]);
  });
  it("stops at five", () => {
    expect(findDice("1d4 1d6 1d8 1d10 1d12 1d20")).toEqual(["1d4", "1d6", "1d8", "1d10", "1d12"]);
  });
});
