import { describe, expect, it } from "vitest";
import { didYouMean, nearestNames, orList } from "../../src/play/nearest.js";

const fight = ["Dorn", "Orc 1", "Orc 2", "Goblin", "Ogre brute"];

describe("nearest names for a mistyped one", () => {
  it("lists every name the typed one begins, a word's start included", () => {
    expect(nearestNames("orc", fight)).toEqual(["Orc 1", "Orc 2"]);
    expect(nearestNames("BRUTE", fight)).toEqual(["Ogre brute"]);
  });

  it("else the nearest by edit distance, ties together, and nothing when too far", () => {
    expect(nearestNames("Orc 3", fight)).toEqual(["Orc 1", "Orc 2"]);
    expect(nearestNames("dron", fight)).toEqual(["Dorn"]);
    expect(nearestNames(["gobblins", "gobblin"], ["goblin", "orc", "ogre"])).toEqual(["goblin"]);
    expect(nearestNames("elf", fight)).toEqual([]);
    expect(nearestNames("dragon", ["goblin", "orc", "ogre"])).toEqual([]);
  });

  it("says it in words", () => {
    expect(didYouMean("orc", fight)).toBe(" Did you mean Orc 1 or Orc 2?");
    expect(didYouMean("elf", fight)).toBe("");
    expect(orList(["a", "b", "c"])).toBe("a, b or c");
    expect(orList(["a", "b", "c", "d", "e", "f", "g"])).toBe("a, b, c, d, e (or 2 more)");
  });
});
