import { describe, expect, it } from "vitest";
import { siege } from "../../../src/rules/systems/siege/index.js";
import {
  aidEffect,
  applyDamage,
  fallingDamage,
  fallingDice,
  healingOnDay,
  healSubdual,
  hpBand,
  naturalHealing,
  rollHitPoints,
  wakeAfterZero,
  type SiegeState,
} from "../../../src/rules/systems/siege/damage.js";
import { bagOf, pc } from "./helpers.js";

const hurt = (hp: number, extra: Partial<SiegeState> = {}) => {
  const c = pc("Kay", { class: "knight", level: 3, hpMax: 20 }, { hp });
  Object.assign(c.state, extra);
  return c;
};

describe("hit point states", () => {
  // seed 003, "Hit Points": 0 unconscious, −1..−6 grievous, −7..−9 mortal, −10 dead
  it("bands, both sides of every edge", () => {
    expect([1, 0, -1, -6, -7, -9, -10, -15].map(hpBand)).toEqual([
      "fine",
      "unconscious",
      "grievously wounded",
      "grievously wounded",
      "mortally wounded",
      "mortally wounded",
      "dead",
      "dead",
    ]);
  });

  it("applyDamage sets the conditions", () => {
    // seed 003, "Hit Points": "Those with 0 hit points recover consciousness in 1d6 hours": rolled when 0 is reached.
    const r = siege.applyDamage(hurt(5), 5, bagOf(3));
    expect(r.state.hp).toBe(0);
    expect(r.state.conditions).toEqual(["unconscious"]);
    expect(r.state.wakeInMinutes).toBe(180);
    expect(r.result.lines.at(-1)).toBe(
      "Kay is at 0 HP and passes out for 3 hours, then half move and no fighting, spells or strenuous action.",
    );
    expect(siege.applyDamage(hurt(5), 6, bagOf()).state.conditions).toEqual(["unconscious", "grievously wounded"]);
    expect(siege.applyDamage(hurt(5), 12, bagOf()).state.conditions).toEqual([
      "unconscious",
      "mortally wounded",
      "dying",
    ]);
    const dead = siege.applyDamage(hurt(5), 15, bagOf());
    expect(dead.state.conditions).toEqual(["dead"]);
    // seed 003, "Hit Points": negative hit points matter, so they are shown; the death is told once.
    expect(dead.result.lines).toEqual(["Kay takes 15 damage: HP 5 → -10, dead."]);
    expect(siege.view({ ...hurt(5), state: dead.state }).status).toBe("dead");
  });

  it("view", () => {
    expect(siege.view(hurt(5))).toEqual({ summary: "HP 5/20", fraction: 0.25, status: "wounded" });
    expect(siege.view(hurt(20)).status).toBe("");
    expect(siege.view(hurt(-8, { conditions: ["unconscious", "mortally wounded", "dying"] })).status).toBe("dying");
  });

  // seed 003, "Hit Points": the knight at −1 cured for 8 is brought only to 0
  it("reproduces the knight example", () => {
    const knight = siege.applyDamage(hurt(3), 4, bagOf());
    expect(knight.state.hp).toBe(-1);
    const healed = siege.applyHealing({ ...hurt(3), state: knight.state }, 8);
    expect(healed.state.hp).toBe(0);
    expect(healed.state.conditions).toEqual(["unconscious"]);
    const again = siege.applyHealing({ ...hurt(3), state: healed.state }, 8);
    expect(again.state.hp).toBe(8);
    expect(again.state.conditions).toEqual([]);
  });

  // seed 003, "Hit Points": "the character's hit points can only be returned to 0": a cure smaller than the wound
  // below 0 raises by its amount, a larger one stops at 0 and the rest is lost; the line says which.
  it("a cure below 0 raises by its amount, never past 0, and says what it did", () => {
    const low = hurt(-8, { conditions: ["unconscious", "mortally wounded", "dying"] });
    const small = siege.applyHealing(low, 3);
    expect(small.state.hp).toBe(-5);
    expect(small.result.lines[0]).toBe(
      "The cure of 3 brings Kay from -8 to -5 HP (magical healing below 0 goes no further than 0).",
    );
    const big = siege.applyHealing(hurt(-1, { conditions: ["unconscious", "grievously wounded"] }), 8);
    expect(big.state.hp).toBe(0);
    expect(big.result.lines[0]).toBe(
      "The cure of 8 brings Kay from -1 to 0 HP, as far as magical healing goes below 0: 1 of it takes effect, the other 7 are lost.",
    );
  });

  it("healing never exceeds the maximum", () => {
    expect(siege.applyHealing(hurt(18), 8).state.hp).toBe(20);
  });

  // seed 003, "Hit Points": aid takes a round and stops the loss
  it("aid stops the bleeding; it is only for the mortally wounded", () => {
    expect(aidEffect(hurt(-7, { conditions: ["mortally wounded"] }))).toMatchObject({
      targetId: "Kay",
      addConditions: ["aided"],
    });
    expect(() => aidEffect(hurt(-6))).toThrow(/not mortally wounded/);
  });

  // seed 003, "Hit Points": awake in 1d6 hours
  it("wakes from 0 HP in 1d6 hours", () => {
    expect(wakeAfterZero(hurt(0), bagOf(4)).hours).toBe(4);
  });
});

describe("damage types", () => {
  // seed 003, "Subdual Damage": "All subdual damage delivers some normal damage. For every five points of subdual
  // damage inflicted, one point is considered normal damage."
  it("subdual: one point in five of each blow is normal, and never none", () => {
    const a = applyDamage(hurt(20), 4, bagOf(), "subdual");
    expect(a.state).toMatchObject({ hp: 19, subdual: 3 });
    expect(a.result.lines[0]).toBe(
      "Kay takes 4 subdual damage: 3 subdual, 1 normal (all subdual damage delivers some normal damage).",
    );
    const b = applyDamage({ ...hurt(20), state: a.state }, 2, bagOf(), "subdual");
    expect(b.state).toMatchObject({ hp: 18, subdual: 4 });
    const c = applyDamage(hurt(20), 10, bagOf(), "subdual");
    expect(c.state).toMatchObject({ hp: 18, subdual: 8 });
    expect(applyDamage(hurt(20), 1, bagOf(), "subdual").state).toMatchObject({ hp: 19, subdual: 0 });
    expect(applyDamage(hurt(20), 9, bagOf(), "subdual").state).toMatchObject({ hp: 19, subdual: 8 });
  });

  it("subdual knocks out; at −10 unconscious for 24 hours, not dead", () => {
    const ko = applyDamage(hurt(4), 5, bagOf(), "subdual"); // 1 normal, 4 subdual → 3 − 4 = −1
    expect(ko.state.conditions).toEqual(["unconscious"]);
    const deep = applyDamage(hurt(4), 15, bagOf(), "subdual"); // 3 normal → hp 1, 12 subdual → −11
    expect(deep.state.hp).toBe(1);
    expect(deep.state.conditions).toEqual(["unconscious", "knocked out for 24 hours"]);
    expect(deep.state.conditions).not.toContain("dead");
  });

  // seed 003, "Magic Damage": illusory damage is subdual that kills at −10
  it("illusion kills at −10", () => {
    const d = applyDamage(hurt(4), 14, bagOf(), "illusion"); // 2 normal → hp 2, 12 subdual → −10
    expect(d.state.conditions).toEqual(["dead"]);
    const s = applyDamage(hurt(4), 13, bagOf(), "illusion"); // hp 2, 11 subdual → −9
    expect(s.state.conditions).toEqual(["unconscious"]);
  });

  it("magic damage is normal damage", () => {
    expect(applyDamage(hurt(4), 5, bagOf(), "magic").state.hp).toBe(-1);
  });

  // seed 003, "Subdual Damage": 1 point per 10 minutes
  it("subdual heals 1 per 10 minutes", () => {
    const st = applyDamage(hurt(4), 4, bagOf(), "subdual").state; // 1 normal, 3 subdual
    const healed = healSubdual({ ...hurt(4), state: st }, 29);
    expect(healed.subdual).toBe(1);
    expect(healed.conditions).toEqual([]);
  });

  it("healing restores normal hit points first, then subdual", () => {
    const st = applyDamage(hurt(20), 10, bagOf(), "subdual").state; // hp 18, subdual 8
    const h = siege.applyHealing({ ...hurt(20), state: st }, 5);
    expect(h.state).toMatchObject({ hp: 20, subdual: 5 });
  });
});

describe("healing and hit points by level", () => {
  // seed 003, "Hit Points": 1 a day; + CON after 7 days; double after 14; triple after 30
  it("natural healing rates at each edge", () => {
    expect([1, 7, 8, 14, 15, 30, 31].map((d) => healingOnDay(d, 2))).toEqual([1, 1, 3, 3, 6, 6, 9]);
    expect(healingOnDay(10, -1)).toBe(1);
    expect(naturalHealing(8, 1)).toBe(9);
  });

  // seed 003, "Hit Points": hit die + CON per level, at least 1
  it("rolls hit points, at least 1 a level", () => {
    const r = rollHitPoints(bagOf(1, 8), { hitDie: 10, level: 2, conMod: -1 });
    expect(r.hp).toBe(1 + 7);
    expect(r.lines[0]).toBe("Level 1: 1 − 1 CON = 1 (at least 1)");
    // Each level's die carries the CON modifier in its dice line, and the minimum the level's line counts (issue 41, point 8).
    expect(r.rolls.map((x) => [x.notation, x.total, x.counts])).toEqual([
      ["1d10-1", 0, { total: 1, why: "at least 1" }],
      ["1d10-1", 7, undefined],
    ]);
    const hi = rollHitPoints(bagOf(5, 5, 5, 5, 5, 5, 5, 5, 5), { hitDie: 10, level: 10, conMod: 1, fixedAfter9: 4 });
    expect(hi.hp).toBe(9 * 6 + 5);
  });
});

describe("falling", () => {
  // seed 003, "Falling Damage": 18 ft → 3d6, 45 ft → 10d6
  it("reproduces both examples with one rule", () => {
    expect(fallingDice(18)).toEqual({ dice: 3, bands: 2, dexCheck: false });
    expect(fallingDice(45)).toEqual({ dice: 10, bands: 4, dexCheck: false });
  });
  it("band edges", () => {
    expect(fallingDice(4).dice).toBe(0);
    expect(fallingDice(6)).toEqual({ dice: 1, bands: 1, dexCheck: true });
    expect(fallingDice(10)).toEqual({ dice: 1, bands: 1, dexCheck: true });
    expect(fallingDice(15)).toEqual({ dice: 1, bands: 1, dexCheck: false });
    expect(fallingDice(16).dice).toBe(3);
    expect(fallingDice(25).dice).toBe(3);
    expect(fallingDice(26).dice).toBe(6);
    expect(fallingDice(46).dice).toBe(15);
  });
  it("6–10 ft: a Dexterity check or 1d6", () => {
    const rogue = pc("Sly", { class: "rogue", level: 1, dex: 13 }); // prime: d20 + 1 + 1 vs 12
    expect(fallingDamage(rogue, 8, bagOf(10)).damage).toBe(0);
    const r = fallingDamage(rogue, 8, bagOf(9, 4));
    expect(r.damage).toBe(4);
    expect(r.rules[0]).toBe('seed 003, "Falling Damage"');
    const big = fallingDamage(rogue, 18, bagOf(1, 2, 3));
    expect(big.damage).toBe(6);
    expect(big.lines[0]).toBe("A fall of 18 ft: 1d6 + 2d6 = 3d6 → 6 damage.");
  });
});

describe("time passing and rolled monsters", () => {
  // seed 003, "Subdual Damage": "It heals at a rate of 1 hit point per every 10 minutes."
  it("subdual damage heals 1 per 10 minutes of game time", () => {
    const c = hurt(20, { subdual: 4 });
    const r = siege.timePasses!(c, 30, bagOf())!;
    expect(r.state.subdual).toBe(1);
    expect(r.result.lines).toEqual(["Kay recovers 3 subdual damage over 30 minutes (1 per 10 minutes): 1 left."]);
    expect(siege.timePasses!(hurt(20), 30, bagOf())).toBeNull();
  });

  // seed 003, "Hit Points": "recover consciousness in 1d6 hours, after which they can move at ½ their normal move rate,
  // but still cannot participate in combat"; "The full effect of magical healing of characters reduced to 0 hit points is immediate."
  it("the fallen at 0 HP wake when the hours rolled have passed, then cannot fight until healed", () => {
    const out = siege.applyDamage(hurt(2), 2, bagOf(1));
    const c = { ...hurt(2), state: out.state };
    const half = siege.timePasses!(c, 30, bagOf())!;
    expect(half.result.lines).toEqual(["Kay is still out: 30 minutes until waking."]);
    const woke = siege.timePasses!({ ...c, state: half.state }, 30, bagOf())!;
    expect(woke.state.conditions).toEqual(["recovering"]);
    expect(woke.result.lines).toEqual([
      "Kay wakes: half move, and no fighting, spells, turning or strenuous action until healed.",
    ]);
    expect(siege.round.cannotAct!({ ...c, state: woke.state }, { round: 1, declared: [], others: [] })).toBe(
      "is awake at 0 HP but cannot fight until healed",
    );
    const healed = siege.applyHealing({ ...c, state: woke.state }, 5);
    expect(healed.state.hp).toBe(5);
    expect(healed.state.conditions).toEqual([]);
  });

  // seed 003, "Melee Combat": "a 3d8 hit dice creature"; "Hit Points": at least 1 per level
  it("a monster's hit points are rolled from its hit dice unless the referee typed them", () => {
    const ogre = siege.presets.ogre!;
    const r = siege.rollMonster!(ogre, bagOf(3, 5, 2, 6), {})!;
    expect(r.sheet.hpMax).toBe(16);
    expect(r.result.lines).toEqual(["4d8 = 3 + 5 + 2 + 6 → 16 HP"]);
    expect(siege.rollMonster!(ogre, bagOf(), { hpMax: 30 })).toBeNull();
  });
});

describe("healed to 0 from below", () => {
  // seed 003, "Hit Points": the knight at −1 is "only brought back up to 0 hit points"; "Those with 0 hit points
  // recover consciousness in 1d6 hours"
  it("the hours until waking are rolled when time first passes", () => {
    const healed = siege.applyHealing(
      hurt(-8, { conditions: ["unconscious", "mortally wounded", "dying", "aided"] }),
      8,
    );
    expect(healed.state.hp).toBe(0);
    expect(healed.state.conditions).toEqual(["unconscious"]);
    const r = siege.timePasses!({ ...hurt(0), state: healed.state }, 10, bagOf(2))!;
    expect(r.result.lines).toEqual([
      "Kay is at 0 HP: awake in 2 hours.",
      "Kay is still out: 110 minutes until waking.",
    ]);
  });
});

// Issue 29: no Dexterity check and no dice for a fall the dead take.
describe("a fall for the dead", () => {
  it("rolls nothing", () => {
    const bag = bagOf();
    const r = fallingDamage(hurt(-12, { conditions: ["dead"] }), 10, bag);
    expect(r).toMatchObject({ damage: 0, lines: ["Kay is already dead: the fall of 10 ft changes nothing."] });
    expect(bag.log).toEqual([]);
  });
});
