import { describe, expect, it } from "vitest";
import { advanceClock, crossedWords, elapsedWords, turnOf } from "../../../src/rules/dungeon/index.js";

describe("the clock", () => {
  // seed 002, "Time: Rounds and Turns": 60 rounds a turn, six turns an hour.
  it("counts turns from rounds", () => {
    expect(turnOf(0)).toBe(0);
    expect(turnOf(59)).toBe(0);
    expect(turnOf(60)).toBe(1);
    expect(turnOf(125)).toBe(2);
  });

  it("says the time elapsed in words", () => {
    expect(elapsedWords(0)).toBe("no time");
    expect(elapsedWords(60)).toBe("1 turn");
    expect(elapsedWords(360 + 120 + 5)).toBe("1 hour, 2 turns and 5 rounds");
    expect(elapsedWords(8640 + 60)).toBe("1 day and 1 turn");
  });

  it("reports the hour and day boundaries a turn crosses", () => {
    expect(crossedWords(advanceClock(240, 60))).toEqual([]);
    expect(crossedWords(advanceClock(300, 60))).toEqual(["Hour 1 of the expedition is over."]);
    expect(crossedWords(advanceClock(8580, 60))).toEqual(["Day 2 begins."]);
  });

  it("encounter rounds count on the same clock: a turn after 5 rounds of fighting ends at round 65", () => {
    expect(advanceClock(5, 60)).toEqual({ rounds: 65, crossed: { turns: 1, hours: 0, days: 0 } });
  });
});
