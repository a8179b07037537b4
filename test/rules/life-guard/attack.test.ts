import { describe, expect, it } from "vitest";
import seedrandom from "seedrandom";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import { RuleError, type AttackInput, type Situation } from "../../../src/rules/systems/types.js";
import {
  lifeGuard,
  type LifeGuardSheet,
  type LifeGuardSituation,
} from "../../../src/rules/systems/life-guard/index.js";
import { at, faces, monster, pc } from "./helpers.js";
import { standing } from "../standing.js";

const WEAPONS = [
  { name: "Sword", die: "d8" },
  { name: "Dagger", die: "d4" },
  { name: "Spear", die: "d8", tags: ["reach"] },
  { name: "Bow", die: "d6", tags: ["ranged"] },
  { name: "Torch", die: "d4", tags: ["expendable"], enchantment: "burning" },
  { name: "Pike", die: "d10", tags: ["reach", "armour-piercing", "two-handed"] },
];
const ana = (state = {}, extra = {}) => pc("Ana", { weapons: WEAPONS, oils: ["undead"], ...extra }, state);
const input = (
  attacker = ana(),
  defender = monster("orc"),
  situation: Situation | LifeGuardSituation = {},
  weapon?: string,
  others: ReturnType<typeof ana>[] = [],
): AttackInput<LifeGuardSheet> => ({ attacker, defender, others, situation, ...(weapon ? { weapon } : {}) });

/** The round mark every attack leaves on its attacker (docs/rules/life-guard.md, "Counterattack"). */
const STRUCK = (by = "Ana", on = "orc") => ({
  targetId: by,
  addConditions: [`struck:${on}`],
  removeConditions: [`attacking:${on}`, "blasting"],
});

describe("the attack state machine", () => {
  // seed 004, "Attacks": no to-hit roll; damage minus Armour to Guard
  it("rolls the weapon die, shows Armour and Guard, offers only Take it", () => {
    const s = lifeGuard.attack.begin(input(), faces(5));
    expect(s.phase).toBe("reactions");
    expect(s.outcome).toBe("hit");
    expect(s.options).toEqual([
      { id: "take", label: "Take it", by: "orc", cost: "no cost", rule: 'seed 004, "Attacks"' },
    ]);
    expect(s.final).toEqual([]);
    expect(lifeGuard.attack.react(s, "take", input(), faces()).final).toEqual([
      { targetId: "orc", damage: 5, damageKind: "normal", note: "Sword: 5 damage" },
      STRUCK(),
    ]);
    expect(s.result.rolls.map((r) => [r.notation, r.total])).toEqual([["1d8", 5]]);
    expect(s.result.lines).toContain("Armour 1 soaks 1: 4 to orc.");
    expect(s.result.lines).toContain("Guard 7 → 3.");
    expect(s.result.rules).toContain('seed 004, "Attacks"');
  });

  // seed 004, "Movement": attacked units counterattack (d3) unless the attacker is next to an ally
  it("take → the defender's Counterattack (d3) follow-up; counter rolls d3 against the attacker", () => {
    const s0 = lifeGuard.attack.begin(input(), faces(5));
    const s1 = lifeGuard.attack.react(s0, "take", input(), faces());
    expect(s1.phase).toBe("followups");
    expect(s1.options.map((o) => [o.id, o.label, o.by])).toEqual([
      ["counter", "Counterattack (d3)", "orc"],
      ["pass", "No counterattack", "orc"],
    ]);
    const s2 = lifeGuard.attack.react(s1, "counter", input(), faces(2));
    expect(s2.phase).toBe("done");
    expect(s2.options).toEqual([]);
    // Taking it hands over the attack's damage and marks, once; the counterattack step only its own d3.
    expect([s0.final, s1.final]).toEqual([
      [],
      [{ targetId: "orc", damage: 5, damageKind: "normal", note: "Sword: 5 damage" }, STRUCK()],
    ]);
    expect([s2.pay, s2.final, s2.followup]).toEqual([
      [],
      [],
      [{ targetId: "Ana", damage: 2, damageKind: "normal", note: "counterattack: 2 damage" }],
    ]);
    expect(s2.result.rolls.map((r) => r.notation)).toEqual(["1d8", "1d3"]);
    expect(s2.result.rules).toContain('seed 004, "Movement"');
    const p = lifeGuard.attack.react(s1, "pass", input(), faces());
    expect([p.phase, p.pay, p.final, p.followup]).toEqual(["done", [], [], []]);
  });

  // seed 004, "Movement": "unless the attacker is next to an ally": beside it on the same foe, not anywhere in the rank
  it("no counterattack when an ally stands beside the attacker on that foe, or flank is set; an ally elsewhere in the rank does not count", () => {
    const beside = input(ana(), monster("orc"), {}, undefined, [pc("Bo", {}, { conditions: ["struck:orc"] })]);
    const s = lifeGuard.attack.react(lifeGuard.attack.begin(beside, faces(5)), "take", beside, faces());
    expect(s.phase).toBe("done");
    expect(s.result.lines).not.toContain("Ana stands alone in melee: the defender may counterattack (d3).");
    const elsewhere = input(ana(), monster("orc"), {}, undefined, [pc("Bo")]);
    expect(lifeGuard.attack.react(lifeGuard.attack.begin(elsewhere, faces(5)), "take", elsewhere, faces()).phase).toBe(
      "followups",
    );
    const declared = input(ana({ conditions: ["beside an ally"] }), monster("orc"));
    expect(lifeGuard.attack.react(lifeGuard.attack.begin(declared, faces(5)), "take", declared, faces()).phase).toBe(
      "done",
    );
    const backAlly = input(ana(), monster("orc"), {}, undefined, [pc("Bo", {}, at("reach"))]);
    expect(lifeGuard.attack.react(lifeGuard.attack.begin(backAlly, faces(5)), "take", backAlly, faces()).phase).toBe(
      "followups",
    );
    const downAlly = input(ana(), monster("orc"), {}, undefined, [pc("Bo", {}, { conditions: ["out of action"] })]);
    expect(lifeGuard.attack.react(lifeGuard.attack.begin(downAlly, faces(5)), "take", downAlly, faces()).phase).toBe(
      "followups",
    );
    const flank = input(ana(), monster("orc"), { flank: true });
    expect(lifeGuard.attack.react(lifeGuard.attack.begin(flank, faces(5)), "take", flank, faces()).phase).toBe("done");
  });

  // seed 004, "Movement": Critical Damage does not bar the counter; failing the Life save (out of action) does
  it("a defender that took Critical Damage may counter unless the Life save put it out of action", () => {
    const i = input(ana(), monster("orc", "standard", { guard: 2 }));
    const s = lifeGuard.attack.begin(i, faces(8));
    expect(s.outcome).toBe("critical");
    const f = lifeGuard.attack.react(s, "take", i, faces());
    expect(f.phase).toBe("followups");
    const saved = input(ana(), monster("orc", "standard", { guard: 0, life: 2 }));
    expect(lifeGuard.attack.react(f, "counter", saved, faces(3)).followup).toEqual([
      { targetId: "Ana", damage: 3, damageKind: "normal", note: "counterattack: 3 damage" },
    ]);
    const out = input(ana(), monster("orc", "standard", { guard: 0, life: 2, conditions: ["out of action"] }));
    const n = lifeGuard.attack.react(f, "counter", out, faces());
    expect([n.phase, n.result.lines.at(-1), n.result.rolls.length]).toEqual([
      "done",
      "orc is out of action: no counterattack.",
      1,
    ]);
    // 0 Life: no counter at all
    expect(lifeGuard.attack.react(lifeGuard.attack.begin(i, faces(8)), "take", i, faces()).phase).toBe("followups");
    const lethal = input(ana(), monster("orc", "standard", { guard: 0, life: 3 }));
    expect(lifeGuard.attack.react(lifeGuard.attack.begin(lethal, faces(8)), "take", lethal, faces()).phase).toBe(
      "done",
    );
  });

  // seed 004, "Movement": counterattack only against melee attacks
  it("a reach attack from the Reach rank cannot be countered", () => {
    const i = input(ana(at("reach")), monster("orc"), {}, "Spear");
    const s = lifeGuard.attack.begin(i, faces(6));
    expect(lifeGuard.attack.react(s, "take", i, faces()).phase).toBe("done");
  });

  it("lapse makes it final with no follow-ups; stale presses throw", () => {
    const s = lifeGuard.attack.begin(input(), faces(5));
    expect(() => lifeGuard.attack.react(s, "counter", input(), faces(1))).toThrow(RuleError);
    const l = lifeGuard.attack.lapse(s, input(), faces());
    expect([l.phase, l.options, l.final.length]).toEqual(["done", [], 2]);
    // From the follow-ups the attack is already final: a lapse only skips the counterattack.
    const f = lifeGuard.attack.react(s, "take", input(), faces());
    expect([f.phase, f.final.length]).toEqual(["followups", 2]);
    const lf = lifeGuard.attack.lapse(f, input(), faces());
    expect([lf.phase, lf.pay, lf.final, lf.followup]).toEqual(["done", [], [], []]);
    expect(() => lifeGuard.attack.react(l, "take", input(), faces())).toThrow(RuleError);
  });

  it("is deterministic and JSON: the same dice give the same state", () => {
    const a = lifeGuard.attack.begin(input(), faces(3));
    const b = lifeGuard.attack.begin(input(), faces(3));
    expect(a).toEqual(b);
    expect(JSON.parse(JSON.stringify(a.data))).toEqual(a.data);
  });

  it("lists situation keys it did not use", () => {
    const s = lifeGuard.attack.begin(
      input(ana(), monster("orc"), { rear: true, mounted: true, range: "short", modifier: 2, highGround: false }),
      faces(4),
    );
    expect(s.ignored).toEqual(["rear", "mounted", "range", "modifier"]);
  });

  it("an unknown weapon is a RuleError naming the weapons; a die expression works", () => {
    expect(() => lifeGuard.attack.begin(input(ana(), monster("orc"), {}, "Axe"), faces(1))).toThrow(
      /has no weapon "Axe": use one of Sword, Dagger/,
    );
    const s = lifeGuard.attack.begin(input(ana(), monster("orc"), {}, "d10"), faces(10));
    expect(s.result.rolls[0]!.notation).toBe("1d10");
    const unarmed = lifeGuard.attack.begin(input(pc("Cy"), monster("orc")), faces(4));
    expect(unarmed.result.rolls[0]!.notation).toBe("1d4");
  });
});

describe("enchantments and oils", () => {
  // seed 004, "Enchantment": 2d6, applies the Condition, single use
  it("an enchanted weapon rolls 2d6, applies its condition and spends the enchantment", () => {
    const i = input(ana({ conditions: ["enchanted:sword:burning"] }), monster("orc"), { enchanted: true });
    const s = standing(lifeGuard, i, faces(3, 4));
    expect(s.result.rolls[0]!.notation).toBe("2d6");
    expect(s.final).toEqual([
      { targetId: "orc", damage: 7, damageKind: "normal", note: "Sword: 7 damage", addConditions: ["applied:burning"] },
      { targetId: "Ana", removeConditions: ["enchanted:sword:burning"], note: "Sword: Enchantment spent" },
      STRUCK(),
    ]);
    expect(s.result.rules).toContain('seed 004, "Enchantment"');
    expect(() => lifeGuard.attack.begin(input(ana(), monster("orc"), { enchanted: true }), faces(3, 4))).toThrow(
      /carries no Enchantment/,
    );
  });

  // seed 004, "Enchantment": "PCs can apply Enchantments to their weapons": once applied, the next blow is enchanted unasked.
  it("an applied Enchantment takes effect on the weapon's next blow without `enchanted`; `enchanted: false` keeps it", () => {
    const unasked = standing(
      lifeGuard,
      input(ana({ conditions: ["enchanted:sword:burning"] }), monster("orc")),
      faces(3, 4),
    );
    expect(unasked.result.rolls[0]!.notation).toBe("2d6");
    expect(unasked.final).toContainEqual({
      targetId: "Ana",
      removeConditions: ["enchanted:sword:burning"],
      note: "Sword: Enchantment spent",
    });
    const kept = standing(
      lifeGuard,
      input(ana({ conditions: ["enchanted:sword:burning"] }), monster("orc"), { enchanted: false }),
      faces(3),
    );
    expect(kept.result.rolls[0]!.notation).toBe("1d8");
    expect(kept.final.some((e) => e.removeConditions?.includes("enchanted:sword:burning"))).toBe(false);
  });

  // seed 004, "Enchantment": a 6.6 slays outright where possible
  it("6.6 with an enchanted weapon slays; 6.5 does not; a slay-immune foe takes 12", () => {
    const i = input(ana({ conditions: ["enchanted:sword:"] }), monster("orc"), { enchanted: true });
    const s = standing(lifeGuard, i, faces(6, 6));
    expect(s.outcome).toBe("slain");
    expect(s.final[0]).toEqual({ targetId: "orc", addConditions: ["dead"] });
    expect(lifeGuard.attack.begin(i, faces(6, 5)).outcome).toBe("critical");
    const boss = monster("boss", { life: 12, guard: 12, armour: 0, slayImmune: true });
    const b = standing(
      lifeGuard,
      input(ana({ conditions: ["enchanted:sword:"] }), boss, { enchanted: true }),
      faces(6, 6),
    );
    expect([b.outcome, b.final[0]!.damage]).toEqual(["hit", 12]);
    // a plain 2d6 die expression is not enchanted: no slaying
    expect(lifeGuard.attack.begin(input(ana(), monster("orc"), {}, "2d6"), faces(6, 6)).outcome).toBe("critical");
  });

  // seed 004, "Enchantment": torches act as enchanted weapons, expended on use
  it("a torch is an enchanted 2d6 attack, applies burning, and is expended", () => {
    const s = standing(lifeGuard, input(ana(), monster("orc"), {}, "Torch"), faces(2, 2));
    expect(s.final).toEqual([
      { targetId: "orc", damage: 4, damageKind: "normal", note: "Torch: 4 damage", addConditions: ["applied:burning"] },
      {
        targetId: "Ana",
        note: "Torch expended: struck from the sheet",
        sheet: { weapons: WEAPONS.filter((w) => w.name !== "Torch").map((w) => ({ tags: [], ...w })) },
      },
      STRUCK(),
    ]);
  });

  // seed 004, "Oils": applied to a weapon for the encounter; 2d6 against the matching monster type
  it("an oil applied to the weapon deals 2d6 against its monster type only, without asking", () => {
    const ghoul = monster("ghoul", { type: "undead" });
    const oiled = ana({ conditions: ["oil:sword:undead"] });
    const s = standing(lifeGuard, input(oiled, ghoul), faces(5, 1));
    expect([s.result.rolls[0]!.notation, s.final[0]!.damage]).toEqual(["2d6", 6]);
    expect(
      lifeGuard.attack.begin(input(oiled, monster("orc", { type: "beast" })), faces(5)).result.rolls[0]!.notation,
    ).toBe("1d8");
    expect(lifeGuard.attack.begin(input(oiled, ghoul, {}, "Dagger"), faces(3)).result.rolls[0]!.notation).toBe("1d4");
    expect(() => lifeGuard.attack.begin(input(ana(), ghoul, { oiled: true }), faces(1, 1))).toThrow(
      /carries no oil against undead: apply one first/,
    );
    expect(() => lifeGuard.attack.begin(input(ana(), monster("orc"), { oiled: true }), faces(1, 1))).toThrow(
      /no monster type/,
    );
  });
});

describe("impaired, enhanced and weapon options", () => {
  // seed 004, "Actions and Modifiers": "rolling 2d6 and using the lower result" / "the higher result": the text's dice,
  // in place of the weapon's single die; an impaired roll never beats the weapon's own die (docs/rules/life-guard.md)
  it("impaired: 2d6 keep lower; enhanced: 2d6 keep higher; both cancel", () => {
    const imp = standing(lifeGuard, input(ana(), monster("orc"), { impaired: true }), faces(6, 2));
    expect([imp.result.rolls[0]!.notation, imp.final[0]!.damage]).toEqual(["2d6kl1", 2]);
    const enh = standing(lifeGuard, input(ana(), monster("orc"), { enhanced: true }), faces(6, 2));
    expect([enh.result.rolls[0]!.notation, enh.final[0]!.damage]).toEqual(["2d6kh1", 6]);
    // a d4 dagger impaired: the 2d6 keeps 5, more than a d4 can roll: 4
    const dag = standing(lifeGuard, input(ana(), monster("orc"), { impaired: true }, "Dagger"), faces(5, 6));
    expect([dag.result.rolls[0]!.notation, dag.final[0]!.damage]).toEqual(["2d6kl1", 4]);
    expect(dag.result.lines).toContain("Impaired: the 2d6 kept 5, more than a d4 can roll: 4.");
    // Its dice line shows the 4 the line counts (issue 41, point 8).
    expect(dag.result.rolls[0]).toMatchObject({ total: 5, counts: { total: 4, why: "at most 4" } });
    const both = standing(lifeGuard, input(ana(), monster("orc"), { highGround: true, cover: "light" }), faces(5));
    expect([both.result.rolls[0]!.notation, both.final[0]!.damage]).toEqual(["1d8", 5]);
    expect(both.result.lines).toContain("Impaired (light cover) and enhanced (high ground) cancel out.");
  });

  // seed 004, "Actions and Modifiers": cover and low ground impair, high ground enhances
  it.each([
    [{ cover: "partial" } as Situation, "2d6kl1"],
    [{ lowGround: true } as Situation, "2d6kl1"],
    [{ highGround: true } as Situation, "2d6kh1"],
    [{ cover: "none" } as Situation, "1d8"],
  ])("%o rolls %s", (sit, notation) => {
    const f = notation === "1d8" ? faces(4) : faces(4, 4);
    expect(lifeGuard.attack.begin(input(ana(), monster("orc"), sit), f).result.rolls[0]!.notation).toBe(notation);
  });

  // seed 004, "Attacks": two weapons at once keep the single highest
  it("two weapons: roll both, keep the highest; a two-handed weapon cannot pair", () => {
    const s = standing(lifeGuard, input(ana(), monster("orc"), { twoWeapons: true }), faces(3, 4));
    expect(s.result.rolls.map((r) => r.notation)).toEqual(["1d8", "1d4"]);
    expect(s.final[0]!.damage).toBe(4);
    expect(s.result.lines).toContain("Two weapons: Sword 3, Dagger 4: keep 4.");
    expect(() =>
      lifeGuard.attack.begin(input(ana(at("reach")), monster("orc"), { twoWeapons: true }, "Pike"), faces(1, 1)),
    ).toThrow(RuleError);
  });

  // seed 004, "Actions and Modifiers": halfswording, one die size less
  it("halfswording a spear in the Melee rank rolls d6; unhalfsworded it cannot strike there", () => {
    const s = lifeGuard.attack.begin(
      input(ana(), monster("orc"), { halfsword: true } as LifeGuardSituation, "Spear"),
      faces(6),
    );
    expect(s.result.rolls[0]!.notation).toBe("1d6");
    expect(() => lifeGuard.attack.begin(input(ana(), monster("orc"), {}, "Spear"), faces(6))).toThrow(
      /A reach weapon strikes one rank away/,
    );
    // declared before the round, the halfsword is read without the option
    expect(
      lifeGuard.attack.begin(input(ana({ conditions: ["halfswording"] }), monster("orc"), {}, "Spear"), faces(6)).result
        .rolls[0]!.notation,
    ).toBe("1d6");
  });

  // seed 004, "Actions and Modifiers": armour-piercing — armour soaks at most 2
  it("armour-piercing against Armour 4 soaks 2; the effect carries the damage rolled and the cap, and the line shows both", () => {
    const dragon = monster("dragon", "legendary");
    const s = standing(lifeGuard, input(ana(at("reach")), dragon, {}, "Pike"), faces(6));
    const calc = (s.data as { calc: { plan: { soaked: number; dealt: number } } }).calc;
    expect([calc.plan.soaked, calc.plan.dealt]).toEqual([2, 4]);
    expect([s.final[0]!.damage, s.final[0]!.armourCap]).toEqual([6, 2]);
    const applied = lifeGuard.applyDamage(dragon, 6, faces(), "normal", { armourCap: 2 });
    expect(applied.state.guard).toBe(8);
    expect(applied.result.lines[0]).toBe("6 damage − Armour 4 (armour-piercing: soaks at most 2) = 4.");
  });

  // seed 004, "Actions and Modifiers": reach attacks +2 against flying opponents
  it("a reach attack on a flyer gets +2", () => {
    const bat = monster("bat", { flying: true, armour: 0 });
    const s = standing(lifeGuard, input(ana(at("reach")), bat, {}, "Spear"), faces(3));
    expect([s.result.rolls[0]!.notation, s.final[0]!.damage]).toEqual(["1d8+2", 5]);
  });

  // seed 004, "Actions and Modifiers": Charge — set weapons (declared) deal normal damage to a charging enemy (declared)
  it("a set spear strikes a charging foe for normal damage regardless of ranks; the attacker's own charge option means nothing here", () => {
    const charger = monster("orc", "standard", { rank: "reach", conditions: ["charging"] });
    const s = standing(lifeGuard, input(ana({ conditions: ["set weapon"] }), charger, {}, "Spear"), faces(8));
    expect([s.result.rolls[0]!.notation, s.final[0]!.damage]).toEqual(["1d8", 8]);
    expect(s.result.lines[1]).toMatch(/^Set weapon against a charge/);
    expect(() => lifeGuard.attack.begin(input(ana(), charger, {}, "Spear"), faces(8))).toThrow(/one rank away/);
    const noSet = lifeGuard.attack.begin(input(ana(), monster("orc"), { charge: true }), faces(2));
    expect(noSet.ignored).toEqual(["charge"]);
  });

  // seed 004, "Actions and Modifiers": Thrust avoids the long weapon penalty in cramped conditions
  it("cramped: a long weapon is impaired unless thrusting", () => {
    const cr = lifeGuard.attack.begin(
      input(ana(at("reach")), monster("orc"), { cramped: true } as LifeGuardSituation, "Spear"),
      faces(5, 2),
    );
    expect(cr.result.rolls[0]!.notation).toBe("2d6kl1");
    const th = lifeGuard.attack.begin(
      input(ana(at("reach")), monster("orc"), { cramped: true, thrust: true } as LifeGuardSituation, "Spear"),
      faces(5),
    );
    expect(th.result.rolls[0]!.notation).toBe("1d8");
    // the same, declared
    const decl = (c: string[]) =>
      lifeGuard.attack.begin(input(ana({ rank: "reach", conditions: c }), monster("orc"), {}, "Spear"), faces(5, 2))
        .result.rolls[0]!.notation;
    expect([decl(["cramped"]), decl(["cramped", "thrusting"])]).toEqual(["2d6kl1", "1d8"]);
  });
});

describe("ranks", () => {
  // seed 004, "Movement": Melee attacks only within its rank
  it("Melee cannot attack a foe in the Reach rank", () => {
    expect(() => lifeGuard.attack.begin(input(ana(), monster("orc", "standard", at("reach"))), faces(1))).toThrow(
      /Melee can only attack within its rank/,
    );
  });

  // seed 004, "Movement": "Reach: Can attack one rank away (Reach to Melee or Ranged to Reach)"; any weapon thrown from Reach for d3
  it("a reach weapon: Reach to Melee and Ranged to Reach; a thrown sword deals d3; same rank or two ranks is refused", () => {
    expect(
      standing(lifeGuard, input(ana(at("ranged")), monster("orc", "standard", at("reach")), {}, "Spear"), faces(6))
        .final[0]!.damage,
    ).toBe(6);
    expect(lifeGuard.attack.begin(input(ana(at("reach")), monster("orc")), faces(6)).result.lines[0]).toBe(
      "Ana attacks orc with Spear: d8.",
    );
    const s = standing(lifeGuard, input(ana(at("reach")), monster("orc"), { mode: "thrown" }), faces(3));
    expect([s.result.rolls[0]!.notation, s.final[0]!.damage]).toEqual(["1d3", 3]);
    expect(() =>
      lifeGuard.attack.begin(input(ana(at("reach")), monster("orc", "standard", at("reach")), {}, "Spear"), faces(1)),
    ).toThrow(/A reach weapon strikes one rank away/);
    expect(() => lifeGuard.attack.begin(input(ana(), monster("orc"), { mode: "thrown" }), faces(1))).toThrow(RuleError);
    expect(() =>
      lifeGuard.attack.begin(input(ana(at("reach"), { weapons: [{ name: "Sword", die: "d8" }] })), faces(1)),
    ).toThrow(/A melee weapon strikes only in the Melee rank/);
  });

  // seed 004, "Movement": Ranged attacks from two or more ranks (Reach or Ranged) and risks hitting allies
  it("ranged: a bow shoots from Reach or Ranged, not from Melee; a d6 of 1 hits an ally in the target's rank", () => {
    expect(standing(lifeGuard, input(ana(at("reach")), monster("orc"), {}, "Bow"), faces(4)).final[0]!.damage).toBe(4);
    const shooter = ana(at("ranged"));
    const alone = lifeGuard.attack.begin(input(shooter, monster("orc"), {}, "Bow"), faces(4));
    expect(alone.result.rolls.map((r) => r.label)).toEqual(["damage (Bow)"]);
    const bo = pc("Bo");
    const i = input(shooter, monster("orc"), {}, "Bow", [bo]);
    const hit = standing(lifeGuard, i, faces(4, 1));
    expect([hit.outcome, hit.final[0]!.targetId]).toEqual(["ally hit", "Bo"]);
    const miss = standing(lifeGuard, i, faces(4, 2));
    expect([miss.outcome, miss.final[0]!.targetId]).toEqual(["hit", "orc"]);
    const two = input(shooter, monster("orc"), {}, "Bow", [bo, pc("Cy")]);
    expect(standing(lifeGuard, two, faces(4, 1, 2)).final[0]!.targetId).toBe("Cy");
    expect(() => lifeGuard.attack.begin(input(ana(), monster("orc"), {}, "Bow"), faces(1))).toThrow(/hand to hand/);
    // from the Ranged rank the bow is the weapon by default
    expect(lifeGuard.attack.begin(input(ana(at("ranged")), monster("orc")), faces(1)).result.lines[0]).toBe(
      "Ana attacks orc with Bow: d6.",
    );
  });
});

describe("warbands", () => {
  const band = (state = {}) =>
    monster("goblins", { life: 6, guard: 6, morale: 6, armour: 0, damage: "d6", warband: true }, state);
  // seed 004, "Warbands": a warband's attacks on individuals are enhanced and deal 2d6
  it("a warband attacks an individual with 2d6, enhanced", () => {
    const s = standing(lifeGuard, input(band(), ana()), faces(1, 2, 3, 4));
    expect(s.result.rolls.map((r) => [r.notation, r.total, r.dice.map((d) => !!d.dropped)])).toEqual([
      ["2d6", 3, [true, true]],
      ["2d6", 7, [false, false]],
    ]);
    expect(s.final[0]!.damage).toBe(7);
    const weak = lifeGuard.attack.begin(input(band({ conditions: ["weakened"] }), ana()), faces(4));
    expect(weak.result.rolls[0]!.notation).toBe("1d6");
  });

  // seed 004, "Warbands": individuals' attacks on a warband are impaired, except Blast
  it("an individual attacking a warband is impaired; a blast is not", () => {
    const s = standing(lifeGuard, input(ana(), band()), faces(6, 3));
    expect([s.result.rolls[0]!.notation, s.final[0]!.damage]).toEqual(["2d6kl1", 3]);
    // seed 004, "Actions and Modifiers": a blast with no number declared rolls a d6 for its targets (here 1)
    const b = standing(lifeGuard, input(ana(), band(), { blast: true } as LifeGuardSituation), faces(1, 6));
    expect([b.result.rolls.map((r) => r.notation), b.final[0]!.damage]).toEqual([["1d6", "1d8"], 6]);
  });

  // seed 004, "Warbands": "Attacks against warbands by individuals are Impaired": the counterattack's d3 too
  it("a counterattack on a warband is impaired: 2d6 keep the lower, at most 3", () => {
    const inp = input(band(), ana());
    const s1 = lifeGuard.attack.react(lifeGuard.attack.begin(inp, faces(1, 2, 3, 4)), "take", inp, faces());
    expect(s1.options.map((o) => o.id)).toEqual(["counter", "pass"]);
    const low = lifeGuard.attack.react(s1, "counter", inp, faces(5, 2));
    expect(low.followup).toEqual([
      { targetId: "goblins", damage: 2, damageKind: "normal", note: "counterattack: 2 damage" },
    ]);
    expect(low.result.lines).toContain(
      "Counterattack against a warband, impaired: 2d6 keep the lower, at most 3 = 2 against the attacker.",
    );
    expect(low.result.rolls.at(-1)!.notation).toBe("2d6kl1");
    const high = lifeGuard.attack.react(s1, "counter", inp, faces(6, 5));
    expect(high.followup[0]!.damage).toBe(3);
    // an individual's counterattack on an individual stays d3
    const solo = input(monster("orc"), ana());
    const t1 = lifeGuard.attack.react(lifeGuard.attack.begin(solo, faces(1)), "take", solo, faces());
    expect(lifeGuard.attack.react(t1, "counter", solo, faces(2)).result.rolls.at(-1)!.notation).toBe("1d3");
  });
});

describe("odds", () => {
  // seed 004, "Attacks": no to-hit roll; the spread of damage after Armour
  it("a d8 against Armour 1: 0 one time in 8, 1–7 one in 8 each", () => {
    const o = lifeGuard.odds!(input()) as unknown as {
      dealt: Record<number, number>;
      outcomes: Record<string, number>;
    };
    expect(o.dealt).toEqual({ 0: 1 / 8, 1: 1 / 8, 2: 1 / 8, 3: 1 / 8, 4: 1 / 8, 5: 1 / 8, 6: 1 / 8, 7: 1 / 8 });
    expect(o.outcomes).toEqual({ soaked: 1 / 8, hit: 7 / 8 });
  });

  // seed 004, "Enchantment": 6.6 slays — one chance in 36
  it("an enchanted 2d6 slays one time in 36; a rank error becomes a message", () => {
    const o = lifeGuard.odds!(
      input(ana({ conditions: ["enchanted:sword:"] }), monster("orc"), { enchanted: true }),
    ) as unknown as {
      outcomes: Record<string, number>;
    };
    expect(o.outcomes.slain).toBeCloseTo(1 / 36, 12);
    const bad = lifeGuard.odds!(input(ana(), monster("orc", "standard", at("ranged"))));
    expect(bad).toMatchObject({ unsupported: true });
  });
});

describe("a seeded attack", () => {
  // seed 004, "Attacks": the same seed gives the same roll
  it("seed-1 gives the same damage every time", () => {
    const run = () => {
      const prng = seedrandom("seed-1");
      return standing(lifeGuard, input(), new DiceBag({ next: () => prng() })).final[0]!.damage;
    };
    expect(run()).toBe(run());
    expect(run()).toBe(SEEDED);
  });
});
const SEEDED = 3; // 1 + floor(seedrandom("seed-1")() × 8)
