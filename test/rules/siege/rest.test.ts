// seed 003, "Hit Points": "hit points heal at a rate of one point per day … After seven days, the rate of healing
// increases to include the constitution bonus, if any. After 14 days, the rate of healing doubles and after thirty
// days, it triples."
import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { restDays } from "../../../src/rules/systems/siege/rest.js";
import type { Combatant } from "../../../src/rules/systems/types.js";
import type { SiegeSheet } from "../../../src/rules/systems/siege/sheet.js";
import { bagOf, pc } from "./helpers.js";

// CON 14: +1.
const kay = (hp: number, hpMax = 100, extra: Record<string, unknown> = {}) => {
  const c = pc("Kay", { class: "knight", level: 3, hpMax, con: 14 }, { hp });
  Object.assign(c.state, extra);
  return c;
};
const rest = (c: Combatant<SiegeSheet>, days: number) => restDays(c, days, bagOf());
const afterDays = (c: Combatant<SiegeSheet>, days: number) => ({ ...c, state: rest(c, days).state });

describe("natural healing over days of rest", () => {
  it("is the system's restDays hook", () => {
    expect(siege.restDays).toBe(restDays);
  });

  it("1 a day for seven days, then +CON, doubled after 14, tripled after 30", () => {
    expect(rest(kay(10), 7).state.hp).toBe(17); // 7 × 1
    expect(rest(kay(10), 8).state.hp).toBe(19); // + day 8 at 1 + 1
    expect(rest(kay(10), 14).state.hp).toBe(10 + 7 + 7 * 2); // days 8–14 at 2
    expect(rest(kay(10), 15).state.hp).toBe(10 + 7 + 14 + 4); // day 15 at (1 + 1) × 2
    expect(rest(kay(10, 200), 31).state.hp).toBe(10 + 7 + 14 + 16 * 4 + 6); // days 15–30 at 4, day 31 at 6
    expect(rest(kay(10), 8).result.lines).toEqual([
      "Kay heals 9 HP over 8 days of rest (days 1–7: 1 a day; day 8: 2 a day; CON +1 from day 8): HP 10 → 19 of 100.",
    ]);
  });

  it("keeps count across rests until whole again", () => {
    const c = afterDays(kay(10), 7);
    expect(c.state.daysHealing).toBe(7);
    expect(rest(c, 1).state.hp).toBe(19); // day 8 at 2
    const whole = afterDays(kay(95), 30);
    expect(whole.state.hp).toBe(100);
    expect(whole.state.daysHealing).toBeUndefined();
  });

  it("never beyond the maximum; without a CON bonus the rate stays 1 then doubles", () => {
    expect(rest(kay(98), 10).state.hp).toBe(100);
    const plain = pc("Bo", { class: "fighter", level: 1, hpMax: 100, con: 10 }, { hp: 1 });
    expect(restDays(plain, 15, bagOf()).state.hp).toBe(1 + 14 + 2);
  });

  // "must rest 24 hours before the process of healing begins"
  it("the grievously wounded heal nothing in the first 24 hours", () => {
    const r = rest(kay(-3, 20, { conditions: ["unconscious", "grievously wounded"] }), 3);
    expect(r.state.hp).toBe(-1);
    expect(r.result.lines[0]).toBe(
      "Kay is below 0 HP: the first 24 hours of bed rest heal nothing; healing begins after them.",
    );
    expect(r.state.conditions).toEqual(["unconscious", "grievously wounded"]);
    const up = rest(kay(-1, 20, { bedRested: true }), 2);
    expect(up.state.hp).toBe(1);
    expect(up.state.conditions).toEqual([]);
  });

  it("the dead and the mortally wounded without aid do not heal; subdual damage clears in a day", () => {
    expect(rest(kay(-12, 20, { conditions: ["dead"] }), 5).state.hp).toBe(-12);
    expect(rest(kay(-8, 20, { conditions: ["unconscious", "mortally wounded", "dying"] }), 5).result.title).toBe(
      "Kay needs aid first",
    );
    const r = rest(kay(20, 20, { subdual: 6 }), 1);
    expect(r.state.subdual).toBe(0);
    expect(r.result.lines).toEqual(["Kay recovers all 6 subdual damage (1 point per 10 minutes)."]);
  });

  // seed 003, "Subdual Damage": "unconscious for 24 hours and do not begin healing until gaining consciousness"
  it("beaten to −10 by subdual damage: the first day heals nothing, then subdual clears and hit points heal", () => {
    const ko = siege.applyDamage(kay(20, 20), 50, bagOf(), "subdual").state; // 10 normal → 10, 40 subdual → −30
    expect(ko).toMatchObject({
      hp: 10,
      subdual: 40,
      knockedOutMinutes: 1440,
      conditions: ["unconscious", "knocked out for 24 hours"],
    });
    const one = rest({ ...kay(10, 20), state: ko }, 1);
    expect(one.state).toMatchObject({ hp: 10, subdual: 40 });
    expect(one.result.lines).toEqual([
      "Kay was knocked out by subdual damage: the first 24 hours heal nothing; healing begins after them.",
    ]);
    const two = rest({ ...kay(10, 20), state: ko }, 2);
    expect(two.state).toMatchObject({ hp: 11, subdual: 0, conditions: [] });
  });
});
