import { describe, expect, it } from "vitest";
import { isUnsupported, RuleError } from "../../../src/rules/systems/types.js";
import { thirdAge, lowerLevel, save } from "../../../src/rules/systems/third-age/index.js";
import { bag, pc } from "./helpers.js";

describe("attribute rolls", () => {
  // seed 000, "When to make an attribute roll" (mechanic chosen: 2d10 + attribute vs difficulty 12, partial from 8)
  it("succeeds at exactly the difficulty and is partial one below", () => {
    const who = pc("ann", { dexterity: 2 });
    const ok = thirdAge.check({ who, attribute: "Dexterity" }, bag([5, 5]));
    expect(isUnsupported(ok)).toBe(false);
    if (isUnsupported(ok)) return;
    expect(ok).toMatchObject({ success: true, level: "success", total: 12, difficulty: 12 });
    expect(ok.rolls[0]).toMatchObject({ label: "Dexterity roll", notation: "2d10+2", total: 12 });
    expect(ok.rules).toContain('seed 000, "When to make an attribute roll"');
    const partial = thirdAge.check({ who, attribute: "dex" }, bag([5, 4])) as unknown as {
      level: string;
      success: boolean;
      total: number;
    };
    expect(partial).toMatchObject({ level: "partial", success: false, total: 11 });
  });

  it("partial reaches down to difficulty − 4; below is a failure", () => {
    const who = pc("ann");
    expect(thirdAge.check({ who, attribute: "body" }, bag([4, 4]))).toMatchObject({ level: "partial", total: 8 });
    expect(thirdAge.check({ who, attribute: "body" }, bag([4, 3]))).toMatchObject({
      level: "failure",
      total: 7,
      success: false,
    });
  });

  it("uses the given difficulty and modifier", () => {
    const who = pc("ann", { mind: -1 });
    const r = thirdAge.check({ who, attribute: "Mind", difficulty: 15, modifier: 2 }, bag([7, 7]));
    expect(r).toMatchObject({ total: 15, level: "success", difficulty: 15 });
    expect(thirdAge.check({ who, attribute: "Mind", difficulty: 15 }, bag([7, 4]))).toMatchObject({
      total: 10,
      level: "failure",
    });
    expect(thirdAge.check({ who, attribute: "Mind", difficulty: 15 }, bag([7, 5]))).toMatchObject({
      total: 11,
      level: "partial",
    });
  });

  it("rejects an unknown attribute with the list", () => {
    expect(() => thirdAge.check({ who: pc("ann"), attribute: "Strength" }, bag([]))).toThrow(RuleError);
    expect(() => thirdAge.check({ who: pc("ann"), attribute: "Strength" }, bag([]))).toThrow(
      /Body, Dexterity, Mind, Soul, Charisma/,
    );
  });

  // seed 000, "Improvised Action": at the table it is /check with the referee's difficulty.
  it("improvised actions are attribute rolls with the referee's difficulty", () => {
    const r = thirdAge.check({ who: pc("ann", { body: 1 }), attribute: "Body", difficulty: 14 }, bag([6, 6]));
    expect(r).toMatchObject({ total: 13, level: "partial", success: false });
  });

  it("lowers levels of success without going below failure", () => {
    expect(lowerLevel("success", 1)).toBe("partial");
    expect(lowerLevel("success", 2)).toBe("failure");
    expect(lowerLevel("partial", 2)).toBe("failure");
  });
});

describe("saving throws converted", () => {
  // seed 000, "Converting Saving Throws"
  it("without a kind: tells the user what to use", () => {
    const r = thirdAge.save({ who: pc("ann") }, bag([]));
    expect(isUnsupported(r)).toBe(true);
    if (isUnsupported(r)) expect(r.message).toMatch(/attribute rolls/);
  });

  it("Breath Attack → Dexterity", () => {
    const r = save({ who: pc("ann", { dexterity: 1 }), kind: "Breath Attack" }, bag([6, 5]));
    if (isUnsupported(r)) throw new Error("unsupported");
    expect(r.lines[0]).toBe("Breath Attack → Dexterity attribute roll");
    expect(r).toMatchObject({ attribute: "dexterity", success: true, total: 12, kind: "breath" });
  });

  it("Death/Poison → Body, Paralysis/Petrify → Soul", () => {
    const d = save({ who: pc("ann", { body: -1 }), kind: "poison" }, bag([6, 6]));
    expect(d).toMatchObject({ attribute: "body", total: 11, level: "partial" });
    const p = save({ who: pc("ann", { soul: 3 }), kind: "paralysis/petrify" }, bag([1, 1]));
    expect(p).toMatchObject({ attribute: "soul", total: 5, level: "failure" });
    const p2 = save({ who: pc("ann"), kind: "Petrify" }, bag([1, 1]));
    expect(p2).toMatchObject({ attribute: "soul" });
  });

  it("wands and spells use the named target attribute, else Soul with a note", () => {
    const w = save({ who: pc("ann", { soul: 2 }), kind: "wands" }, bag([5, 5]));
    if (isUnsupported(w)) throw new Error("unsupported");
    expect(w.attribute).toBe("soul");
    expect(w.lines[0]).toBe("Wands → Soul attribute roll");
    expect(w.lines[1]).toMatch(/No target attribute given/);
    const s = save({ who: pc("ann", { mind: 1 }), kind: "spells: Mind" }, bag([5, 5]));
    if (isUnsupported(s)) throw new Error("unsupported");
    expect(s).toMatchObject({ attribute: "mind", total: 11, kind: "spells/rods/staves" });
    expect(s.lines[0]).toBe("Spells/Rods/Staves → Mind attribute roll");
    expect(save({ who: pc("ann"), kind: "staff (body)" }, bag([5, 5]))).toMatchObject({ attribute: "body" });
  });

  it("an unknown kind is a RuleError naming the kinds", () => {
    expect(() => save({ who: pc("ann"), kind: "reflex" }, bag([]))).toThrow(
      /death\/poison, wands, paralysis\/petrify, breath or spells/,
    );
  });

  it("lists the classic kinds", () => {
    expect(thirdAge.saves).toEqual(["death/poison", "wands", "paralysis/petrify", "breath", "spells/rods/staves"]);
  });
});
