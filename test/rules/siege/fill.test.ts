// Issue 20, point 3 for Castles & Crusades (docs/rules/siege.md, "Sheets the rules fill in").
import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { bagOf, seeded } from "./helpers.js";

describe("siege: sheets the rules fill in", () => {
  // seed 003, "Hit Points": "At each level, the hit die type is rolled ... The constitution modifier is added or
  // subtracted from this roll ... a character gains at least 1 hit point for each level"
  it("rolls the attributes 3d6 each, hit points by the class's die and level with CON, and gives BtH", () => {
    const f = siege.fillSheet!({ class: "fighter", level: 3 }, seeded("siege-fill"))!;
    // seed "siege-fill": CON 7 (−1): the three d10s 3, 1, 8 give 2, 1 (at least 1) and 7.
    expect(f.fields).toEqual({ str: 12, dex: 10, con: 7, int: 14, wis: 12, cha: 15, hpMax: 10, bth: 3 });
    expect(f.filled).toEqual(["str", "dex", "con", "int", "wis", "cha", "hpMax", "bth"]);
    expect(f.result.lines).toEqual([
      "Attributes, 3d6 each: STR 12 (5, 2, 5) · DEX 10 (1, 6, 3) · CON 7 (1, 5, 1) · INT 14 (4, 4, 6) · WIS 12 (6, 4, 2) · CHA 15 (4, 6, 5).",
      "Hit points, fighter 3d10 − 1 CON each (at least 1 a level): (3 − 1) + (1 − 1 → 1) + (8 − 1) = 10.",
      "BtH +3: a fighter of level 3 (type your class table's value if it differs).",
      "Primes: STR by the class; the others are yours to choose (a human two more, a demi-human one): add them as primes.",
    ]);
    expect(f.result.rules).toContain('seed 003, "Hit Points"');
  });

  it("keeps what the player typed, and asks for what it has no table for", () => {
    const own = siege.fillSheet!(
      { class: "wizard", level: 2, con: 14, str: 9, primes: ["int", "dex"] },
      bagOf(4, 4, 4, 1, 1, 1, 6, 6, 6, 2, 2, 2, 3, 4),
    )!;
    expect(own.filled).toEqual(["dex", "int", "wis", "cha", "hpMax", "bth"]);
    expect(own.fields).toMatchObject({ hpMax: 9, bth: 1 }); // d4s 3 and 4, +1 CON each
    const odd = siege.fillSheet!({ class: "witch-hunter" }, seeded("x"))!;
    expect(odd.filled).toEqual(["str", "dex", "con", "int", "wis", "cha"]);
    expect(odd.result.lines).toContain('"witch-hunter" has no class table here: give hpMax and bth yourself.');
    const high = siege.fillSheet!({ class: "cleric", level: 12 }, seeded("x"))!;
    expect(high.filled).not.toContain("hpMax");
    expect(high.result.lines).toContain(
      "From 10th level a cleric gains a fixed number of hit points a level, from the class table (not in this text): give hpMax yourself.",
    );
  });
});
