// /odds and /attack read one plan (src/rules/systems/third-age/attack-plan.ts): the modifiers and ACs the
// odds give are the ones the attack rolls against, for the first attack, a ranged one with marks, and the off hand.
import { describe, expect, it } from "vitest";
import type { AttackInput } from "../../../src/rules/systems/types.js";
import {
  planOfRound,
  thirdAge,
  type ThirdAgeAttackData,
  type ThirdAgeSheet,
} from "../../../src/rules/systems/third-age/index.js";
import { bag, monster, pc } from "./helpers.js";

const orc = (state: Record<string, unknown> = {}) =>
  monster(
    "orc",
    { body: 1, successAC: 14, partialAC: 10, hp: 30, weapons: [{ name: "Axe", damage: "1d6" }] },
    { state },
  );
const ann = (state: Record<string, unknown> = {}) =>
  pc(
    "ann",
    {
      body: 1,
      dexterity: 2,
      attackBonus: 2,
      weapons: [
        { name: "Shortsword", damage: "1d6" },
        { name: "Dagger", damage: "1d4" },
        { name: "Bow", damage: "1d8", kind: "ranged" },
      ],
    },
    { state },
  );

/** The odds' lines, and the attack rolled from the same input (2d10 [5, 5], damage die 1). */
function both(input: AttackInput<ThirdAgeSheet>) {
  const odds = thirdAge.odds!(input);
  if ("unsupported" in odds) throw new Error("unsupported");
  const state = thirdAge.attack.begin(input, bag([5, 5, 1]));
  const data = state.data as unknown as ThirdAgeAttackData;
  return { odds: odds.lines, data, attack: state.result.rolls[0]!, plan: planOfRound(input) };
}

describe("odds and the attack read one plan", () => {
  it("a first melee attack: Body 1 + Attack Bonus 2 against 14 / 10", () => {
    const r = both({ attacker: ann(), defender: orc(), others: [], situation: {} });
    expect(r.odds[0]).toBe("2d10 +3 against Success AC 14 / Partial AC 10.");
    expect(r.attack.notation).toBe("2d10+3");
    expect([r.data.mods, r.data.successAC, r.data.partialAC, r.data.weapon.name]).toEqual([
      r.plan.mods,
      14,
      10,
      "Shortsword",
    ]);
  });

  it("a ranged attack while prone, with the referee's −1, at a prone foe who moved in melee", () => {
    const input: AttackInput<ThirdAgeSheet> = {
      attacker: ann({ conditions: ["prone"] }),
      defender: orc({ conditions: ["prone", "moved-in-melee"] }),
      others: [],
      situation: { mode: "ranged", modifier: -1 },
      modifierBy: "referee",
    };
    const r = both(input);
    // Dexterity 2 + Attack Bonus 2 − 2 prone − 1 = +1; the ACs 14 / 10 less 2 and 2.
    expect(r.odds[0]).toBe("2d10 +1 against Success AC 10 / Partial AC 6.");
    expect(r.odds[2]).toBe("Damage on a success: 1–8 (average 4.5); on a partial: 0–4 (average 2.0).");
    expect(r.attack.notation).toBe("2d10+1");
    expect([r.data.mods, r.data.successAC, r.data.partialAC, r.data.acNotes]).toEqual([
      r.plan.mods,
      10,
      6,
      ["−2 AC: moved in melee", "−2 AC: prone"],
    ]);
  });

  // seed 000, "Two-Weapon Fighting and One Hand Free": the second attack at −4, with the off-hand (second light) weapon.
  it("the second attack of two weapons: the Dagger at −4, in the odds as in the attack", () => {
    const r = both({ attacker: ann(), defender: orc(), others: [], situation: { twoWeapons: true }, attackIndex: 1 });
    expect(r.odds[0]).toBe("2d10 −1 against Success AC 14 / Partial AC 10.");
    // Dagger 1d4 + Body 1: 2–5 (the Shortsword's 1d6 would read 2–7).
    expect(r.odds[2]).toBe("Damage on a success: 2–5 (average 3.5); on a partial: 1–2 (average 1.5).");
    expect(r.attack.notation).toBe("2d10-1");
    expect([r.data.weapon.name, r.data.step, r.data.mods]).toEqual(["Dagger", 2, r.plan.mods]);
  });
});
