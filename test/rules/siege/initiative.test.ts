import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { firstStrike } from "../../../src/rules/systems/siege/combat.js";
import { roundEnd, roundEndEffects, roundStart } from "../../../src/rules/systems/siege/initiative.js";
import { bagOf, mon, pc } from "./helpers.js";
import { wordFor } from "../../../src/rules/round/words.js";

describe("initiative", () => {
  // seed 003, "Initiative": d10 each, highest first; ties to the higher Dexterity; equal Dexterity: simultaneous
  it("orders by d10, ties by Dexterity, then simultaneous", () => {
    const a = pc("a", { dex: 14 });
    const b = pc("b", { dex: 16 });
    const c = pc("c", { dex: 14 });
    const d = mon("d", "orc");
    const r = siege.initiative({ combatants: [a, b, c, d], method: "individual", round: 2 }, bagOf(7, 7, 7, 9));
    expect(r.order).toEqual([["d"], ["b"], ["a", "c"]]);
    expect(r.lines.at(-1)).toBe("a & c: d10 7, Dexterity 14 — simultaneous.");
  });

  it("those who cannot act do not roll", () => {
    const a = pc("a", {}, { hp: 0, conditions: ["unconscious"] });
    const b = pc("b");
    const s = pc("s", {}, { conditions: ["surprised"] });
    const r = siege.initiative({ combatants: [a, b, s], method: "individual", round: 1 }, bagOf(4));
    // The surprised roll nothing but keep a last place in round 1's order, where /next passes them by.
    expect(r.order).toEqual([["b"], ["s"]]);
    expect(r.lines).toContain("a cannot act (unconscious).");
    expect(r.lines).toContain("s cannot act (surprised).");
  });

  // seed 003, "Initiative": group initiative as the Castle Keeper's option
  it("group initiative: the winning side acts before anyone of the other", () => {
    const a = pc("a", { dex: 12 });
    const b = pc("b", { dex: 9 });
    const o = mon("o", "orc");
    const r = siege.initiative({ combatants: [a, b, o], method: "group", round: 1 }, bagOf(3, 8));
    expect(r.order).toEqual([["o"], ["a", "b"]]);
    const tie = siege.initiative({ combatants: [a, b, o], method: "group", round: 1 }, bagOf(5, 5));
    expect(tie.order).toEqual([["a", "b"], ["o"]]); // best Dexterity 12 beats 10
    const same = siege.initiative({ combatants: [pc("x"), o], method: "group", round: 1 }, bagOf(5, 5));
    expect(same.order).toEqual([["x", "o"]]);
  });

  // seed 003, "Initiative": the first-round exception for reach and size
  it("reach over 10 ft against under 6 ft, or large against medium, strikes first in round 1 only", () => {
    const ogre = siege.presets.ogre!;
    const man = siege.sheet.parse({ weapons: [{ name: "sword", damage: "1d8" }] });
    expect(firstStrike(ogre, man, { round: 1 })).toEqual({ first: true, why: "large against medium" });
    expect(firstStrike(ogre, man, { round: 2 }).first).toBe(false);
    expect(firstStrike(ogre, man, { round: 1, closesWithin10ft: false }).first).toBe(false);
    const pike = siege.sheet.parse({ weapons: [{ name: "pike", damage: "1d8", reach: 15 }] });
    expect(firstStrike(pike, man, { round: 1 })).toEqual({ first: true, why: "reach 15 ft against 5 ft" });
    const spear = siege.sheet.parse({ weapons: [{ name: "spear", damage: "1d6", reach: 6 }] });
    expect(firstStrike(pike, spear, { round: 1 }).first).toBe(false);
    const lance10 = siege.sheet.parse({ weapons: [{ name: "polearm", damage: "1d8", reach: 10 }] });
    expect(firstStrike(lance10, man, { round: 1 }).first).toBe(false);
    expect(firstStrike(man, ogre, { round: 1 }).first).toBe(false);
    // Bo won the initiative but did not close on the Ogre: the order stands.
    const r = siege.initiative(
      { combatants: [pc("Bo"), mon("Ogre", "ogre")], method: "individual", round: 1 },
      bagOf(9, 2),
    );
    expect(r.order).toEqual([["Bo"], ["Ogre"]]);
  });

  // seed 003, "Initiative": "the creature with the longer reach or larger size is allowed to attack first, even if
  // the creature with the shorter reach or smaller size won the initiative roll ... only ... if [it] approaches within ten feet"
  it("a declared charge at a larger foe lets the larger foe strike first in round 1: the order changes", () => {
    const bo = pc("Bo", {}, { conditions: ["charging"] });
    const ann = pc("Ann");
    const r = siege.initiative(
      { combatants: [ann, bo, mon("Ogre", "ogre")], method: "individual", round: 1 },
      bagOf(9, 8, 2),
    );
    expect(r.order).toEqual([["Ann"], ["Ogre"], ["Bo"]]);
    expect(r.lines.at(-1)).toBe(
      "First round: Ogre strikes first against Bo, who closes on it (large against medium), though it lost the initiative; that strike is its action this round.",
    );
    // Round 2: no exception.
    const r2 = siege.initiative(
      { combatants: [ann, bo, mon("Ogre", "ogre")], method: "individual", round: 2 },
      bagOf(9, 8, 2),
    );
    expect(r2.order).toEqual([["Ann"], ["Bo"], ["Ogre"]]);
    // Group initiative: the ogre's side lost, the ogre alone goes first.
    const g = siege.initiative(
      { combatants: [ann, bo, mon("Ogre", "ogre"), mon("Orc", "orc")], method: "group", round: 1 },
      bagOf(9, 2),
    );
    expect(g.order).toEqual([["Ogre"], ["Ann", "Bo"], ["Orc"]]);
  });
});

describe("round start", () => {
  // seed 003, "Initiative": every creature rolls each round
  it("rerolls initiative each round", () => {
    const a = pc("a");
    const b = pc("b", { dex: 13 });
    const r = siege.roundStart({ combatants: [a, b], method: "individual", round: 3 }, bagOf(2, 6));
    expect(r.order).toEqual([["b"], ["a"]]);
    expect(r.rolls.length).toBe(2);
  });

  // seed 003, "Hit Points": mortally wounded lose 1 HP a round until aided — at the round's end, not its start
  it("lists who cannot act and leaves the declarations and the bleed to the round's end", () => {
    const m = pc("m", {}, { hp: -7, conditions: ["unconscious", "mortally wounded", "dying"] });
    const g = pc("g", {}, { hp: -3, conditions: ["unconscious", "grievously wounded"] });
    const ch = pc("ch", {}, { conditions: ["charging"] });
    const r = roundStart({ combatants: [m, g, ch], method: "individual", round: 2 }, bagOf(5));
    expect(r.cannotAct).toEqual(["m", "g"]);
    expect(r.effects).toEqual([]);
    expect(r.order).toEqual([["ch"]]);
  });

  // seed 003, "Surprise": the surprised get no action in the surprise round
  it("the surprised cannot act in round 1, and can in round 2", () => {
    const s = pc("s", {}, { conditions: ["surprised"] });
    const r1 = roundStart({ combatants: [s, pc("t")], method: "individual", round: 1 }, bagOf(3));
    expect(r1.cannotAct).toEqual(["s"]);
    const r2 = roundStart({ combatants: [s, pc("t")], method: "individual", round: 2 }, bagOf(3, 4));
    expect(r2.cannotAct).toEqual([]);
  });

  // seed 003, "Dodge", "Evade", "Disengaging from Combat": "They do not need to roll initiative"
  it("those who declared Dodge, Evade or a disengagement roll no initiative", () => {
    const r = roundStart(
      {
        combatants: [
          pc("d", {}, { conditions: ["dodging"] }),
          pc("e", {}, { conditions: ["evading:o"] }),
          pc("h", {}, { conditions: ["disengaging"] }),
          mon("o", "orc"),
        ],
        method: "individual",
        round: 2,
      },
      bagOf(4),
    );
    expect(r.order).toEqual([["o"]]);
    expect(r.lines.slice(0, 3)).toEqual([
      "d is dodging: no initiative roll.",
      "e is evading: no initiative roll.",
      "h is disengaging hastily: no initiative roll.",
    ]);
  });
});

describe("round end", () => {
  // seed 003, "Hit Points": "loses one hit point per round after reaching -7 hit points. Aid administered to the wounds stops the hit point loss."
  it("bleeds the mortally wounded, not the aided", () => {
    const m = pc("m", {}, { hp: -7, conditions: ["unconscious", "mortally wounded", "dying"] });
    const aided = pc("n", {}, { hp: -8, conditions: ["unconscious", "mortally wounded", "dying", "aided"] });
    const r = roundEnd({ combatants: [m, aided, pc("ok")], method: "individual", round: 2 }, bagOf());
    expect(r.effects).toEqual([
      {
        targetId: "m",
        damage: 1,
        damageKind: "normal",
        note: "m is mortally wounded and bleeds: 1 HP lost at the round's end (Castles & Crusades · Hit Points).",
      },
    ]);
    expect(r.lines).toEqual(["n's wounds are tended: no HP lost."]);
  });

  // seed 003, "Overbearing": "knocked prone for the remainder of that round"
  it("a knock-down's prone ends with the round; the round's marks end by their lifetime", () => {
    const c = pc("c", {}, { conditions: ["charging", "dodging", "dodged:2", "shield vs o1", "prone", "knocked down"] });
    expect(roundEndEffects([c])).toEqual([
      { targetId: "c", removeConditions: ["prone"], note: "c gets up: knocked prone for the rest of that round only." },
    ]);
    for (const k of [
      "charging",
      "dodging",
      "dodged:2",
      "shield vs o1",
      "knocked down",
      "charge negated",
      "evading:o1",
      "disengaging",
      "withdrawing",
      "moved far",
      "aiding",
      "overbearing",
    ])
      expect(wordFor(siege.words, k).lasts).toBe("round");
  });
});
