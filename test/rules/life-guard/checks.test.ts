import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/rules/systems/types.js";
import { lifeGuard, NO_SURPRISE, retreat } from "../../../src/rules/systems/life-guard/index.js";
import { capability } from "../../../src/rules/systems/define.js";
import { faces, monster, pc } from "./helpers.js";

describe("checks and saves", () => {
  // docs, "Checks and saves": d20 ≤ score
  it("a check is d20 ≤ the score, with the modifier added to the score", () => {
    const ana = pc("Ana", { str: 12 });
    expect(lifeGuard.check({ who: ana, attribute: "STR" }, faces(12))).toMatchObject({ success: true });
    expect(lifeGuard.check({ who: ana, attribute: "str" }, faces(13))).toMatchObject({ success: false });
    expect(lifeGuard.check({ who: ana, attribute: "STR", modifier: 1 }, faces(13))).toMatchObject({ success: true });
    expect(lifeGuard.check({ who: ana, attribute: "DEX" }, faces(1))).toMatchObject({ success: true });
    expect(() => lifeGuard.check({ who: ana, attribute: "CHA" }, faces(1))).toThrow(RuleError);
  });

  // docs, "Rolling against Guard": current Guard
  it("Guard checks and tests use current Guard", () => {
    const ana = pc("Ana", { guard: 6 }, { guard: 2 });
    expect(lifeGuard.check({ who: ana, attribute: "Guard" }, faces(3))).toMatchObject({ success: false });
    expect(lifeGuard.save({ who: ana, kind: "guard" }, faces(2))).toMatchObject({ success: true });
    expect(lifeGuard.save({ who: ana, kind: "guard" }, faces(3))).toMatchObject({ success: false });
  });

  // docs, "Critical Damage": Life save d20 ≤ current Life, 1 always saves
  it("the Life save is the default save", () => {
    const ana = pc("Ana", { life: 10 }, { life: 4 });
    expect(lifeGuard.saves).toEqual(["life", "guard"]);
    expect(lifeGuard.save({ who: ana }, faces(4))).toMatchObject({ success: true });
    expect(lifeGuard.save({ who: ana }, faces(5))).toMatchObject({ success: false });
    expect(lifeGuard.save({ who: pc("Zed", {}, { life: 0 }) }, faces(1))).toMatchObject({ success: true });
    expect(() => lifeGuard.save({ who: ana, kind: "poison" }, faces(1))).toThrow(/use life or guard/);
  });
});

describe("morale, loyalty, surprise, reaction", () => {
  // seed 004, "Enemy Types" (Morale) + docs "Morale": 2d6 above Morale flees
  it("morale: 2d6 equal to Morale holds, one more flees", () => {
    expect(lifeGuard.morale({ who: [monster("orc")] }, faces(3, 4))).toMatchObject({ holds: true });
    expect(lifeGuard.morale({ who: [monster("orc")] }, faces(4, 4))).toMatchObject({ holds: false });
    expect(lifeGuard.morale({ who: [], rating: 3 }, faces(1, 2))).toMatchObject({ holds: true });
  });

  // docs, "Loyalty"
  it("loyalty: 2d6 ≤ loyalty stays, above deserts; starts at the retainer's Morale (7)", () => {
    expect(lifeGuard.loyalty({ loyalty: 7 }, faces(3, 4))).toMatchObject({ outcome: "stays" });
    expect(lifeGuard.loyalty({ loyalty: 7 }, faces(4, 4))).toMatchObject({ outcome: "deserts" });
    expect(lifeGuard.startingLoyalty(undefined)).toBe(7);
    expect(lifeGuard.startingLoyalty(undefined, lifeGuard.sheet.parse({ morale: 9 }))).toBe(9);
  });

  it("no surprise roll and no reaction table", () => {
    expect(() => capability(lifeGuard, "surprise")).toThrow(new RuleError(NO_SURPRISE));
    expect(() => capability(lifeGuard, "reaction")).toThrow(/^Life & Guard has no reaction table: the Bard decides/);
  });
});

describe("retreat", () => {
  // seed 004, "Retreat": a Guard test and a safe destination
  it("needs a safe destination and a Guard test", () => {
    const ana = pc("Ana", { guard: 4 });
    expect(retreat(ana, { safeDestination: false }, faces())).toMatchObject({ escaped: false, rolls: [] });
    expect(retreat(ana, { safeDestination: true }, faces(4))).toMatchObject({
      escaped: true,
      title: "Retreat: escaped",
    });
    expect(retreat(ana, { safeDestination: true }, faces(5))).toMatchObject({ escaped: false });
  });
});
