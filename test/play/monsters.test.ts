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

// "/encounter start monsters:…" counts: digits ("4 orcs", "3x goblins") or a word standing alone ("an ettin",
// "two orcs"); a name that merely begins with "a" or "x" is not a count.
describe("how many of each monster", () => {
  const siege = systemOf("siege");
  it("reads digits and count words; 'an' is a whole word", () => {
    const got = parseMonsters(siege, "an ettin, a lion, two orcs, 3x goblins, 4 gnome merchants").map((m) => [
      m.name,
      m.count,
    ]);
    expect(got).toEqual([
      ["Ettin", 1],
      ["Lion", 1],
      ["Orc", 2],
      ["Goblin", 3],
      ["Gnome Merchant", 4],
    ]);
  });
  it("a name beginning with a count's letters keeps them", () => {
    expect(parseMonsters(siege, "ape", "HD 2 AC 13 ATK 2 fists 1d3")[0]).toMatchObject({ name: "Ape", count: 1 });
    expect(parseMonsters(siege, "anaconda", "HD 4 AC 15 ATK bite 1d4")[0]).toMatchObject({
      name: "Anaconda",
      count: 1,
    });
    expect(parseMonsters(siege, "xorn", "HD 7 AC 22 ATK bite 4d6")[0]).toMatchObject({ name: "Xorn", count: 1 });
  });
});
