import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/rules/systems/types.js";
import { dungeonTurn, movementAllowance, wanderingCheck } from "../../../src/rules/systems/third-age/index.js";
import { bag } from "./helpers.js";

describe("dungeon", () => {
  // seed 000, "Dungeon Turn": referee rolls 1d6 and on a 1 a random encounter is rolled
  it("a 1 on the d6 is a wandering monster, a 2 is not", () => {
    const hit = wanderingCheck(1, 1, bag([1]));
    expect(hit).toMatchObject({ checked: true, encounter: true, title: "Wandering monster!" });
    expect(hit.rolls[0]).toMatchObject({ label: "wandering monster", notation: "1d6", total: 1 });
    expect(wanderingCheck(1, 1, bag([2]))).toMatchObject({ checked: true, encounter: false });
  });

  // seed 000, "Random Encounters": every turn to every three turns
  it("checks only on turns that are multiples of the interval", () => {
    const b = bag([]);
    const skip = wanderingCheck(1, 2, b);
    expect(skip).toMatchObject({ checked: false, encounter: false, rolls: [] });
    expect(skip.lines[0]).toBe("Turn 1: checks come every 2 turns; next on turn 2.");
    expect(wanderingCheck(2, 2, bag([1])).encounter).toBe(true);
    expect(wanderingCheck(5, 3, bag([])).checked).toBe(false);
    expect(wanderingCheck(6, 3, bag([6])).checked).toBe(true);
    expect(() => wanderingCheck(1, 4, bag([]))).toThrow(RuleError);
    expect(() => wanderingCheck(0, 1, bag([]))).toThrow(RuleError);
  });

  // seed 000, "Dungeon Turn" + "Movement in Dungeons"
  it("a dungeon turn is 10 minutes of declare, describe, check", () => {
    const t = dungeonTurn({ turn: 3, everyNTurns: 3, actions: ["search the alcove"] }, bag([1]));
    expect(t).toMatchObject({ minutes: 10, movementFeet: 60, encounter: true, title: "Turn 3: wandering monster!" });
    expect(t.lines[1]).toBe("1. Declared: search the alcove.");
    expect(t.rules).toContain('seed 000, "Movement in Dungeons"');
  });

  // seed 000, "Movement in Dungeons" and "Movement"
  it("moves 60' per dungeon turn and 40' per combat round", () => {
    expect(movementAllowance("dungeon")).toEqual({ feet: 60, squares: 12, rule: 'seed 000, "Movement in Dungeons"' });
    expect(movementAllowance("combat")).toEqual({ feet: 40, squares: 8, rule: 'seed 000, "Movement"' });
  });
});
