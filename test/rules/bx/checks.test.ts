import { describe, expect, it } from "vitest";
import { bx, magicItemSaves, naturalHealing } from "../../../src/rules/systems/bx/index.js";
import { isUnsupported } from "../../../src/rules/systems/types.js";
import { faces, pc } from "./helpers.js";

const ok = <T>(x: T) => {
  if (isUnsupported(x)) throw new Error("unsupported");
  return x as Exclude<T, { unsupported: true }>;
};

describe("bx ability checks", () => {
  // seed 002, "Rolling an Ability Check": d20 ≤ score succeeds
  it("equal to the score succeeds, one above fails", () => {
    const who = pc("a", { str: 13 });
    expect(ok(bx.check({ who, attribute: "STR" }, faces(13))).success).toBe(true);
    expect(ok(bx.check({ who, attribute: "str" }, faces(14))).success).toBe(false);
  });
  // seed 002, "Modifiers": −4 easy … +4 very difficult, added to the roll
  it("adds the modifier to the roll; ±4 are examples, not limits (issue 30): +5 is taken, ±21 refused", () => {
    const who = pc("a", { dex: 12 });
    const r = ok(bx.check({ who, attribute: "DEX", modifier: 4 }, faces(9)));
    expect(r.success).toBe(false);
    expect(r.rolls[0]!.total).toBe(13);
    expect(ok(bx.check({ who, attribute: "DEX", modifier: -4 }, faces(16))).success).toBe(true);
    expect(ok(bx.check({ who, attribute: "DEX", modifier: 5 }, faces(7))).rolls[0]!.total).toBe(12);
    expect(() => bx.check({ who, attribute: "DEX", modifier: 21 }, faces(9))).toThrow(/from -20 to \+20/);
    expect(() => bx.check({ who, attribute: "LUCK" }, faces(9))).toThrow(/STR, INT, WIS, DEX, CON, CHA/);
  });
  // seed 002, "1s and 20s" (ability checks)
  it("natural 1 succeeds even against a tiny score with +4; natural 20 fails against 18", () => {
    expect(ok(bx.check({ who: pc("a", { wis: 3 }), attribute: "WIS", modifier: 4 }, faces(1))).success).toBe(true);
    expect(ok(bx.check({ who: pc("a", { wis: 18 }), attribute: "WIS", modifier: -4 }, faces(20))).success).toBe(false);
  });
});

describe("bx saving throws", () => {
  // seed 002, "Rolling a Saving Throw": greater or equal succeeds
  it("equal to the value succeeds, one lower fails", () => {
    const who = pc("a", { saves: { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 } });
    expect(ok(bx.save({ who, kind: "breath" }, faces(15))).success).toBe(true);
    expect(ok(bx.save({ who, kind: "B" }, faces(14))).success).toBe(false);
  });
  // seed 002, "Categories": five categories, with their aliases
  it("knows the five categories", () => {
    expect(bx.saves).toEqual(["death", "wands", "paralysis", "breath", "spells"]);
    const who = pc("a");
    expect(ok(bx.save({ who, kind: "poison" }, faces(12))).title).toMatch(/Death or Poison succeeds/);
    expect(ok(bx.save({ who, kind: "petrification" }, faces(13))).title).toMatch(/Paralysis or Petrification fails/);
    expect(ok(bx.save({ who, kind: "staff", modifier: 2 }, faces(14))).success).toBe(true);
    expect(() => bx.save({ who, kind: "reflex" }, faces(1))).toThrow(/death, wands/);
  });
  // seed 002, "Successful Saves" and "Saving Throws Versus Poison": the save says what it does
  it("a save says a damaging effect is halved, poison's damage unchanged", () => {
    const who = pc("a");
    expect(ok(bx.save({ who, kind: "breath" }, faces(15))).lines[1]).toBe(
      "A damaging effect is halved; any other effect is avoided entirely.",
    );
    expect(ok(bx.save({ who, kind: "poison" }, faces(12))).lines[1]).toMatch(
      /poison's own damage is not changed by the save/,
    );
  });
  // seed 002, "Destruction of Magic Items": owner's saves plus the item's combat bonus
  it("magic items save with the owner's values and their bonus", () => {
    const owner = pc("a", { saves: { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 } });
    const r = magicItemSaves(owner, [{ name: "sword +2", bonus: 2 }, { name: "ring" }], "breath", faces(13, 14));
    expect(r.survivors).toEqual(["sword +2"]);
    expect(r.destroyed).toEqual(["ring"]);
  });
});

describe("bx damage, death and healing", () => {
  // seed 002, "Death": 0 hit points or less is killed
  it("kills at exactly 0 HP, not at 1", () => {
    const c = pc("a", { hp: 8 });
    expect(bx.applyDamage(c, 7, faces()).state.conditions).toEqual([]);
    const dead = bx.applyDamage(c, 8, faces());
    expect(dead.state.hp).toBe(0);
    expect(dead.state.conditions).toEqual(["dead"]);
    expect(bx.view({ ...c, state: dead.state }).status).toBe("dead");
  });
  // seed 002, "Healing": magical healing is instantaneous, capped at maximum
  it("magical healing caps at the maximum and cannot raise the dead", () => {
    const c = pc("a", { hp: 8 });
    const hurt = { ...c, state: bx.applyDamage(c, 5, faces()).state };
    expect(bx.applyHealing(hurt, 2).state.hp).toBe(5);
    expect(bx.applyHealing(hurt, 10).state.hp).toBe(8);
    const dead = { ...c, state: bx.applyDamage(c, 9, faces()).state };
    expect(() => bx.applyHealing(dead, 3)).toThrow(/dead/);
  });
  // seed 002, "Healing": 1d3 per full day of rest, none on an interrupted day
  it("natural healing: 1d3 a day, nothing on an interrupted day", () => {
    const r = naturalHealing({ days: 3, interrupted: [2] }, faces(3, 1));
    expect(r.healed).toBe(4);
    expect(r.rolls).toHaveLength(2);
    expect(r.lines[1]).toMatch(/interrupted/);
  });
});
