import { describe, expect, it } from "vitest";
import { RuleError, type AttackInput, type AttackState } from "../../../src/rules/systems/types.js";
import { attackOfRound, thirdAge, type ThirdAgeSheet } from "../../../src/rules/systems/third-age/index.js";
import { bag, monster, pc, type TAC } from "./helpers.js";

const A = thirdAge.attack;

const ann = (extra: Record<string, unknown> = {}, state: Record<string, unknown> = {}) =>
  pc(
    "ann",
    {
      body: 1,
      dexterity: 1,
      attackBonus: 2,
      weapons: [
        { name: "Longsword", damage: "1d8" },
        { name: "Dagger", damage: "1d4" },
        { name: "Bow", damage: "1d6", kind: "ranged" },
      ],
      ...extra,
    },
    { state },
  );
const orc = (extra: Record<string, unknown> = {}, state: Record<string, unknown> = {}) =>
  monster(
    "orc",
    {
      body: 1,
      attackBonus: 1,
      successAC: 14,
      partialAC: 10,
      hp: 6,
      weapons: [{ name: "Axe", damage: "1d6" }],
      ...extra,
    },
    { state },
  );
const cy = (extra: Record<string, unknown> = {}, state: Record<string, unknown> = {}) =>
  pc(
    "cy",
    { body: 1, successAC: 14, partialAC: 10, hp: 8, weapons: [{ name: "Mace", damage: "1d6" }], ...extra },
    { state },
  );

function input(
  attacker: TAC,
  defender: TAC,
  others: TAC[] = [],
  situation: AttackInput["situation"] = {},
  weapon?: string,
): AttackInput<ThirdAgeSheet> {
  return { attacker, defender, others, situation, ...(weapon !== undefined ? { weapon } : {}) };
}
const ids = (s: AttackState) => s.options.map((o) => o.id);
/** What the attack does once final, as nobody reacts (a lapse rolls nothing). */
const finalOf = (s: AttackState, inp: AttackInput<ThirdAgeSheet>) => A.lapse(s, inp, bag([])).final;

describe("attack rolls", () => {
  // seed 000, "Attack Rolls": 2d10 + attribute + attack bonus ≥ success AC → weapon damage; melee adds Body to attack and damage
  it("succeeds at exactly the success AC and deals the weapon die + Body", () => {
    const b = bag([6, 5, 5]);
    const inp = input(ann(), orc());
    const s = A.begin(inp, b);
    expect(s.outcome).toBe("success");
    expect(s.phase).toBe("reactions");
    expect(s.result.rolls.map((r) => [r.label, r.notation, r.total])).toEqual([
      ["attack", "2d10+3", 14],
      ["damage", "1d8+1", 6],
    ]);
    expect([s.pay, s.final, s.followup]).toEqual([[], [], []]);
    expect(finalOf(s, inp)).toEqual([
      { targetId: "orc", damage: 6, damageKind: "normal", note: "Longsword: 6 damage (success)" },
    ]);
    // the orc has no stamina (monsters: 0 by default): only "Take it"
    expect(s.options).toEqual([
      { id: "take", label: "Take it", by: "orc", cost: "no cost", rule: 'seed 000, "Attack Rolls"' },
    ]);
    expect(s.result.rules).toContain('seed 000, "Attack Rolls"');
    expect(s.ignored).toEqual([]);
  });

  // seed 000, "Attack Rolls": partial success (< success AC, ≥ partial AC) → half damage rounded down
  it("is partial one below the success AC and at exactly the partial AC; a failure below", () => {
    const inp = input(ann(), orc());
    const p1 = A.begin(inp, bag([5, 5, 7]));
    expect(p1.outcome).toBe("partial");
    expect(finalOf(p1, inp)[0]).toMatchObject({ targetId: "orc", damage: 4 }); // (7+1)/2
    const p2 = A.begin(inp, bag([4, 3, 2]));
    expect(p2.outcome).toBe("partial");
    expect(finalOf(p2, inp)[0]).toMatchObject({ damage: 1 }); // (2+1)/2 = 1.5 → 1
    const b = bag([3, 3]);
    const f = A.begin(inp, b);
    expect(f.outcome).toBe("failure");
    expect(finalOf(f, inp)).toEqual([]);
    expect(b.remaining()).toBe(0); // no damage die on a failure
  });

  // docs/rules/third-age.md, "Damage": half rounded down, and still at least 1, as the footer's "damage minimum 1" says
  // seed 000, "Attack Rolls": "the target takes half damage rounded down" (no minimum)
  it("a partial with 1 damage halves to 0: it deals nothing", () => {
    const weak = pc("wk", { body: -1, attackBonus: 3, weapons: [{ name: "Stick", damage: "1d2" }] });
    const s = A.begin(input(weak, orc()), bag([5, 5, 2])); // 12 → partial; 2−1 = 1 → half 0
    expect(s.outcome).toBe("partial");
    expect(s.result.lines).toContain("Partial success: half damage, 1d2 [2] −1 = 1 → 1 ÷ 2 = 0.");
    expect(finalOf(s, input(weak, orc()))).toEqual([]);
  });

  // seed 000, "Attack Rolls": ranged adds Dexterity to the attack, nothing to damage
  it("ranged: Dexterity to attack, no Body on damage", () => {
    const s = A.begin(input(ann({ body: 3 }), orc()), bag([6, 5, 4]));
    expect(s.result.rolls[0]!.notation).toBe("2d10+5");
    const ranged = input(ann({ body: 3 }), orc(), [], { mode: "ranged" });
    const r = A.begin(ranged, bag([6, 5, 4]));
    expect(r.result.rolls.map((x) => [x.notation, x.total])).toEqual([
      ["2d10+3", 14],
      ["1d6", 4],
    ]);
    expect(finalOf(r, ranged)[0]).toMatchObject({ damage: 4 });
    expect(r.result.lines[0]).toBe("Ann attacks with Bow (1d6, ranged).");
  });

  it("uses a named weapon, a dice expression, or fists (1d2) with no weapons", () => {
    const d = A.begin(input(ann(), orc(), [], {}, "dagger"), bag([6, 5, 3]));
    expect(d.result.rolls[1]!.notation).toBe("1d4+1");
    const e = A.begin(input(ann(), orc(), [], {}, "2d4"), bag([6, 5, 1, 2]));
    expect(e.result.rolls[1]).toMatchObject({ notation: "2d4+1", total: 4 });
    const f = A.begin(input(pc("zed"), orc()), bag([10, 10, 2]));
    expect(f.result.rolls[1]).toMatchObject({ notation: "1d2", total: 2 });
    expect(() => A.begin(input(ann(), orc(), [], {}, "halberd"), bag([]))).toThrow(/no weapon "halberd"/);
  });

  it("lists the situation keys it did not use", () => {
    const s = A.begin(
      input(ann(), orc(), [], { mode: "melee", charge: true, cover: "light", flank: false, modifier: 1 }),
      bag([6, 5, 5]),
    );
    expect(s.ignored).toEqual(["charge", "cover"]);
    expect(s.result.rolls[0]!.notation).toBe("2d10+4");
    expect(thirdAge.situations).toEqual(["mode", "twoWeapons", "oneHandFree", "modifier"]);
  });
});

describe("two weapons and one hand free", () => {
  // seed 000, "Two-Weapon Fighting and One Hand Free"
  it("two weapons of d6 or less: first attack −2, second −4", () => {
    const first = A.begin(input(ann(), orc(), [], { twoWeapons: true }, "Dagger"), bag([6, 6, 1]));
    expect(first.result.rolls[0]).toMatchObject({ label: "attack", notation: "2d10+1", total: 13 });
    expect(first.result.rules).toContain('seed 000, "Two-Weapon Fighting and One Hand Free"');
    const second = attackOfRound(
      { ...input(ann(), orc(), [], { twoWeapons: true }, "Dagger"), attackIndex: 1 },
      bag([6, 6, 1]),
    );
    expect(second.result.rolls[0]).toMatchObject({ label: "attack (second weapon)", notation: "2d10-1", total: 11 });
    expect(second.outcome).toBe("partial");
  });

  it("refuses two-weapon fighting with a weapon above d6", () => {
    expect(() => A.begin(input(ann(), orc(), [], { twoWeapons: true }, "Longsword"), bag([]))).toThrow(RuleError);
    expect(() => A.begin(input(ann(), orc(), [], { twoWeapons: true }, "Longsword"), bag([]))).toThrow(
      "Two-weapon fighting needs weapons of d6 damage or less: Longsword is 1d8.",
    );
  });

  it("one hand free adds +1", () => {
    const s = A.begin(input(ann(), orc(), [], { oneHandFree: true }), bag([5, 5, 3]));
    expect(s.result.rolls[0]).toMatchObject({ notation: "2d10+4", total: 14 });
    expect(s.outcome).toBe("success");
  });
});

describe("AC changes", () => {
  // seed 000, "Movement": moving while engaged → −2 AC for the round
  it("a defender that moved in melee has −2 AC", () => {
    const s = A.begin(input(orc(), cy({}, { conditions: ["moved-in-melee"] })), bag([5, 5, 1]));
    expect(s.outcome).toBe("success"); // 12 vs 12
    expect(s.result.lines).toContain("Against Success AC 12 / Partial AC 8 (−2 AC: moved in melee).");
    expect(s.result.rules).toContain('seed 000, "Movement"');
  });

  // choice: prone = −2 AC; attacking while prone −2
  it("prone defenders have −2 AC, prone attackers −2 to attack", () => {
    expect(A.begin(input(orc(), cy({}, { conditions: ["prone"] })), bag([5, 5, 1])).outcome).toBe("success");
    const s = A.begin(input(ann({}, { conditions: ["prone"] }), orc()), bag([6, 5, 1]));
    expect(s.result.rolls[0]).toMatchObject({ notation: "2d10+1", total: 12 });
    expect(s.outcome).toBe("partial");
  });
});

describe("non-proficient weapons", () => {
  // seed 000, "Using Non-Proficient Armor/Weapons"
  it("a failed attribute roll means no attack", () => {
    const b = bag([1, 1]);
    const s = A.begin(input(ann({ weapons: [{ name: "Club", damage: "1d6", proficient: false }] }), orc()), b);
    expect(s.outcome).toBe("failure");
    expect(s.result.rolls.map((r) => r.label)).toEqual(["proficiency (Body)"]);
    expect(s.result.rules).toContain('seed 000, "Using Non-Proficient Armor/Weapons"');
  });

  it("a partial attribute roll: the attack goes ahead at −2; a success: normally", () => {
    const s = A.begin(
      input(ann({ weapons: [{ name: "Club", damage: "1d6", proficient: false }] }), orc()),
      bag([4, 4, 6, 6, 2]),
    );
    expect(s.result.rolls.map((r) => [r.label, r.notation, r.total])).toEqual([
      ["proficiency (Body)", "2d10+1", 9],
      ["attack", "2d10+1", 13],
      ["damage", "1d6+1", 3],
    ]);
    expect(s.outcome).toBe("partial");
    const armour = A.begin(
      input(ann({ armourProficient: false }), orc(), [], { mode: "ranged" }),
      bag([6, 5, 6, 5, 2]),
    );
    expect(armour.result.rolls.map((r) => [r.label, r.total])).toEqual([
      ["proficiency (Dexterity)", 12],
      ["attack", 14],
      ["damage", 2],
    ]);
  });
});

describe("reactions", () => {
  // seed 000, "Reactions": Parry −2 to the attack roll, 1 stamina
  it("Parry lowers the roll by 2 and can turn a success into a partial; then Counter for half", () => {
    const defender = cy();
    const inp = input(orc(), defender);
    const s0 = A.begin(inp, bag([6, 6, 4])); // 12+2 = 14 success; 4+1 = 5 damage
    expect(s0.outcome).toBe("success");
    expect(ids(s0)).toEqual(["parry", "take"]);
    expect(s0.options[0]).toEqual({
      id: "parry",
      label: "Parry (−2 to the attack)",
      by: "cy",
      cost: "1 stamina",
      rule: 'seed 000, "Reactions"',
    });
    const s1 = A.react(s0, "parry", inp, bag([]));
    expect(s1.outcome).toBe("partial");
    expect(s1.phase).toBe("reactions");
    // The Counter is already known to be open on a partial the defender survives: offered beside Take it.
    expect(ids(s1)).toEqual(["take", "take-counter"]);
    // The parry is paid by its own press; the damage waits for the attack to be final.
    expect([s1.pay, s1.final, s1.followup]).toEqual([[{ targetId: "cy", staminaCost: 1, note: "Parry" }], [], []]);
    expect(s1.result.lines).toContain("Cy parries: −2 → 12.");
    const s2 = A.react(s1, "take", inp, bag([]));
    expect(s2.phase).toBe("followups");
    expect(s2.options.map((o) => [o.id, o.label, o.by, o.cost])).toEqual([
      ["counter", "Counter (half damage)", "cy", "1 stamina"],
      ["pass", "No counter", "cy", "no cost"],
    ]);
    // Taking it hands over the damage, once; the parry is not charged again.
    expect([s2.pay, s2.final, s2.followup]).toEqual([
      [],
      [{ targetId: "cy", damage: 2, damageKind: "normal", note: "Axe: 2 damage (partial success)" }],
      [],
    ]);
    const s3 = A.react(s2, "counter", inp, bag([5])); // 5+1 = 6 → half 3
    expect(s3.phase).toBe("done");
    expect(s3.options).toEqual([]);
    // The Counter step gives only its own cost and damage: the attack's damage and the parry are not repeated.
    expect([s3.pay, s3.final, s3.followup]).toEqual([
      [{ targetId: "cy", staminaCost: 1, note: "Counter" }],
      [],
      [{ targetId: "orc", damage: 3, damageKind: "normal", note: "Counter with Mace: 3 damage" }],
    ]);
    expect(s3.result.rolls.map((r) => r.label)).toEqual(["attack", "damage", "counter damage"]);
    // Each dice line counts what its line says: the parried 12, the partial's half of 5 and of 6 (issue 41, point 8).
    expect(s3.result.rolls.map((r) => [r.total, r.counts])).toEqual([
      [14, { total: 12, why: "parried −2" }],
      [5, { total: 2, why: "half" }],
      [6, { total: 3, why: "half" }],
    ]);
    expect(s0.result.rolls.map((r) => r.counts)).toEqual([undefined, undefined]);
    expect(s3.result.title).toBe("Orc → Cy: Partial success");
  });

  // seed 000, "Attack Rolls": Counter answers the hit; one press takes it and counters (issue 28)
  it("Take it, then Counter: the hit is final and the Counter follows in the same press", () => {
    const defender = cy();
    const inp = input(orc(), defender);
    const s1 = A.react(A.begin(inp, bag([6, 6, 4])), "parry", inp, bag([]));
    const s2 = A.react(s1, "take-counter", inp, bag([5])); // 5+1 = 6 → half 3
    expect(s2.phase).toBe("done");
    expect(s2.options).toEqual([]);
    expect([s2.pay, s2.final, s2.followup]).toEqual([
      [{ targetId: "cy", staminaCost: 1, note: "Counter" }],
      [{ targetId: "cy", damage: 2, damageKind: "normal", note: "Axe: 2 damage (partial success)" }],
      [{ targetId: "orc", damage: 3, damageKind: "normal", note: "Counter with Mace: 3 damage" }],
    ]);
    expect(s2.result.lines).toContain("Cy counters with Mace: 1d6 [5] +1 = 6 → 6 ÷ 2 = 3 damage to Orc.");
    // Not offered when the hit would drop the defender, nor on a success (Counter answers only a partial or a failure).
    const s0 = A.begin(inp, bag([6, 6, 4]));
    expect(ids(s0)).not.toContain("take-counter");
  });

  it("a parry that drops the roll below the partial AC makes it a failure", () => {
    const inp = input(orc(), cy());
    const s0 = A.begin(inp, bag([4, 4, 3])); // 10 partial
    const s1 = A.react(s0, "parry", inp, bag([]));
    expect(s1.outcome).toBe("failure");
    expect([s1.pay, s1.final]).toEqual([[{ targetId: "cy", staminaCost: 1, note: "Parry" }], []]);
    // 1 stamina left of 2: Counter for full damage on a failure
    const s2 = A.react(s1, "take", inp, bag([]));
    expect(s2.options[0]!.label).toBe("Counter (full damage)");
    expect([s2.pay, s2.final]).toEqual([[], []]); // a failure does nothing when final
  });

  // seed 000, "Reactions": a reaction needs stamina
  it("offers no reaction without stamina", () => {
    const inp = input(orc(), cy({}, { stamina: 0 }));
    const s0 = A.begin(inp, bag([6, 6, 4]));
    expect(ids(s0)).toEqual(["take"]);
    const s1 = A.react(s0, "take", inp, bag([]));
    expect(s1.phase).toBe("done");
    // with 1 stamina, after a parry there is none left for a Counter
    const inp1 = input(orc(), cy({}, { stamina: 1 }));
    const t1 = A.react(A.begin(inp1, bag([6, 6, 4])), "parry", inp1, bag([]));
    expect(A.react(t1, "take", inp1, bag([])).phase).toBe("done");
  });

  // seed 000, "Reactions": Mr. President Get Down — an adjacent ally takes the damage and falls prone
  it("Get Down: one option per able ally of the defender's side", () => {
    const dee = pc("dee", {}, { side: "party" });
    const eve = pc("eve", {}, { state: { hp: 0, conditions: ["unconscious"] } });
    const fay = pc("fay", {}, { state: { stamina: 0 } });
    const gob = monster("gob");
    const inp = input(orc(), cy(), [dee, eve, fay, gob]);
    const s0 = A.begin(inp, bag([6, 6, 4]));
    expect(s0.options.map((o) => [o.id, o.by, o.label])).toEqual([
      ["parry", "cy", "Parry (−2 to the attack)"],
      ["getdown:dee", "dee", "Get Down! (Dee takes it)"],
      ["take", "cy", "Take it"],
    ]);
    const s1 = A.react(s0, "getdown:dee", inp, bag([]));
    // The ally pays at once, falling prone as it gets in the way; the damage waits for the attack to be final.
    expect([s1.pay, s1.final]).toEqual([
      [
        {
          targetId: "dee",
          staminaCost: 1,
          addConditions: ["prone"],
          note: "Get Down: takes the attack and falls prone",
        },
      ],
      [],
    ]);
    expect(ids(s1)).toEqual(["parry", "take"]);
    // a parry after it still lowers what the ally takes
    const s2 = A.react(s1, "parry", inp, bag([]));
    expect(s2.pay).toEqual([{ targetId: "cy", staminaCost: 1, note: "Parry" }]);
    expect(A.react(s2, "take", inp, bag([])).final).toEqual([
      { targetId: "dee", damage: 2, damageKind: "normal", note: "Axe: 2 damage (partial success)" },
    ]);
  });

  it("no reactions are offered on a failure, and surprised defenders cannot react", () => {
    const dee = pc("dee");
    expect(ids(A.begin(input(orc(), cy(), [dee]), bag([1, 1])))).toEqual(["take"]);
    expect(ids(A.begin(input(orc(), cy({}, { conditions: ["surprised"] })), bag([6, 6, 4])))).toEqual(["take"]);
  });

  // seed 000, "Reactions": Counterspell — same spell memorised, Mind roll lowers the caster's level of success, no stamina
  it("Counterspell only against a spell the reactor has memorised", () => {
    const mage = pc(
      "mage",
      { mind: 2, magic: 1, spells: [{ name: "Magic Missile", damage: "1d6" }] },
      { side: "foes" },
    );
    const wiz = pc(
      "wiz",
      { mind: 1, successAC: 14, partialAC: 10, memorised: ["magic missile"] },
      { state: { stamina: 0 } },
    );
    const sage = pc("sage", { memorised: ["Magic Missile"] });
    const inp = input(mage, wiz, [sage], { mode: "spell" }, "Magic Missile");
    const s0 = A.begin(inp, bag([6, 5, 4])); // 11 + 3 = 14 success
    expect(s0.outcome).toBe("success");
    expect(s0.result.rolls[0]!.notation).toBe("2d10+3");
    // Wiz has no stamina left: no Parry (a spell's attack roll can be parried: see below).
    expect(s0.options.map((o) => [o.id, o.by, o.cost])).toEqual([
      ["getdown:sage", "sage", "1 stamina"],
      ["counterspell", "wiz", "no cost"],
      ["counterspell:sage", "sage", "no cost"],
      ["take", "wiz", "no cost"],
    ]);
    // Mind roll 2d10+1 = 12: a success lowers the spell two levels (choice)
    const s1 = A.react(s0, "counterspell", inp, bag([6, 5]));
    expect(s1.outcome).toBe("failure");
    expect([s1.pay, s1.final]).toEqual([[], []]);
    expect(ids(s1)).toEqual(["take"]);
    // A failure deals nothing: its damage die is no longer listed.
    expect(s1.result.rolls.map((r) => r.label)).toEqual(["attack", "counterspell (Wiz, Mind)"]);
    // a partial Mind roll lowers it one level
    const t1 = A.react(s0, "counterspell", inp, bag([4, 4]));
    expect(t1.outcome).toBe("partial");
    expect(finalOf(t1, inp)).toEqual([
      { targetId: "wiz", damage: 2, damageKind: "normal", note: "Magic Missile: 2 damage (partial success)" },
    ]);
    // an ally's counterspell with a failed roll changes nothing
    const u1 = A.react(s0, "counterspell:sage", inp, bag([1, 2]));
    expect(u1.outcome).toBe("success");
    expect(ids(u1)).toEqual(["getdown:sage", "take"]);
  });

  // seed 000, "Reactions": Parry imposes "a -2 to an attack roll"; a spell's attack is an attack roll
  it("Parry against a spell's attack roll: −2, 1 stamina", () => {
    const mage = pc(
      "mage",
      { mind: 2, magic: 1, spells: [{ name: "Magic Missile", damage: "1d6" }] },
      { side: "foes" },
    );
    const wiz = pc("wiz", { successAC: 14, partialAC: 10 });
    const inp = input(mage, wiz, [], { mode: "spell" }, "Magic Missile");
    const s0 = A.begin(inp, bag([6, 5, 4])); // 11 + 3 = 14 success
    expect(ids(s0)).toEqual(["parry", "take"]);
    const s1 = A.react(s0, "parry", inp, bag([]));
    expect(s1.outcome).toBe("partial"); // 14 − 2 = 12
    expect(s1.pay).toEqual([{ targetId: "wiz", staminaCost: 1, note: "Parry" }]);
  });

  it("no Counterspell for melee attacks or unmemorised spells", () => {
    const mage = pc("mage", { spells: [{ name: "Sleep", damage: "1d4" }] }, { side: "foes" });
    const wiz = pc("wiz", { memorised: ["Magic Missile"] }, { state: { stamina: 0 } });
    expect(ids(A.begin(input(mage, wiz, [], { mode: "spell" }, "Sleep"), bag([10, 10, 1])))).toEqual(["take"]);
    const wiz2 = pc("wiz", { memorised: ["Sleep"] }, { state: { stamina: 0 } });
    expect(ids(A.begin(input(mage, wiz2, [], { mode: "melee" }), bag([10, 10, 1])))).toEqual(["take"]);
  });

  // seed 000, "Attack Rolls": on a failure the target can spend a point of stamina to counter for full damage
  it("Counter for full damage after a failure; pass ends it", () => {
    const inp = input(orc(), cy());
    const s0 = A.begin(inp, bag([1, 2]));
    const s1 = A.react(s0, "take", inp, bag([]));
    expect(s1.phase).toBe("followups");
    const s2 = A.react(s1, "counter", inp, bag([6]));
    expect([s2.pay, s2.final, s2.followup]).toEqual([
      [{ targetId: "cy", staminaCost: 1, note: "Counter" }],
      [],
      [{ targetId: "orc", damage: 7, damageKind: "normal", note: "Counter with Mace: 7 damage" }],
    ]);
    const p = A.react(s1, "pass", inp, bag([]));
    expect(p.phase).toBe("done");
    expect([p.pay, p.final, p.followup]).toEqual([[], [], []]);
  });

  it("no Counter after a full success, nor when the hit drops the defender", () => {
    const inp = input(orc(), cy());
    expect(A.react(A.begin(inp, bag([6, 6, 4])), "take", inp, bag([])).phase).toBe("done");
    const frail = input(orc(), cy({}, { hp: 2 }));
    const s = A.begin(frail, bag([5, 5, 3])); // 12 partial, (3+1)/2 = 2 = all HP
    expect(A.react(s, "take", frail, bag([])).phase).toBe("done");
  });

  it("no Counter against a ranged attack unless the defender has a ranged weapon", () => {
    const archer = monster("arc", { dexterity: 1, weapons: [{ name: "Bow", damage: "1d6", kind: "ranged" }] });
    const inp = input(archer, cy());
    expect(A.react(A.begin(inp, bag([1, 1])), "take", inp, bag([])).phase).toBe("done");
    const inp2 = input(archer, cy({ weapons: [{ name: "Sling", damage: "1d4", kind: "ranged" }] }));
    const s = A.react(A.begin(inp2, bag([1, 1])), "take", inp2, bag([]));
    expect(s.phase).toBe("followups");
    expect(A.react(s, "counter", inp2, bag([4])).followup[0]).toMatchObject({ targetId: "arc", damage: 4 });
  });

  it("lapse makes it final and skips follow-ups", () => {
    const inp = input(orc(), cy());
    const s0 = A.begin(inp, bag([1, 2]));
    const l = A.lapse(s0, inp, bag([]));
    expect(l.phase).toBe("done");
    expect(l.options).toEqual([]);
    expect(l.final).toEqual([]);
    expect(l.result.lines).toContain("No reaction in time: the attack stands.");
    const hit = A.lapse(A.begin(inp, bag([6, 6, 4])), inp, bag([]));
    expect(hit.final).toEqual([{ targetId: "cy", damage: 5, damageKind: "normal", note: "Axe: 5 damage (success)" }]);
    // A lapse of an attack already over hands over nothing again.
    const again = A.lapse(hit, inp, bag([]));
    expect([again.phase, again.result, again.pay, again.final, again.followup]).toEqual([
      "done",
      hit.result,
      [],
      [],
      [],
    ]);
    // From the follow-ups (already final) a lapse only skips the Counter.
    const waiting = A.react(A.begin(inp, bag([1, 2])), "take", inp, bag([]));
    expect(waiting.phase).toBe("followups");
    const skipped = A.lapse(waiting, inp, bag([]));
    expect([skipped.phase, skipped.pay, skipped.final, skipped.followup]).toEqual(["done", [], [], []]);
  });

  it("a stale or repeated press is a RuleError", () => {
    const inp = input(orc(), cy());
    const s0 = A.begin(inp, bag([6, 6, 4]));
    const s1 = A.react(s0, "parry", inp, bag([]));
    expect(() => A.react(s1, "parry", inp, bag([]))).toThrow(RuleError);
    expect(() => A.react(s0, "counter", inp, bag([]))).toThrow(RuleError);
    const done = A.react(s1, "take", inp, bag([]));
    const end = A.react(done, "pass", inp, bag([]));
    expect(() => A.react(end, "take", inp, bag([]))).toThrow(
      "This attack is already over: nothing more can be pressed.",
    );
    // state is JSON
    expect(JSON.parse(JSON.stringify(s1))).toEqual(s1);
  });

  it("re-resolves deterministically from the state alone", () => {
    const inp = input(orc(), cy());
    const s0 = A.begin(inp, bag([6, 6, 4]));
    const a = A.react(JSON.parse(JSON.stringify(s0)), "parry", inp, bag([]));
    const b = A.react(s0, "parry", inp, bag([]));
    expect(a).toEqual(b);
    expect(s0.outcome).toBe("success"); // the original state is not mutated
  });
});

describe("odds", () => {
  it("gives the exact chances and damage spread", () => {
    const r = thirdAge.odds!(input(ann(), orc()));
    if ("unsupported" in r) throw new Error("unsupported");
    // 2d10+3 vs 14/10: ≥11 on 2d10 = 55%, ≥7 = 85%
    expect(r.lines[1]).toBe("Success 55.0% · Partial 30.0% · Failure 15.0%.");
    expect(r.lines[2]).toBe("Damage on a success: 2–9 (average 5.5); on a partial: 1–4 (average 2.5).");
  });
});
