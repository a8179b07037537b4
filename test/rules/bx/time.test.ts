import { describe, expect, it } from "vitest";
import {
  advanceClock,
  basicEncumbrance,
  clockParts,
  detailedEncumbrance,
  encounterMove,
  groupMovementRate,
  meleeMovement,
  treasureWeight,
} from "../../../src/rules/systems/bx/index.js";

describe("bx game time", () => {
  // seed 002, "Time: Rounds and Turns": 60 rounds a turn, six turns an hour
  it("reports no boundary inside a turn", () => {
    expect(advanceClock(0, 59)).toEqual({ rounds: 59, crossed: { turns: 0, hours: 0, days: 0 } });
  });
  it("crosses a turn at round 60 exactly", () => {
    expect(advanceClock(59, 1)).toEqual({ rounds: 60, crossed: { turns: 1, hours: 0, days: 0 } });
  });
  it("crosses an hour at 360 rounds (6 turns)", () => {
    expect(advanceClock(300, 60)).toEqual({ rounds: 360, crossed: { turns: 1, hours: 1, days: 0 } });
    expect(advanceClock(0, 359).crossed).toEqual({ turns: 5, hours: 0, days: 0 });
  });
  it("crosses a day at 8640 rounds", () => {
    expect(advanceClock(8639, 1).crossed).toEqual({ turns: 1, hours: 1, days: 1 });
    expect(advanceClock(0, 8640 * 2).crossed).toEqual({ turns: 288, hours: 48, days: 2 });
  });
  it("splits a clock for display", () => {
    expect(clockParts(8640 + 360 * 2 + 60 * 3 + 7)).toEqual({ days: 1, hours: 2, turns: 3, rounds: 7 });
  });
  it("refuses a negative advance", () => {
    expect(() => advanceClock(0, -1)).toThrow(/0 or more/);
  });
});

describe("bx movement and encumbrance", () => {
  // seed 002, "Group Movement Rate"
  it("moves the party at the slowest member's rate", () => {
    expect(groupMovementRate([120, 90, 60])).toBe(60);
  });
  // seed 002, "Option 1: Basic Encumbrance"
  it("basic encumbrance table, all six cells", () => {
    expect(basicEncumbrance({ armour: "none", carryingTreasure: false }).text).toBe("120' (40')");
    expect(basicEncumbrance({ armour: "none", carryingTreasure: true }).text).toBe("90' (30')");
    expect(basicEncumbrance({ armour: "light", carryingTreasure: false }).text).toBe("90' (30')");
    expect(basicEncumbrance({ armour: "light", carryingTreasure: true }).text).toBe("60' (20')");
    expect(basicEncumbrance({ armour: "heavy", carryingTreasure: false }).text).toBe("60' (20')");
    expect(basicEncumbrance({ armour: "heavy", carryingTreasure: true }).text).toBe("30' (10')");
  });
  // seed 002, "Tracking Encumbrance": maximum load 1,600 coins
  it("basic encumbrance still enforces the maximum load", () => {
    expect(basicEncumbrance({ armour: "none", carryingTreasure: true, treasureWeight: 1600 }).canMove).toBe(true);
    expect(basicEncumbrance({ armour: "none", carryingTreasure: true, treasureWeight: 1601 }).canMove).toBe(false);
  });
  // seed 002, "Option 2: Detailed Encumbrance": both sides of every band
  it("detailed encumbrance bands", () => {
    expect(detailedEncumbrance(400).perTurn).toBe(120);
    expect(detailedEncumbrance(401).perTurn).toBe(90);
    expect(detailedEncumbrance(600).perTurn).toBe(90);
    expect(detailedEncumbrance(601).perTurn).toBe(60);
    expect(detailedEncumbrance(800).perTurn).toBe(60);
    expect(detailedEncumbrance(801).perTurn).toBe(30);
    expect(detailedEncumbrance(1600)).toMatchObject({ perTurn: 30, perRound: 10, canMove: true });
    expect(detailedEncumbrance(1601)).toMatchObject({ perTurn: 0, canMove: false });
  });
  // seed 002, "Tracking Encumbrance" (treasure table)
  it("treasure weights", () => {
    expect(treasureWeight({ coin: 100, gem: 3, jewellery: 2, potion: 1, rod: 1, scroll: 2, staff: 1, wand: 1 })).toBe(
      100 + 3 + 20 + 10 + 20 + 2 + 40 + 10,
    );
    expect(() => treasureWeight({ sword: 1 } as never)).toThrow(/Unknown treasure/);
  });
  // seed 002, "Outside of Melee"
  it("encounter movement for at most 60 rounds", () => {
    expect(encounterMove(120, 59)).toMatchObject({ perRound: 40, allowed: true });
    expect(encounterMove(120, 60).allowed).toBe(false);
  });
  // seed 002, "In Melee"
  it("fighting withdrawal at half rate; retreat at full rate without attacking", () => {
    expect(meleeMovement("withdrawal", 120)).toMatchObject({ distance: 20, canAttack: true });
    expect(meleeMovement("retreat", 120)).toMatchObject({ distance: 40, canAttack: false });
    expect(() => meleeMovement("withdrawal", 120, false)).toThrow(/clear space/);
  });
});
