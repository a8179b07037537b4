import { describe, expect, it } from "vitest";
import { bx, savesOf } from "../../../src/rules/systems/bx/index.js";
import { faces, mon, pc } from "./helpers.js";

describe("bx: saving throw values", () => {
  // seed 002, "Saving Throw Tables": "Each character class has its table" (not in the text: the classic B/X tables, or the sheet's own)
  it("a cleric without saves on the sheet uses the classic cleric table, and the sheet says so", () => {
    const c = pc("Mira", { class: "cleric", level: 2 });
    expect(savesOf(c.sheet)).toEqual({
      values: { death: 11, wands: 12, paralysis: 14, breath: 16, spells: 15 },
      source: "classic B/X cleric table, level 2",
    });
    expect(bx.describeSheet(c.sheet)).toContainEqual([
      "Saves",
      "D11 W12 P14 B16 S15 (classic B/X cleric table, level 2)",
    ]);
    expect(savesOf(pc("f", { class: "fighter", level: 4 }).sheet).values.death).toBe(10);
    expect(savesOf(pc("h", { class: "halfling", level: 1 }).sheet).values.death).toBe(8);
    expect(savesOf(mon("o", { hd: "6+3" }).sheet).source).toBe("classic B/X, as a fighter of 6 HD");
  });
  it("a sheet's own values stand and are labelled as the sheet's", () => {
    const s = pc("x", { class: "cleric", saves: { death: 5, wands: 6, paralysis: 7, breath: 8, spells: 9 } }).sheet;
    expect(bx.describeSheet(s)).toContainEqual(["Saves", "D5 W6 P7 B8 S9 (the sheet's own)"]);
    const r = bx.save({ who: pc("Mira", { class: "cleric", level: 2 }), kind: "spells" }, faces(15));
    expect("lines" in r && r.lines[0]).toBe(
      "Rolled 15 against 15 (classic B/X cleric table, level 2): greater or equal, a success.",
    );
  });
  it("an unknown class says to set the sheet's saves", () => {
    expect(savesOf(pc("p", { class: "bard" }).sheet).source).toMatch(/no classic table for "bard"/);
    expect(savesOf(pc("p", { class: "pirate" }).sheet).source).toBe("classic B/X fighter table, level 1");
  });
});

describe("bx: magic items of the dead", () => {
  // seed 002, "Destruction of Magic Items": "a saving throw may be made using the character's saving throw values", items adding their bonus
  it("/save for a dead character rolls for each magic weapon it carried", () => {
    const dead = {
      ...pc("Aldo", { class: "fighter", level: 1, weapons: [{ name: "sword +1", magic: 1 }, { name: "dagger" }] }),
      state: { conditions: ["dead" as const], hp: -2, maxHp: 8 },
    };
    const r = bx.save({ who: dead, kind: "breath" }, faces(14));
    expect("lines" in r && r.lines).toEqual([
      "Aldo is dead: each magic item saves with Aldo's values and its own bonus.",
      "sword +1: 14 +1 = 15 vs 15: survives.",
    ]);
    expect(() =>
      bx.save({ who: { ...dead, sheet: { ...dead.sheet, weapons: [] } }, kind: "breath" }, faces(1)),
    ).toThrow(/no magic items/);
  });
});
