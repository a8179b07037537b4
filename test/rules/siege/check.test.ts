import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { bestWisdom, save as siegeSave, surprise } from "../../../src/rules/systems/siege/check.js";
import { isUnsupported } from "../../../src/rules/systems/types.js";
import { bagOf, mon, pc } from "./helpers.js";

const fighter = pc("Bran", { class: "fighter", level: 1, str: 16 });

describe("SIEGE checks (standard C&C mechanic, see docs)", () => {
  it("prime: d20 + level + modifier ≥ 12, both sides of the edge", () => {
    const ok = siege.check({ who: fighter, attribute: "Strength" }, bagOf(9));
    expect(isUnsupported(ok)).toBe(false);
    if (isUnsupported(ok)) return;
    expect(ok.success).toBe(true);
    expect(ok.rolls[0]!.total).toBe(12);
    const no = siege.check({ who: fighter, attribute: "str" }, bagOf(8));
    expect(!isUnsupported(no) && no.success).toBe(false);
  });

  it("secondary: base 18", () => {
    const yes = siege.check({ who: fighter, attribute: "wisdom" }, bagOf(17));
    const no = siege.check({ who: fighter, attribute: "wisdom" }, bagOf(16));
    expect(!isUnsupported(yes) && yes.success).toBe(true);
    expect(!isUnsupported(no) && no.success).toBe(false);
  });

  it("the challenge level (difficulty) and modifier add up", () => {
    const r = siege.check({ who: fighter, attribute: "Strength", difficulty: 3, modifier: 1 }, bagOf(11));
    if (isUnsupported(r)) throw new Error("unsupported");
    expect(r.lines[1]).toBe("Target 15: base 12 (prime) + challenge level 3.");
    expect(r.success).toBe(true); // 11 + 1 + 2 + 1 = 15
    const f = siege.check({ who: fighter, attribute: "Strength", difficulty: 3, modifier: 1 }, bagOf(10));
    expect(!isUnsupported(f) && f.success).toBe(false);
  });

  it("rejects an unknown attribute and a bad challenge level", () => {
    expect(() => siege.check({ who: fighter, attribute: "Luck" }, bagOf(10))).toThrow(/not an attribute/);
    expect(() => siege.check({ who: fighter, attribute: "str", difficulty: -1 }, bagOf(10))).toThrow(/challenge level/);
  });

  it("a monster uses its hit dice as level", () => {
    const ogre = mon("Ogre", "ogre"); // 4 HD, STR 18 (+3), physical primes
    const r = siege.check({ who: ogre, attribute: "Strength" }, bagOf(5));
    if (isUnsupported(r)) throw new Error("unsupported");
    expect(r.rolls[0]!.total).toBe(12);
    expect(r.success).toBe(true);
  });
});

describe("saves are SIEGE checks by the threat's attribute", () => {
  it("lists kinds and maps them", () => {
    expect(siege.saves).toContain("poison");
    const r = siege.save({ who: fighter, kind: "Poison" }, bagOf(17));
    if (isUnsupported(r)) throw new Error("unsupported");
    expect(r.title).toBe("Save vs poison (Constitution): saved"); // 17 + 1 + 0 = 18 vs 18
    const p = siege.save({ who: fighter, kind: "paralysis" }, bagOf(9)); // Strength prime: 9+1+2 = 12
    expect(!isUnsupported(p) && p.success).toBe(true);
  });

  it("adds a challenge level when given", () => {
    const r = siegeSave({ who: fighter, kind: "paralysis", challengeLevel: 2 }, bagOf(10));
    expect(r.target).toBe(14);
    expect(r.success).toBe(false);
  });

  it("asks for a kind", () => {
    expect(() => siege.save({ who: fighter }, bagOf(10))).toThrow(/Name the kind/);
    expect(() => siege.save({ who: fighter, kind: "rods" }, bagOf(10))).toThrow(/not a save kind/);
  });
});

describe("surprise", () => {
  // seed 003, "Surprise": a Wisdom check by the member with the best chance, or by each member
  const cleric = pc("Ava", { class: "cleric", level: 1, wis: 13 });
  it("the best in each group rolls; failure means surprised", () => {
    expect(bestWisdom([fighter, cleric])!.id).toBe("Ava");
    const orc = mon("orc", "orc");
    const gob = mon("gob", "goblin");
    const r = siege.surprise({ party: [fighter, cleric], foes: [orc, gob] }, bagOf(10, 16));
    if (isUnsupported(r)) throw new Error("unsupported");
    expect(r.surprised).toEqual({ party: false, foes: true }); // 10+1+1 = 12 vs 12; 16+1 = 17 vs 18
    expect(r.rolls.map((x) => x.total)).toEqual([12, 17]);
    expect(r.rules).toContain('seed 003, "Surprise"');
  });

  it("the Castle Keeper's modifier (−5..+5) shifts the check", () => {
    const orc = mon("orc", "orc");
    const r = siege.surprise({ party: [cleric], foes: [orc], modifiers: { foes: 1, party: -5 } }, bagOf(15, 16));
    if (isUnsupported(r)) throw new Error("unsupported");
    expect(r.surprised).toEqual({ party: false, foes: false }); // 15+2-5 = 12; 16+1+1 = 18
    const x = siege.surprise({ party: [cleric], foes: [orc], modifiers: { party: -6 } }, bagOf(15, 1));
    if (isUnsupported(x)) throw new Error("unsupported");
    expect(x.surprised.party).toBe(true);
    expect(x.lines[0]).toContain("beyond the usual");
  });

  it("each member may roll for themselves", () => {
    const r = surprise({ party: [fighter, cleric], foes: [], mode: "each" }, bagOf(5, 10));
    expect(r.surprisedIds).toEqual(["Bran"]);
    expect(r.surprised.party).toBe(false);
    expect(r.surprised.foes).toBe(false);
  });
});
