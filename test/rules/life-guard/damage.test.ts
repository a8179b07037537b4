import { describe, expect, it } from "vitest";
import { scriptedFaces } from "../../../src/rules/dice/random.js";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import {
  applyDamageTo,
  brokenLimb,
  guardIncrease,
  lifeGuard,
  planDamage,
  rest,
  type LifeGuardState,
} from "../../../src/rules/systems/life-guard/index.js";
import { faces, monster, pc } from "./helpers.js";

const st = (x: { state: unknown }) => x.state as LifeGuardState;

describe("damage through Armour, Guard, Life", () => {
  // seed 004, "Attacks": damage minus Armour goes to Guard, the rest to Life
  it("Armour soaks, Guard takes the rest", () => {
    const orc = monster("orc", "standard"); // Life 7 Guard 7 Armour 1
    const r = lifeGuard.applyDamage(orc, 5, faces());
    expect([st(r).guard, st(r).life]).toEqual([3, 7]);
    expect(r.result.lines[0]).toBe("5 damage − Armour 1 = 4.");
    expect(r.result.rules).toContain('seed 004, "Attacks"');
  });

  // seed 004, "Attacks": the line names the target's Armour, then what it soaked
  it("a blow smaller than the Armour: the line shows the Armour and what it soaked", () => {
    const knight = pc("Knight", { armour: 4, guard: 6 });
    expect(lifeGuard.applyDamage(knight, 3, faces()).result.lines[0]).toBe("3 damage − Armour 4 (soaks 3) = 0.");
  });

  // seed 004, "Enchantment": "Enchantments to their weapons and armour … single-use and last until the PC rests"
  it("an enchanted armour soaks the next hit with 2d6 (never less than its Armour), once; a rest ends an unspent one", () => {
    const knight = pc("Knight", { armour: 4, guard: 6, armourEnchantment: "warding" });
    expect(knight.state.conditions).toEqual(["enchanted armour:warding"]);
    const low = lifeGuard.applyDamage(knight, 8, faces(1, 2));
    expect(low.result.lines.slice(0, 2)).toEqual([
      "Enchanted armour (warding): 2d6 = 3, Armour 4 for this hit (its own 4 is more); the Enchantment is spent.",
      "8 damage − Armour 4 = 4.",
    ]);
    expect(st(low).conditions).toEqual([]);
    const high = lifeGuard.applyDamage(knight, 8, faces(6, 5));
    expect(high.result.lines[1]).toBe("8 damage − Armour 11 (soaks 8) = 0.");
    const rested = rest(knight);
    expect(st(rested).conditions).toEqual([]);
    expect(rested.result.lines).toContain("Enchantments end with the rest (1).");
  });

  // seed 004, "Attacks"
  it("damage no greater than Armour does nothing", () => {
    const r = lifeGuard.applyDamage(monster("orc", "standard"), 1, faces());
    expect([st(r).guard, st(r).life]).toEqual([7, 7]);
  });

  // seed 004, "Attacks"; Critical Damage and the Life save are our choice (docs, "Critical Damage")
  it("what Guard cannot take goes to Life and calls for a Life save: d20 ≤ Life (7 saves, 8 fails)", () => {
    const a = lifeGuard.applyDamage(monster("orc", "standard", { guard: 2 }), 6, faces(4)); // 5 dealt: 2 Guard, 3 Life; save 4 ≤ 4
    expect([st(a).guard, st(a).life, st(a).conditions]).toEqual([0, 4, []]);
    const saved = lifeGuard.applyDamage(pc("Ana", { life: 10, guard: 0 }), 3, faces(7));
    expect([st(saved).life, st(saved).conditions]).toEqual([7, []]);
    const failed = lifeGuard.applyDamage(pc("Ana", { life: 10, guard: 0 }), 3, faces(8));
    expect(st(failed).conditions).toEqual(["out of action"]);
    expect(failed.result.lines).toContain("Life save: d20 = 8 against Life 7: failed.");
  });

  // docs, "Critical Damage": a 1 always saves, a 20 always fails
  it("a Life save of 20 fails even at Life 20, and 0 Life is death without a save", () => {
    const twenty = lifeGuard.applyDamage(pc("Ana", { life: 20, guard: 0 }), 0 + 1, faces(20));
    expect(st(twenty).conditions).toEqual(["out of action"]);
    const dead = lifeGuard.applyDamage(monster("rat", "swarm", { guard: 0 }), 3, faces());
    expect([st(dead).life, st(dead).conditions]).toEqual([0, ["dead"]]);
  });

  // seed 004, "Actions and Modifiers", Armour-Piercing
  it("armour-piercing: Armour soaks at most 2", () => {
    const p = planDamage({ guard: 12, life: 12 }, 4, 6, { armourCap: 2 });
    expect([p.soaked, p.dealt, p.guardAfter]).toEqual([2, 4, 8]);
    expect(planDamage({ guard: 12, life: 12 }, 1, 6, { armourCap: 2 }).soaked).toBe(1);
  });

  // docs, "Subdual damage"
  it("subdual damage stops at Guard", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 3 }), 5, faces(), "subdual");
    expect([st(r).guard, st(r).life, st(r).scars]).toEqual([0, 10, []]);
  });
});

describe("Scars", () => {
  // seed 004, "Scars": Guard exactly to 0; row = Guard lost; Lasting Scar 1d6 location; then 1d6 Guard increase at max ≤ 3
  it("row 1 Lasting Scar: d6 3 = Eye; Guard increase 1d6 = 2 > max 1 becomes max", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 1 }), 1, faces(3, 2));
    expect(st(r).scars).toEqual(["Lasting Scar (Eye)"]);
    expect([st(r).guard, st(r).guardMax]).toEqual([0, 2]);
  });

  // seed 004, "Scars": the increase roll must be higher (equal is no change)
  it("Guard increase: 1d6 equal to max changes nothing", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 1 }), 1, faces(6, 1));
    expect(st(r).scars).toEqual(["Lasting Scar (Ear)"]);
    expect(st(r).guardMax).toBe(1);
  });

  // seed 004, "Scars": row 2 rolls its own 1d6 against max GRD, then the increase roll
  it("row 2 Rattling Blow: 3 > max 2 → max 3; then 1d6 = 3 is not higher", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 2 }), 2, faces(3, 3));
    expect([st(r).scars, st(r).guardMax]).toEqual([["Rattling Blow"], 3]);
    const low = lifeGuard.applyDamage(pc("Ana", { guard: 2 }), 2, faces(2, 1));
    expect(st(low).guardMax).toBe(2);
  });

  // seed 004, "Scars": row 3 Walloped — deprived until rest
  it("row 3 Walloped: deprived", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 3 }), 3, faces(4));
    expect([st(r).scars, st(r).conditions, st(r).guardMax]).toEqual([["Walloped"], ["deprived"], 4]);
  });

  // seed 004, "Scars": row 4 Broken Limb 1-2 Leg, 3-4 Arm, 5 Rib, 6 Skull; max 4 → 2d6 increase
  it("row 4 Broken Limb and the 2d6 increase at max 4 (4 no change, 5 raises)", () => {
    expect([1, 2, 3, 4, 5, 6].map(brokenLimb)).toEqual(["Leg", "Leg", "Arm", "Arm", "Rib", "Skull"]);
    const a = lifeGuard.applyDamage(pc("Ana", { guard: 4 }), 4, faces(2, 2, 2));
    expect([st(a).scars, st(a).guardMax]).toEqual([["Broken Limb (Leg)"], 4]);
    const b = lifeGuard.applyDamage(pc("Ana", { guard: 4 }), 4, faces(3, 2, 3));
    expect([st(b).scars, st(b).guardMax]).toEqual([["Broken Limb (Arm)"], 5]);
  });

  // seed 004, "Scars": at max Guard 3 a 1d6 is rolled, at 4 a 2d6 is
  it("the increase die: 1d6 at max 3, 2d6 at max 4", () => {
    const one = new DiceBag(scriptedFaces([6]));
    expect(guardIncrease(3, one)).toMatchObject({ roll: 6, newMax: 6 });
    expect(one.log[0]!.notation).toBe("1d6");
    const two = new DiceBag(scriptedFaces([6, 6]));
    expect(guardIncrease(4, two)).toMatchObject({ roll: 12, newMax: 12 });
    expect(two.log[0]!.notation).toBe("2d6");
  });

  // seed 004, "Scars": row 5 Diseased
  it("row 5 Diseased", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 5 }), 5, faces(1, 1));
    expect([st(r).scars, st(r).conditions]).toEqual([["Diseased"], ["diseased"]]);
  });

  // seed 004, "Scars": row 6 minus d6 max Life until treated
  it("row 6 Head Wound: −d6 max Life, Life clamps; treatment restores the max", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 6, life: 10 }), 6, faces(4, 1, 1));
    expect([st(r).headWoundLoss, st(r).life, st(r).scars]).toEqual([4, 6, ["Reorienting Head Wound"]]);
    expect(lifeGuard.view({ ...pc("Ana"), state: st(r) }).summary).toBe("Guard 0/6 · Life 6/6 · Melee rank");
    // Treatment (a declared action on one's turn) takes the head wound away: the maximum returns, Life stays.
    const ana = { ...pc("Ana", { guard: 6, life: 10 }), state: st(r) };
    const t = lifeGuard.round.declare(
      { who: ana, id: "treat", others: [], round: 2, declared: [], phase: "act" } as never,
      faces(),
    );
    expect(t.effects).toEqual([{ targetId: ana.id, removeConditions: ["head wound"] }]);
    expect(t.spendsAction).toBe(true);
    const treated = {
      ...ana,
      state: { ...ana.state, conditions: ana.state.conditions.filter((c: string) => c !== "head wound") },
    };
    expect(lifeGuard.view(treated).summary).toBe("Guard 0/6 · Life 6/10 · Melee rank");
  });

  // seed 004, "Scars", row 11: "You die in one hour unless healed" — on the campaign's clock.
  it("row 11 Mortal Wound: warnings as the hour runs out, death at the hour, healing ends it", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 11, life: 10 }), 11, faces(6, 5, 1));
    expect(st(r).conditions).toEqual(expect.arrayContaining(["mortal wound", "out of action", "deprived"]));
    const wounded = { ...pc("Ana"), state: st(r) };
    const w1 = lifeGuard.timePasses!(wounded, 50, faces())!;
    expect(w1.result.lines[0]).toBe("Ana has a Mortal Wound: 10 minutes left to heal them (/heal), or they die.");
    const dead = lifeGuard.timePasses!({ ...wounded, state: w1.state }, 10, faces())!;
    expect(dead.state.conditions).toContain("dead");
    const healed = lifeGuard.applyHealing({ ...wounded, state: w1.state }, 1);
    expect(healed.state.conditions).not.toContain("mortal wound");
    expect(lifeGuard.timePasses!({ ...wounded, state: healed.state }, 60, faces())).toBeNull();
  });

  // seed 004, "Scars": rows 7–10
  it.each([
    [7, "Hamstrung", ["hamstrung"]],
    [8, "Deafened", ["deafened"]],
    [9, "Re-brained", []],
    [10, "Sundered", ["sundered"]],
  ])("row %i %s", (row, name, conds) => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: row }), row, faces(1, 1));
    expect([st(r).scars, st(r).conditions]).toEqual([[name], conds]);
  });

  // seed 004, "Scars": row 11 Mortal Wound — deprived and out of action; healing ends the countdown
  it("row 11 Mortal Wound: deprived, out of action, dying; healing removes the mortal wound", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 11 }), 11, faces(6, 6));
    expect(st(r).conditions).toEqual(["deprived", "out of action", "mortal wound"]);
    expect(st(r).guardMax).toBe(12);
    const h = lifeGuard.applyHealing({ ...pc("Ana", { guard: 11 }), state: st(r) }, 1);
    // docs/rules/life-guard.md, "Healing and rest": healing puts the character back in action; deprived stays until rest
    expect(st(h).conditions).toEqual(["deprived"]);
  });

  // seed 004, "Scars": row 12 Doomed — the next failed Life save kills
  it("one point past Guard is Critical Damage, not a Scar", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 12, life: 10 }), 13, faces(9));
    expect([r.state.life, r.state.conditions, r.state.scars]).toEqual([9, [], []]);
    // 13 > 12: one point reaches Life — no scar (not exactly 0), a Life save instead
    expect(r.result.lines.some((l) => l.startsWith("Scar"))).toBe(false);
  });

  it("row 12 Doomed (exact), then a failed Life save kills", () => {
    const r = lifeGuard.applyDamage(pc("Ana", { guard: 12, life: 10 }), 12, faces(1, 1));
    expect(st(r).conditions).toEqual(["doomed"]);
    const doomed = { ...pc("Ana", { guard: 12, life: 10 }), state: st(r) };
    const fail = lifeGuard.save({ who: doomed, kind: "life" }, faces(11)) as { success: boolean; lines: string[] };
    expect(fail.success).toBe(false);
    expect(fail.lines).toContain("Doomed: the Life save failed — dies horribly.");
    const hit = lifeGuard.applyDamage(doomed, 2, faces(15)); // 2 to Life (Guard 0): Life 8, save 15 fails → dead
    expect(st(hit).conditions).toEqual(["dead"]);
    const ok = lifeGuard.applyDamage(doomed, 2, faces(8));
    expect(st(ok).conditions).toEqual([]);
  });

  // seed 004, "Scars": "a PC's Guard" — monsters get none
  it("monsters and Guard exactly 0: no Scar, no dice", () => {
    const bag = faces();
    const r = lifeGuard.applyDamage(monster("orc", "standard"), 8, bag);
    expect([st(r).guard, st(r).scars, bag.log.length]).toEqual([0, [], 0]);
  });
});

describe("Warbands take Critical Damage", () => {
  const band = () => monster("goblins", { life: 6, guard: 2, morale: 6, armour: 0, warband: true });
  // seed 004, "Warbands": critical damage routs or weakens (Life save decides: our choice)
  it("failed Life save: routed; saved: weakened; 0 Life: destroyed", () => {
    expect(st(lifeGuard.applyDamage(band(), 4, faces(5))).conditions).toEqual(["routed"]);
    expect(st(lifeGuard.applyDamage(band(), 4, faces(4))).conditions).toEqual(["weakened"]);
    const d = applyDamageTo(band(), 8, faces());
    expect([d.state.conditions, d.critical]).toEqual([["destroyed"], true]);
  });
});

describe("healing and rest", () => {
  // docs, "Healing and rest": healing restores Life only
  it("healing restores Life up to its max, not Guard", () => {
    const r = lifeGuard.applyHealing(pc("Ana", { life: 10, guard: 3 }, { life: 4, guard: 0 }), 10);
    expect([st(r).life, st(r).guard]).toEqual([10, 0]);
  });

  // seed 004, "Enchantment" (ends on rest) and "Scars" (deprived until rest)
  it("rest restores Guard unless deprived and ends Enchantments; a long rest ends deprived", () => {
    const c = pc("Ana", { guard: 3 }, { guard: 0, conditions: ["deprived", "enchanted:sword:burning"] });
    const short = rest(c);
    expect([short.state.guard, short.state.conditions]).toEqual([0, ["deprived"]]);
    const long = rest(c, { long: true });
    expect([long.state.guard, long.state.conditions]).toEqual([3, []]);
  });
});
