import { describe, it, expect } from "vitest";
import { parseMonsters } from "../../src/play/encounters/monsters.js";
import { systemOf } from "../../src/rules/systems/index.js";

describe("custom monsters' names", () => {
  const lg = systemOf("life-guard");
  const stats = "Life 5 Guard 4";
  it.each([
    ["2 sentries", "Sentry"],
    ["3 witches", "Witch"],
    ["2 foxes", "Fox"],
    ["4 orcs", "Orc"],
    ["1 boss", "Boss"],
    ["2 bosses", "Boss"],
    ["a cultists", "Cultists"],
  ])("%s are each named %s", (spec, name) => {
    expect(parseMonsters(lg, spec, stats)[0]!.name).toBe(name);
  });
});

describe("a stat line pasted from a book", () => {
  it("reads 'AC: 5' as 'AC 5' (seed 002's words)", async () => {
    const { readStats } = await import("../../src/play/encounters/bestiary.js");
    const bx = systemOf("bx");
    const pasted = readStats(bx, "Ogre HD: 4+1 AC: 5 ATK: club 1d10 ML: 10");
    expect(pasted).toEqual(readStats(bx, "Ogre HD 4+1 AC 5 ATK club 1d10 ML 10"));
    expect(pasted.sheet).toMatchObject({ hd: "4+1", ac: 5, morale: 10 });
  });
});
