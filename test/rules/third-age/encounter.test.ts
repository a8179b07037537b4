import { describe, expect, it } from "vitest";
import {
  isUnsupported,
  RuleError,
  type LoyaltyResult,
  type MoraleResult,
  type ReactionRollResult,
  type SurpriseResult,
} from "../../../src/rules/systems/types.js";
import { intimidate, reactionBand, thirdAge } from "../../../src/rules/systems/third-age/index.js";
import { bag, monster, pc } from "./helpers.js";

const ok = <T>(x: T | { unsupported: true; message: string }): T => {
  if (isUnsupported(x)) throw new Error(x.message);
  return x;
};

describe("surprise", () => {
  // seed 000, "Surprise": on 1–2 the OPPOSING side is surprised
  it("the party's die of 2 surprises the foes; the foes' die of 3 does not surprise the party", () => {
    const r = ok<SurpriseResult>(thirdAge.surprise({ party: [pc("ann")], foes: [monster("gob")] }, bag([2, 3])));
    expect(r.surprised).toEqual({ party: false, foes: true });
    expect(r.rolls.map((x) => [x.label, x.total])).toEqual([
      ["surprise (party)", 2],
      ["surprise (foes)", 3],
    ]);
    expect(r.title).toBe("Surprise: the foes are surprised");
    expect(r.rules).toEqual(['seed 000, "Surprise"']);
  });

  it("the foes' die of 1 surprises the party; 3 on the party's die surprises nobody", () => {
    const r = ok<SurpriseResult>(thirdAge.surprise({ party: [pc("ann")], foes: [monster("gob")] }, bag([3, 1])));
    expect(r.surprised).toEqual({ party: true, foes: false });
  });

  it("both can be surprised; nobody on 3+", () => {
    expect(ok<SurpriseResult>(thirdAge.surprise({ party: [], foes: [] }, bag([1, 2]))).surprised).toEqual({
      party: true,
      foes: true,
    });
    expect(ok<SurpriseResult>(thirdAge.surprise({ party: [], foes: [] }, bag([6, 3]))).surprised).toEqual({
      party: false,
      foes: false,
    });
  });

  it("a bonus to a side's roll helps that side: it surprises the other on more numbers; a penalty on fewer, down to none", () => {
    // the party's bonus +1: it surprises the foes on 1–3
    const r = ok<SurpriseResult>(thirdAge.surprise({ party: [], foes: [], modifiers: { party: 1 } }, bag([3, 4])));
    expect(r.surprised).toEqual({ party: false, foes: true });
    expect(r.lines[0]).toBe(
      "The party rolls to surprise the foes: 1d6 [3] = 3, surprises on 1–2, bonus +1 → on 1–3: the foes are surprised",
    );
    // the foes' penalty −1: they surprise the party on 1 only; −2: never
    const r2 = ok<SurpriseResult>(thirdAge.surprise({ party: [], foes: [], modifiers: { foes: -1 } }, bag([4, 2])));
    expect(r2.surprised).toEqual({ party: false, foes: false });
    const r3 = ok<SurpriseResult>(thirdAge.surprise({ party: [], foes: [], modifiers: { foes: -2 } }, bag([4, 1])));
    expect(r3.surprised).toEqual({ party: false, foes: false });
    expect(r3.lines[1]).toBe(
      "The foes roll to surprise the party: 1d6 [1] = 1, surprises on 1–2, penalty −2 → never: the party cannot be surprised",
    );
  });
});

describe("reaction rolls", () => {
  // seed 000, "Reaction Rolls": 2d10 + leader's Charisma, bands 6-, 7–10, 11–14, 15–18, 19+
  it("has the five bands at their exact edges", () => {
    const edges: [number, string][] = [
      [2, "Immediate Hostility"],
      [6, "Immediate Hostility"],
      [7, "Unfriendly"],
      [10, "Unfriendly"],
      [11, "Neutral, Suspicious"],
      [14, "Neutral, Suspicious"],
      [15, "Uninterested"],
      [18, "Uninterested"],
      [19, "Friendly"],
      [23, "Friendly"],
      [-1, "Immediate Hostility"],
    ];
    for (const [t, band] of edges) expect(reactionBand(t), String(t)).toBe(band);
  });

  it("adds the leader's Charisma to 2d10", () => {
    const leader = pc("ann", { charisma: 2 });
    const r = ok<ReactionRollResult>(thirdAge.reaction({ leader }, bag([3, 2])));
    expect(r.rolls[0]).toMatchObject({ notation: "2d10+2", total: 7 });
    expect(r.reaction).toBe("Unfriendly");
    const r2 = ok<ReactionRollResult>(thirdAge.reaction({ leader }, bag([2, 2])));
    expect(r2.reaction).toBe("Immediate Hostility");
    const r3 = ok<ReactionRollResult>(thirdAge.reaction({ leader: pc("bo", { charisma: -1 }) }, bag([10, 10])));
    expect(r3).toMatchObject({ reaction: "Friendly", title: "Reaction: Friendly" });
    const r4 = ok<ReactionRollResult>(
      thirdAge.reaction({ leader: pc("bo", { charisma: -1 }), modifier: -1 }, bag([10, 10])),
    );
    expect(r4.reaction).toBe("Uninterested");
  });

  it("without a leader adds nothing", () => {
    expect(ok<ReactionRollResult>(thirdAge.reaction({}, bag([5, 6]))).reaction).toBe("Neutral, Suspicious");
  });
});

describe("morale", () => {
  // seed 000, "Morale and Loyalty": 2d6 above the rating → they flee
  it("holds on a roll equal to the rating, flees one above", () => {
    const gobs = [monster("g1", { morale: 7 })];
    expect(ok<MoraleResult>(thirdAge.morale({ who: gobs }, bag([3, 4]))).holds).toBe(true);
    const flee = ok<MoraleResult>(thirdAge.morale({ who: gobs }, bag([4, 4])));
    expect(flee.holds).toBe(false);
    expect(flee.title).toBe("Morale: they flee");
  });

  it("uses the given rating and modifier; group rating is the highest (choice)", () => {
    expect(ok<MoraleResult>(thirdAge.morale({ who: [], rating: 9, modifier: 1 }, bag([4, 4]))).holds).toBe(true);
    expect(ok<MoraleResult>(thirdAge.morale({ who: [], rating: 9, modifier: 2 }, bag([4, 4]))).holds).toBe(false);
    const mixed = [monster("a", { morale: 6 }), monster("b", { morale: 9 })];
    expect(ok<MoraleResult>(thirdAge.morale({ who: mixed }, bag([5, 4]))).holds).toBe(true);
    expect(ok<MoraleResult>(thirdAge.morale({ who: mixed }, bag([5, 5]))).holds).toBe(false);
    // skeletons (12) never flee
    expect(
      ok<MoraleResult>(thirdAge.morale({ who: [{ ...monster("s"), sheet: thirdAge.presets.skeleton! }] }, bag([6, 6])))
        .holds,
    ).toBe(true);
  });

  it("rejects a rating outside 2–12", () => {
    expect(() => thirdAge.morale({ who: [], rating: 13 }, bag([]))).toThrow(RuleError);
  });

  // seed 000, "Morale and Loyalty": intimidate/persuade = Charisma roll ABOVE the morale rating
  it("intimidation needs a Charisma roll above the morale rating", () => {
    const who = pc("ann", { charisma: 1 });
    const targets = [monster("g", { morale: 8 })];
    const equal = intimidate({ who, targets }, bag([4, 3]));
    expect(equal.rolls[0]).toMatchObject({ notation: "2d10+1", total: 8 });
    expect(equal.success).toBe(false);
    expect(intimidate({ who, targets }, bag([4, 4])).success).toBe(true);
    expect(intimidate({ who, targets, intent: "persuade", modifier: -1 }, bag([4, 4])).success).toBe(false);
  });
});

describe("loyalty", () => {
  // seed 000, "Morale and Loyalty": starts at 7 modified by the employer's Charisma
  it("starts at 7 + the employer's Charisma", () => {
    expect(thirdAge.startingLoyalty(pc("ann", { charisma: 2 }))).toBe(9);
    expect(thirdAge.startingLoyalty(pc("ann", { charisma: -3 }))).toBe(4);
    expect(thirdAge.startingLoyalty(undefined)).toBe(7);
  });

  // choice: a loyalty check is 2d6 vs loyalty as for morale
  it("deserts above, hesitates equal, stays below", () => {
    expect(ok<LoyaltyResult>(thirdAge.loyalty({ loyalty: 7 }, bag([4, 4]))).outcome).toBe("deserts");
    expect(ok<LoyaltyResult>(thirdAge.loyalty({ loyalty: 7 }, bag([3, 4]))).outcome).toBe("hesitates");
    expect(ok<LoyaltyResult>(thirdAge.loyalty({ loyalty: 7 }, bag([3, 3]))).outcome).toBe("stays");
    expect(ok<LoyaltyResult>(thirdAge.loyalty({ loyalty: 7, modifier: 1 }, bag([3, 3]))).outcome).toBe("hesitates");
  });
});
