import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/rules/systems/types.js";
import { awardXp, combineClasses, languagesFor, splitXp } from "../../../src/rules/systems/third-age/index.js";

describe("multiclassing", () => {
  // seed 000, "Multiclassing": split XP, divide HP by the number of classes, max of Magic, Divinity, Attack Bonus
  it("starting with several classes", () => {
    const r = combineClasses([
      { name: "Fighter", level: 1, xp: 0, hp: 8, attackBonus: 2, magic: 0 },
      { name: "Magic-User", level: 1, xp: 0, hp: 3, attackBonus: 0, magic: 2 },
    ]);
    expect(r).toMatchObject({ hp: 5, magic: 2, divinity: 0, attackBonus: 2 });
    expect(
      combineClasses([
        { name: "A", level: 1, xp: 0, hp: 1 },
        { name: "B", level: 1, xp: 0, hp: 0 },
        { name: "C", level: 1, xp: 0, hp: 0 },
      ]).hp,
    ).toBe(1);
    expect(splitXp(1001, 2)).toEqual([501, 500]);
    expect(splitXp(900, 3)).toEqual([300, 300, 300]);
  });

  // seed 000, "Multiclassing": adding a class — all new XP to it until it reaches the others' level
  it("adding a class later", () => {
    const classes = [
      { name: "Fighter", level: 3 },
      { name: "Magic-User", level: 1 },
    ];
    expect(awardXp(classes, 500, { added: "magic-user", xpToCatchUp: 2000 }).gains).toEqual([0, 500]);
    const caught = awardXp(classes, 2500, { added: "Magic-User", xpToCatchUp: 2000 });
    expect(caught.gains).toEqual([250, 2250]);
    // once level with the other class: split
    expect(
      awardXp(
        [
          { name: "Fighter", level: 3 },
          { name: "Magic-User", level: 3 },
        ],
        600,
        { added: "Magic-User" },
      ).gains,
    ).toEqual([300, 300]);
    expect(() => awardXp(classes, 10, { added: "Thief" })).toThrow(RuleError);
  });
});

describe("languages", () => {
  // seed 000, "Languages"
  it("one per Mind point above 0; −3 is illiterate", () => {
    expect(languagesFor(2)).toMatchObject({ extra: 2, illiterate: false });
    expect(languagesFor(0)).toMatchObject({ extra: 0, illiterate: false });
    expect(languagesFor(-2)).toMatchObject({ extra: 0, illiterate: false });
    expect(languagesFor(-3)).toMatchObject({ extra: 0, illiterate: true });
    expect(languagesFor(1).choices).toHaveLength(9);
  });
});
