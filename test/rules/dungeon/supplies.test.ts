import { describe, expect, it } from "vitest";
import {
  eatAndDrink,
  effectLines,
  expireEffects,
  setEffect,
  setStock,
  suppliesLines,
  type Supplies,
} from "../../../src/rules/dungeon/index.js";
import { TURN } from "./helpers.js";

const DAY = 8640;
const stock: Supplies = { rations: 7, water: 3, torches: null, oil: null };

describe("food and water", () => {
  // seed 002, "Resources": food and water are consumed as game time passes (one each a member a day: choice).
  it("eats nothing within the first day", () => {
    expect(eatAndDrink({ supplies: stock, fedDays: 0, rounds: DAY - 1, mouths: 3 })).toEqual({
      supplies: stock,
      fedDays: 0,
      lines: [],
    });
  });

  it("eats one ration and one day's water a member when a day passes", () => {
    const r = eatAndDrink({ supplies: stock, fedDays: 0, rounds: DAY, mouths: 3 });
    expect(r.supplies).toEqual({ ...stock, rations: 4, water: 0 });
    expect(r.fedDays).toBe(1);
    expect(r.lines).toEqual([
      "A day passed: the party uses 3 rations (4 left).",
      "A day passed: the party uses 3 water (0 left).",
      "⚠️ Not enough water for another day.",
    ]);
  });

  it("says who goes hungry when the stock runs short, for every day passed", () => {
    const r = eatAndDrink({ supplies: stock, fedDays: 0, rounds: 3 * DAY, mouths: 3 });
    expect(r.supplies.rations).toBe(0);
    expect(r.lines).toContain("⚠️ 2 rations short: someone goes hungry.");
    expect(r.lines).toContain("⚠️ 6 days of water short: someone goes thirsty.");
    expect(r.fedDays).toBe(3);
  });

  it("leaves untracked stock alone", () => {
    const none: Supplies = { rations: null, water: null, torches: null, oil: null };
    expect(eatAndDrink({ supplies: none, fedDays: 0, rounds: DAY, mouths: 2 }).lines).toEqual([]);
    expect(suppliesLines(none)[0]).toMatch(/Not tracked/);
    expect(suppliesLines(setStock(none, "rations", 12))).toEqual(["rations 12"]);
    expect(() => setStock(none, "water", -1)).toThrow(/0 to 9999/);
  });
});

describe("spell and effect durations", () => {
  // seed 002, "Resources": "durations of spells or magical effects".
  it("counts an effect down on the clock and ends it", () => {
    const { effects } = setEffect([], "Light spell", 2, 30);
    expect(effectLines(effects, 60)).toEqual(["Light spell: 1 turn 30 rounds left"]);
    expect(expireEffects(effects, 120)).toEqual({ effects, lines: [] });
    expect(expireEffects(effects, 150)).toEqual({ effects: [], lines: ["Light spell ends."] });
  });

  it("ends an effect early with 0 turns", () => {
    const { effects } = setEffect([], "Bless", 3, 0);
    expect(setEffect(effects, "bless", 0, TURN)).toEqual({ effects: [], line: "bless ends." });
    expect(() => setEffect([], "Haste", 0, 0)).toThrow(/No effect named "Haste"/);
  });
});
