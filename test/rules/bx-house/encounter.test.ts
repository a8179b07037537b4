import { describe, expect, it } from "vitest";
import {
  attacksAgainstNormalMen,
  bxHouse,
  disarm,
  dismount,
  dropToDistract,
  encounterDistance,
  fightingWithdrawal,
  freeDisengage,
  grapple,
  normalMenExpectation,
  pursuitContinues,
  pursuitRoll,
  retreatRoll,
  roundMovement,
  roundsToCatch,
  spellcasterHit,
  surpriseRange,
  unitSurvivors,
  whipEntangle,
  createBxHouse,
  houseMorale,
} from "../../../src/rules/systems/bx-house/index.js";
import { weaponSchema } from "../../../src/rules/systems/bx/index.js";
import { isUnsupported } from "../../../src/rules/systems/types.js";
import { atk, faces, mon, pc, withConds } from "./helpers.js";
import { standing } from "../standing.js";

const ok = <T>(x: T) => {
  if (isUnsupported(x)) throw new Error("unsupported");
  return x as Exclude<T, { unsupported: true }>;
};

describe("bx-house: surprise (the four worked examples)", () => {
  // seed 001, "SURPRISE(examples)" 1)
  it("example 1: A surprises on 1–5, B normally surprised (1–2): A surprises B on 1–5", () => {
    expect(surpriseRange({ surprises: 5, surprisedOn: 2 }, { surprises: 2, surprisedOn: 2 })).toBe(5);
  });
  // seed 001, "SURPRISE(examples)" 2)
  it("example 2: B surprised only on 1: A surprises B on 1–4", () => {
    expect(surpriseRange({ surprises: 5, surprisedOn: 2 }, { surprises: 2, surprisedOn: 1 })).toBe(4);
  });
  // seed 001, "SURPRISE(examples)" 3)
  it("example 3: A 1–5 / B 1–4, both normally surprised: A on 1–5, B on 1–4", () => {
    const A = { surprises: 5, surprisedOn: 2 };
    const B = { surprises: 4, surprisedOn: 2 };
    expect(surpriseRange(A, B)).toBe(5);
    expect(surpriseRange(B, A)).toBe(4);
  });
  // seed 001, "SURPRISE(examples)" 4)
  it("example 4: B surprised only on 1: A on 1–4, B still on 1–4", () => {
    const A = { surprises: 5, surprisedOn: 2 };
    const B = { surprises: 4, surprisedOn: 1 };
    expect(surpriseRange(A, B)).toBe(4);
    expect(surpriseRange(B, A)).toBe(4);
  });
  // seed 001, "ENCOUNTER ORDER" 3): normally 1–2; both surprised cancels out
  it("rolls both sides with the combined ranges; both surprised cancels", () => {
    const sneaky = [pc("a", { surprises: 5 }), pc("b", { surprises: 5 })];
    const orcs = [mon("o")];
    const r = ok(bxHouse.surprise({ party: sneaky, foes: orcs }, faces(3, 5)));
    expect(r.surprised).toEqual({ party: false, foes: true });
    expect(ok(bxHouse.surprise({ party: sneaky, foes: orcs }, faces(3, 6))).surprised).toEqual({
      party: false,
      foes: false,
    });
    const both = ok(bxHouse.surprise({ party: [pc("a")], foes: orcs }, faces(2, 1)));
    expect(both.surprised).toEqual({ party: false, foes: false });
    expect(both.lines[2]).toMatch(/cancels out/);
    // an alert member (surprised only on 1) protects the party
    expect(
      ok(bxHouse.surprise({ party: [pc("a"), pc("elf", { surprisedOn: 1 })], foes: orcs }, faces(2, 6))).surprised
        .party,
    ).toBe(false);
  });
  // seed 001, "ENCOUNTER ORDER" 3) and 4): distance
  it("distance: 10–30 with surprise, 2d6 × 10 without; feet or yards", () => {
    expect(encounterDistance({ surprise: true }, faces(3))).toMatchObject({ distance: 30, unit: "feet" });
    expect(encounterDistance({ surprise: false, outdoors: true }, faces(6, 6))).toMatchObject({
      distance: 120,
      unit: "yards",
    });
  });
  // seed 001, "ENCOUNTER ORDER" 5): 2D6 on the Reaction Table
  it("reaction is bx's 2d6 table", () => {
    expect(ok(bxHouse.reaction({}, faces(1, 1))).reaction).toBe("Hostile, attacks");
    expect(ok(bxHouse.reaction({}, faces(6, 6))).reaction).toBe("Friendly");
  });
});

describe("bx-house: initiative", () => {
  // seed 001, "ENCOUNTER ORDER" 6): a d6 per player, one per monster group; ties simultaneous
  it("a die per player and per monster group; ties act together", () => {
    const cs = [
      pc("ann"),
      pc("bob"),
      mon("sk1", { class: "skeleton" }),
      mon("sk2", { class: "skeleton" }),
      mon("wiz", { class: "evil wizard" }),
    ];
    const r = bxHouse.initiative({ combatants: cs, method: "individual", round: 2 }, faces(4, 6, 4, 2));
    expect(r.order).toEqual([["bob"], ["ann", "sk1", "sk2"], ["wiz"]]);
    expect(r.rolls).toHaveLength(4);
    const g = bxHouse.initiative({ combatants: cs, method: "group", round: 2 }, faces(5, 3, 1));
    expect(g.order).toEqual([["ann", "bob"], ["sk1", "sk2"], ["wiz"]]);
  });
  // seed 001, "ENCOUNTER ORDER" 7): reach first in round 1 only; hasted first; multi-attack fighters first and last
  it("reach strikes first in round 1 only", () => {
    const spear = pc("spear", { weapons: [{ name: "spear", tags: ["spear"] }] });
    const orc = mon("orc");
    expect(bxHouse.initiative({ combatants: [spear, orc], method: "individual", round: 1 }, faces(1, 6)).order).toEqual(
      [["spear"], ["orc"]],
    );
    expect(bxHouse.initiative({ combatants: [spear, orc], method: "individual", round: 2 }, faces(1, 6)).order).toEqual(
      [["orc"], ["spear"]],
    );
  });
  it("hasted creatures always first; on both sides they roll", () => {
    const h = withConds(pc("h"), "hasted");
    expect(bxHouse.initiative({ combatants: [mon("o"), h], method: "individual", round: 2 }, faces(6)).order).toEqual([
      ["h"],
      ["o"],
    ]);
    const ho = withConds(mon("ho"), "hasted");
    expect(bxHouse.initiative({ combatants: [ho, h], method: "individual", round: 2 }, faces(5, 2)).order).toEqual([
      ["ho"],
      ["h"],
    ]); // foes roll first (ho 5), party 2
  });
  it("fighters with several attacks attack first and last", () => {
    const f = pc("f", { attacksPerRound: 2 });
    const r = bxHouse.initiative({ combatants: [f, mon("o")], method: "individual", round: 2 }, faces(3));
    expect(r.order).toEqual([["f"], ["o"], ["f"]]);
  });
  // seed 001, "ENCOUNTER ORDER": "the surprised party can not respond that round"; reach "only applies to the first round"
  it("round start: the surprised get a place by their die and act from round 2; the first round's dice stand; reach only in round 1", () => {
    const s = withConds(pc("s", { weapons: [{ name: "spear", tags: ["spear"] }] }), "surprised");
    const spear = pc("p", { weapons: [{ name: "spear", tags: ["spear"] }] });
    const r1 = bxHouse.roundStart({ combatants: [s, spear, mon("o")], method: "individual", round: 1 }, faces(5, 2, 4));
    expect(r1.cannotAct).toEqual(["s"]);
    expect(r1.order).toEqual([["p"], ["s"], ["o"]]); // p's spear outreaches the orc: first in round 1; s rolled 5
    const marks = new Map(r1.effects!.map((e) => [e.targetId, e.addConditions!]));
    expect(marks.get("s")).toEqual(["initiative:5"]);
    const after = [s, spear, mon("o")].map((c) => ({
      ...c,
      state: { ...c.state, conditions: [...c.state.conditions.filter((x) => x !== "surprised"), ...marks.get(c.id)!] },
    }));
    const r2 = bxHouse.roundStart({ combatants: after, method: "individual", round: 2 }, faces());
    expect(r2.lines[0]).toBe("Initiative stands from the first round.");
    expect(r2.order).toEqual([["s"], ["o"], ["p"]]); // by the dice 5, 4, 2: no reach after round 1
    expect(r2.cannotAct).toEqual([]);
    const each = createBxHouse({ initiativeEachRound: true }).roundStart(
      { combatants: [pc("a"), mon("o")], method: "individual", round: 2 },
      faces(2, 3),
    );
    expect(each.order).toEqual([["o"], ["a"]]);
  });
  // seed 001, "ENCOUNTER ORDER" 7): spellcasters hit during the round
  it("spellcaster hit: caster won → goes off; attacker won → lost; simultaneous → save + PSY, then 1–4 lost, 5–6 miscast", () => {
    const mage = pc("mage", {
      class: "magic-user",
      psyBonus: 1,
      saves: { death: 13, wands: 14, paralysis: 13, breath: 16, spells: 15 },
    });
    expect(spellcasterHit({ caster: mage, initiative: "caster won" }, faces()).outcome).toBe("goes off");
    expect(spellcasterHit({ caster: mage, initiative: "attacker won" }, faces()).outcome).toBe("lost");
    expect(spellcasterHit({ caster: mage, initiative: "simultaneous" }, faces(12)).outcome).toBe("goes off");
    expect(spellcasterHit({ caster: mage, initiative: "simultaneous" }, faces(11, 4)).outcome).toBe("lost");
    expect(spellcasterHit({ caster: mage, initiative: "simultaneous" }, faces(11, 5)).outcome).toBe("miscast");
  });
  // seed 001, "ENCOUNTER ORDER": morale made twice → fight to the death
  it("morale: twice made means a fight to the death", () => {
    const o = mon("o", { morale: 8 });
    const first = ok(bxHouse.morale({ who: [o] }, faces(4, 4)));
    expect(first.holds).toBe(true);
    expect(first.effects).toEqual([{ targetId: "o", addConditions: ["morale made once"] }]);
    const once = withConds(o, "morale made once");
    const second = ok(houseMorale({ who: [once] }, faces(3, 3)));
    expect(second).toMatchObject({ holds: true, fightsToDeath: true });
    expect(second.effects).toEqual([{ targetId: "o", addConditions: ["fights to the death"] }]);
    const twice = withConds(o, "morale made once", "fights to the death");
    const last = ok(bxHouse.morale({ who: [twice] }, faces()));
    expect(last.holds).toBe(true);
    expect(last.rolls).toEqual([]);
    const broke = ok(bxHouse.morale({ who: [o] }, faces(4, 5)));
    expect(broke.holds).toBe(false);
    expect(broke.effects).toEqual([{ targetId: "o", addConditions: ["fled"], note: "morale broke" }]);
  });
});

describe("bx-house: Normal Men", () => {
  // seed 001, "MISC COMBAT RULES": attacks equal to level; the 8th-level example
  it("an 8th-level fighter: 8 attacks, 70%, 5.6 hits, 5.6 killed, 6 rounded up", () => {
    expect(attacksAgainstNormalMen(pc("f", { level: 8 }))).toBe(8);
    expect(attacksAgainstNormalMen(pc("f", { level: 3 }))).toBe(3);
    expect(attacksAgainstNormalMen(pc("m", { class: "magic-user", level: 8 }))).toBe(1);
    const e = normalMenExpectation({ attacks: 8, needed: 7, averageDamage: 4.5, averageHp: 3.5 });
    expect(e).toMatchObject({ hitChance: 0.7, hits: 5.6, killed: 5.6, killedRounded: 6 });
  });
  // seed 001, "MISC COMBAT RULES": a troll with 6HD+3 attacks Normal Men 6 times
  it("the troll attacks 6 times; a 1 HD orc once", () => {
    expect(attacksAgainstNormalMen(mon("t", bxHouse.presets.troll!))).toBe(6);
    expect(attacksAgainstNormalMen(mon("o", bxHouse.presets.orc!))).toBe(1);
  });
});

describe("bx-house: manoeuvres", () => {
  // seed 001, "MISC COMBAT RULES": grappling — the five orcs example
  it("2 orcs roll 2 and 5 (7), the 3rd-level hero 11 on 3d6: thrown off, stunned 4 rounds", () => {
    const orcs = [mon("o1", bxHouse.presets.orc!), mon("o2", bxHouse.presets.orc!)];
    const hero = pc("hero", { level: 3 });
    const r = grapple({ grapplers: orcs, defender: hero }, faces(2, 5, 3, 4, 4));
    expect(r).toMatchObject({ outcome: "thrown off", attackersTotal: 7, defenderTotal: 11, stunnedRounds: 4 });
    expect(grapple({ grapplers: orcs, defender: hero }, faces(2, 5, 3, 2, 2)).outcome).toBe("struggling");
    expect(grapple({ grapplers: orcs, defender: hero }, faces(2, 5, 1, 2, 3)).outcome).toBe("pinned");
  });
  // seed 001, "MISC COMBAT RULES": whip — the wielder saves vs paralysis minus the target's STR bonus
  it("whip entangle subtracts the target's STR bonus", () => {
    const w = pc("w", { saves: { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 } });
    expect(whipEntangle({ wielder: w, target: mon("o", { str: 16 }), aim: "weapon" }, faces(16)).success).toBe(true);
    expect(whipEntangle({ wielder: w, target: mon("o", { str: 16 }), aim: "weapon" }, faces(15)).success).toBe(false);
    expect(() => whipEntangle({ wielder: w, target: mon("o"), aim: "target", distanceFeet: 15 }, faces(20))).toThrow(
      /10 feet/,
    );
  });
  // seed 001, "MISC COMBAT RULES": disarm and dismount, +1 per 3 levels above
  it("disarm and dismount: +1 per 3 levels the target is above the attacker", () => {
    const a = pc("a", { level: 1, weapons: [{ name: "sword" }] });
    const t = pc("t", {
      level: 7,
      weapons: [{ name: "sword" }],
      saves: { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 },
    });
    expect(disarm({ attacker: a, target: t }, faces(12)).disarmed).toBe(false); // 12 + 2 = 14
    expect(disarm({ attacker: a, target: t }, faces(11)).disarmed).toBe(true);
    expect(() =>
      disarm({ attacker: a, target: pc("x", { weapons: [{ name: "pike", twoHanded: true }] }) }, faces(1)),
    ).toThrow(/one-handed/);
    const p = pc("p", { level: 1, weapons: [{ name: "halberd", tags: ["polearm"] }] });
    const rider = pc("r", { level: 4, saves: { death: 12, wands: 13, paralysis: 14, breath: 15, spells: 16 } });
    expect(dismount({ attacker: p, rider }, faces(13)).dismounted).toBe(false);
    expect(dismount({ attacker: p, rider }, faces(12)).dismounted).toBe(true);
    expect(() => dismount({ attacker: a, rider }, faces(1))).toThrow(/polearm/);
  });
  // seed 001, "MISC COMBAT RULES": half move and attack, charge, running, casting, elves and hobbits
  it("movement in a melee round", () => {
    expect(roundMovement({ turnMovement: 120, action: "move and attack" })).toMatchObject({ max: 60, canAttack: true });
    expect(roundMovement({ turnMovement: 120, action: "charge" })).toMatchObject({
      min: 60,
      max: 120,
      canAttack: true,
    });
    expect(roundMovement({ turnMovement: 120, action: "run" })).toMatchObject({ max: 120, canAttack: false });
    expect(roundMovement({ turnMovement: 120, action: "cast" }).max).toBe(10);
    const bow = weaponSchema.parse({ name: "bow", kind: "missile", tags: ["bow"] });
    const sling = weaponSchema.parse({ name: "sling", kind: "missile", tags: ["sling"] });
    expect(roundMovement({ turnMovement: 120, action: "fire on the run", race: "elf", weapon: bow }).max).toBe(120);
    expect(roundMovement({ turnMovement: 90, action: "fire on the run", race: "hobbit", weapon: sling }).max).toBe(90);
    expect(() => roundMovement({ turnMovement: 120, action: "fire on the run", race: "human", weapon: bow })).toThrow(
      /Only elves/,
    );
    expect(() => roundMovement({ turnMovement: 120, action: "fire on the run", race: "hobbit", weapon: bow })).toThrow(
      /Only elves/,
    );
  });
  // seed 001, "MISC COMBAT RULES": engaged movement
  it("fighting withdrawal, retreat with parting shots, free disengagement", () => {
    expect(fightingWithdrawal(120)).toEqual({ max: 60, defence: 2, attack: -2 });
    const r = retreatRoll(
      { retreater: pc("r", { dex: 13 }), opponents: [mon("a"), mon("b"), mon("c")] },
      faces(3, 5, 4, 2),
    );
    expect(r.partingShots).toEqual(["a"]); // 3+1 = 4: a 5 higher, b 4 ties, c 2 lower
    expect(freeDisengage(true).free).toBe(true);
    expect(freeDisengage(false).free).toBe(false);
    // a retreating foe: +2 and no shield; a withdrawing one: +2 to AC, −2 to its attacks
    const d = withConds(pc("d", { ac: 4, shield: true }), "withdrawing");
    expect(
      bxHouse.attack.begin({ attacker: mon("m"), defender: d, others: [], situation: {} }, faces(16)).outcome,
    ).toBe("miss"); // needs 17
    expect(() =>
      bxHouse.attack.begin(
        { attacker: withConds(pc("x"), "retreating"), defender: mon("m"), others: [], situation: {} },
        faces(10),
      ),
    ).toThrow(/fleeing/);
  });
});

describe("bx-house: evasion and pursuit", () => {
  // seed 001, "EVASION AND PURSUIT"
  it("pursuit roll: low pursues (2–8), high does not (9–12)", () => {
    expect(pursuitRoll(faces(4, 4)).pursues).toBe(true);
    expect(pursuitRoll(faces(4, 5)).pursues).toBe(false);
  });
  it("dropped food or treasure stops them on 1–5", () => {
    expect(dropToDistract({ dropped: "food", intelligent: false }, faces(5)).stops).toBe(true);
    expect(dropToDistract({ dropped: "food", intelligent: false }, faces(6)).stops).toBe(false);
    expect(dropToDistract({ dropped: "treasure", intelligent: true }, faces(1)).stops).toBe(true);
    expect(dropToDistract({ dropped: "food", intelligent: true }, faces()).stops).toBe(false);
  });
  it("corners, stairs and doorways: 1–2; a secret door: 1", () => {
    expect(pursuitContinues("corner", faces(2)).continues).toBe(true);
    expect(pursuitContinues("stairs", faces(3)).continues).toBe(false);
    expect(pursuitContinues("secret door", faces(1)).continues).toBe(true);
    expect(pursuitContinues("secret door", faces(2)).continues).toBe(false);
  });
  it("rounds to catch at running speed", () => {
    expect(roundsToCatch({ gap: 90, fleeRate: 90, pursuerRate: 120 })).toBe(3);
    expect(roundsToCatch({ gap: 91, fleeRate: 90, pursuerRate: 120 })).toBe(4);
    expect(roundsToCatch({ gap: 30, fleeRate: 120, pursuerRate: 120 })).toBe(null);
  });
});

describe("bx-house: mass combat", () => {
  // seed 001, "Mass Combat": units of ten, d6 × 10 per hit, survivors by tenths rounded up
  it("the 40-hit-point example: 4 left is one man, 8 is two", () => {
    expect(unitSurvivors(40, 4)).toBe(1);
    expect(unitSurvivors(40, 8)).toBe(2);
    expect(unitSurvivors(40, 5)).toBe(2);
    expect(unitSurvivors(40, 3)).toBe(1);
    expect(unitSurvivors(40, 0)).toBe(0);
    expect(unitSurvivors(40, 40)).toBe(10);
  });
  it("a unit's hit takes d6 × 10 (no other damage bonus), and the survivors are counted by tenths", () => {
    const unit = mon("Bandits", { men: 10, hp: 40, thac0: 19, str: 18, weapons: [{ name: "swords", damage: "1d8" }] });
    const foes = mon("Guards", { men: 10, hp: 40, ac: 9 }, "party");
    const s = standing(bxHouse, atk(unit, foes), faces(15, 3));
    expect(s.final[0]).toEqual({ targetId: "Guards", damage: 30, damageKind: "normal" });
    expect(s.result.lines).toContain("Guards: 10 of 40 hit points left: 3 of 10 men standing.");
  });
});

describe("bx-house: layer over bx", () => {
  it("keeps bx's checks and saves, adds its own sheet fields and presets", () => {
    expect(bxHouse.id).toBe("bx-house");
    expect(ok(bxHouse.check({ who: pc("a", { str: 12 }), attribute: "STR" }, faces(12))).success).toBe(true);
    expect(bxHouse.sheet.parse({}).surprises).toBe(2);
    expect(bxHouse.sheet.safeParse({ surprises: 7 }).error!.issues[0]!.message).toBe(
      "Surprises on must be between 0 and 6",
    );
    expect(bxHouse.presets.troll!.attacksPerRound).toBe(3);
    expect(bxHouse.initialState(bxHouse.presets.orc!)).toEqual({ conditions: [], hp: 4, maxHp: 4, subdual: 0 });
  });
});
