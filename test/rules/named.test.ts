// Issue 41, point 5: a box that takes a name and a number reads names that hold numbers ("Orc 1"), in either order.
import { describe, expect, it } from "vitest";
import { readNameAndNumber } from "../../src/rules/round/named.js";

const FOES = ["Orc 1", "Orc 2", "Orc 10", "Ogre"];

describe("a name and a number in one box", () => {
  it("reads the name first, in either order, with or without a comma or feet", () => {
    for (const typed of [
      "Orc 1 40",
      "40 Orc 1",
      "Orc 1, 40",
      "Orc 1 40ft",
      "Orc 1 40 ft",
      "40' Orc 1",
      "orc 1 40 feet",
      "40ft, Orc 1",
      "  Orc 1   40  ",
    ]) {
      expect(readNameAndNumber(typed, FOES, true), typed).toEqual({ name: "Orc 1", number: 40 });
    }
  });

  it("prefers the longest name that stands as whole words: Orc 10 is not Orc 1 and a 0", () => {
    expect(readNameAndNumber("Orc 10 40", FOES, true)).toEqual({ name: "Orc 10", number: 40 });
    expect(readNameAndNumber("40 Orc 10", FOES, true)).toEqual({ name: "Orc 10", number: 40 });
    expect(readNameAndNumber("Orc 2 35", FOES, true)).toEqual({ name: "Orc 2", number: 35 });
    expect(readNameAndNumber("Ogre 20", FOES, true)).toEqual({ name: "Ogre", number: 20 });
  });

  it("a name that ends in a number gives way to a shorter one when a number is wanted and only the shorter leaves one", () => {
    expect(readNameAndNumber("Goblin 40", ["Goblin 40", "Goblin"], true)).toEqual({ name: "Goblin", number: 40 });
    expect(readNameAndNumber("Goblin 40", ["Goblin 40", "Goblin"])).toEqual({ name: "Goblin 40" });
    expect(readNameAndNumber("Goblin 40 30", ["Goblin 40", "Goblin"], true)).toEqual({ name: "Goblin 40", number: 30 });
  });

  it("a number alone, a name alone, or nothing", () => {
    expect(readNameAndNumber("40", FOES, true)).toEqual({ number: 40 });
    expect(readNameAndNumber("40 ft", FOES, true)).toEqual({ number: 40 });
    expect(readNameAndNumber("Orc 1", FOES, true)).toEqual({ name: "Orc 1" });
    expect(readNameAndNumber("", FOES, true)).toEqual({});
    expect(readNameAndNumber(" , ", FOES, true)).toEqual({});
  });

  it("says what it could not read: a name nobody has, or words beside a name that are not one number", () => {
    expect(readNameAndNumber("Troll 40", FOES, true)).toEqual({ number: 40, unknown: "Troll" });
    expect(readNameAndNumber("40 Troll 2", FOES, true)).toEqual({ number: 40, unknown: "Troll 2" });
    expect(readNameAndNumber("Troll 2 40", FOES, true)).toEqual({ number: 40, unknown: "Troll 2" });
    expect(readNameAndNumber("Troll", FOES, true)).toEqual({ unknown: "Troll" });
    expect(readNameAndNumber("Orc 1 forty", FOES, true)).toEqual({ name: "Orc 1", badNumber: "forty" });
    expect(readNameAndNumber("Orc 1 40 50", FOES, true)).toEqual({ name: "Orc 1", badNumber: "40 50" });
    // "Orc 140" is no Orc 1: the name must end where a word ends.
    expect(readNameAndNumber("Orc 140", ["Orc 1"], true)).toEqual({ number: 140, unknown: "Orc" });
  });
});
