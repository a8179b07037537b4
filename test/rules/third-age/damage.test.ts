import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/rules/systems/types.js";
import {
  clearRoundConditions,
  moveInMelee,
  restoreStamina,
  standUp,
  thirdAge,
} from "../../../src/rules/systems/third-age/index.js";
import { bag, monster, pc } from "./helpers.js";
import type { Mark } from "../../../src/rules/marks.js";

// choices where seed 000 is silent: 0 HP = down (unconscious), dead at −max HP; monsters die at 0
describe("damage and healing", () => {
  it("a character at 0 HP is unconscious; at −max HP dead", () => {
    const c = pc("ann", { hp: 6 });
    const r0 = thirdAge.applyDamage(c, 6, bag([]));
    expect(r0.state).toMatchObject({ hp: 0, conditions: ["unconscious"] });
    const r1 = thirdAge.applyDamage({ ...c, state: r0.state }, 5, bag([]));
    expect(r1.state).toMatchObject({ hp: -5, conditions: ["unconscious"] });
    const r2 = thirdAge.applyDamage({ ...c, state: r1.state }, 1, bag([]));
    expect(r2.state).toMatchObject({ hp: -6, conditions: ["dead"] });
    // One death, one line; negative HP are shown as they are (a character lives to −max HP).
    expect(r2.result.lines).toEqual(["Ann takes 1 damage: HP -5 → -6, dead."]);
    expect(r1.result.lines).toEqual([
      "Ann takes 5 damage: HP 0 → -5, unconscious: down until healed above 0 HP; dead at −6.",
    ]);
    const r3 = thirdAge.applyDamage(c, 5, bag([]));
    expect(r3.state).toMatchObject({ hp: 1, conditions: [] });
  });

  it("a monster dies at 0", () => {
    const g = monster("gob", { hp: 3 });
    expect(thirdAge.applyDamage(g, 2, bag([])).state).toMatchObject({ hp: 1, conditions: [] });
    const r = thirdAge.applyDamage(g, 7, bag([]));
    expect(r.state).toMatchObject({ hp: 0, conditions: ["dead"] });
    expect(r.result.lines).toEqual(["Gob takes 7 damage: HP 3 → 0, dead."]);
  });

  it("subdual damage knocks out but never kills", () => {
    const g = monster("gob", { hp: 3 });
    expect(thirdAge.applyDamage(g, 9, bag([]), "subdual").state).toMatchObject({ hp: 0, conditions: ["unconscious"] });
  });

  it("healing counts up from negative HP and wakes the downed (prone)", () => {
    const c = pc("ann", { hp: 6 }, { state: { hp: -2, conditions: ["unconscious"] } });
    expect(thirdAge.applyHealing(c, 2).state).toMatchObject({ hp: 0, conditions: ["unconscious"] });
    expect(thirdAge.applyHealing(c, 3).state).toMatchObject({ hp: 1, conditions: ["prone"] });
    expect(thirdAge.applyHealing(c, 30).state.hp).toBe(6);
    expect(() => thirdAge.applyHealing(pc("bo", {}, { state: { conditions: ["dead"] } }), 1)).toThrow(RuleError);
    expect(() => thirdAge.applyDamage(c, -1, bag([]))).toThrow("Damage must be a whole number of 0 or more");
  });

  it("stamina returns after a turn of rest; standing up clears prone; moving in melee marks −2 AC", () => {
    const c = pc("ann", { body: 2 }, { state: { stamina: 0, conditions: ["prone"] } });
    expect(restoreStamina(c).state.stamina).toBe(3);
    expect(standUp(c).state.conditions).toEqual([]);
    expect(() => standUp(pc("bo"))).toThrow("Bo is not prone.");
    const m = moveInMelee(pc("bo")).state;
    expect(m.conditions).toEqual(["moved-in-melee"]);
    expect(clearRoundConditions(m).conditions).toEqual([]);
    // seed 000, "Surprise": the surprised lose the first round only
    const sur = { conditions: ["surprised", "moved-in-melee", "prone"] as Mark[] };
    expect(clearRoundConditions(sur, 1).conditions).toEqual(["surprised", "prone"]);
    expect(clearRoundConditions(sur, 2).conditions).toEqual(["prone"]);
  });
});
