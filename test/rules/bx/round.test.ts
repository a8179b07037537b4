import { describe, expect, it } from "vitest";
import { bx } from "../../../src/rules/systems/bx/index.js";
import { atk, faces, mon, pc } from "./helpers.js";
import type { Combatant } from "../../../src/rules/systems/types.js";
import type { BxSheet } from "../../../src/rules/systems/bx/index.js";
import { standing } from "../standing.js";

const ctx = (phase: "declare" | "act", declared: string[] = []) => ({ round: 1, declared, others: [], phase });
const conds = <T extends Combatant<BxSheet>>(c: T, ...x: string[]): T => ({
  ...c,
  state: { ...c.state, conditions: [...c.state.conditions, ...x] },
});
const declare = (who: Combatant<BxSheet>, id: string, declared: string[] = [], detail?: string) =>
  bx.round.declare({ who, id, others: [], round: 1, declared, ...(detail ? { detail } : {}) }, faces());

describe("bx: the round", () => {
  // seed 002, "Declare Spells and Melee Movement": spells and movement in melee are declared before initiative
  it("offers a spell, fighting withdrawal, retreat and a move before initiative; the spell goes off on the caster's turn", () => {
    const mage = pc("mage", { class: "magic-user" });
    expect(bx.round.declarations(mage, ctx("declare")).map((d) => d.id)).toEqual([
      "spell",
      "withdrawal",
      "retreat",
      "move",
    ]);
    expect(bx.round.declarations(mage, ctx("act"))).toEqual([]);
    const d = declare(mage, "spell", [], "Sleep");
    expect(d.title).toBe("mage prepares Sleep");
    // Issue 41: the spell's name is kept for the round and shown beside the declaration.
    expect(d.effects).toEqual([{ targetId: "mage", addConditions: ["casting", "spell:Sleep"] }]);
    expect(d.shows).toBe("Sleep");
    expect(declare(mage, "spell").effects).toEqual([{ targetId: "mage", addConditions: ["casting"] }]);
    const casting = conds(mage, "casting");
    // Issue 30: no tap; the spell goes off when the caster's place comes (round.onTurn).
    expect(bx.round.declarations(casting, ctx("act"))).toEqual([]);
    expect(bx.round.onTurn!(casting, ctx("act"))).toEqual({
      lines: ["mage's turn: the spell goes off."],
      effects: [{ targetId: "mage", removeConditions: ["casting"], addConditions: ["spell cast"] }],
    });
    expect(bx.round.onTurn!(conds(mage, "casting", "spell lost"), ctx("act"))).toBeNull();
    expect(
      bx.round.declare({ who: casting, id: "cast", others: [], round: 1, declared: ["spell"] }, faces()).effects,
    ).toEqual([{ targetId: "mage", removeConditions: ["casting"], addConditions: ["spell cast"] }]);
    expect(bx.round.onTurn!(conds(mage, "casting", "spell:Sleep"), ctx("act"))?.lines).toEqual([
      "mage's turn: the spell (Sleep) goes off.",
    ]);
    // The name is the player's words on the board, not a condition of its own.
    expect(bx.words.describe!("spell:Sleep", (x) => x)).toEqual({ label: "", lasts: "round" });
  });
  // seed 002, "Spell Casting": "No other actions may be taken in the round when casting a spell"; "Disrupting Spells":
  // the spell "is removed from the caster's memory as if it had been cast": the round went on it (issue 41)
  it("a caster whose spell was disrupted has lost the round: no attack, said with the spell's name", () => {
    const lost = conds(pc("Tamsin", { class: "cleric" }), "spell lost", "spell:Sleep");
    expect(bx.round.allowance(lost, ctx("act"))).toMatchObject({
      attacks: 0,
      refusal:
        "Tamsin's spell (Sleep) was disrupted: Tamsin has lost this round (casting a spell is the round's sole action).",
    });
    expect(bx.round.allowance(conds(pc("Tamsin"), "spell lost"), ctx("act"))).toMatchObject({
      attacks: 0,
      why: "the spell was disrupted: casting was the round's sole action, and the round is lost",
    });
    expect(bx.round.allowance(conds(pc("Tamsin"), "spell cast", "spell:Sleep"), ctx("act"))).toMatchObject({
      attacks: 0,
      why: "casting Sleep: no other action this round",
    });
    expect(() =>
      bx.round.declare({ who: conds(lost, "casting"), id: "cast", others: [], round: 1, declared: [] }, faces()),
    ).toThrow("Tamsin's spell (Sleep) was disrupted this round: it is lost.");
  });
  // seed 002, "Spell Casting": speak and move the hands; sole action; no movement
  it("a gagged caster, or one who moved this round, cannot cast; casting leaves no attack", () => {
    expect(bx.round.declarations(pc("f", { class: "fighter" }), ctx("declare")).map((d) => d.id)).not.toContain(
      "spell",
    );
    expect(() => declare(conds(pc("m"), "gagged"), "spell")).toThrow(/speak and move their hands/);
    expect(() => declare(pc("m"), "spell", ["withdrawal"])).toThrow(/cannot move and cast/);
    expect(bx.round.allowance(conds(pc("m"), "casting"), ctx("act")).attacks).toBe(0);
  });
  // seed 002, "Disrupting Spells": a caster who loses initiative and is hit before acting loses the spell
  it("a hit on a caster who has not cast yet disrupts the spell", () => {
    const mage = conds(pc("mage", { hp: 10, ac: 9 }), "casting");
    const s = standing(bx, atk(mon("o", { thac0: 19 }), mage), faces(15, 3));
    expect(s.outcome).toBe("hit");
    expect(s.final).toContainEqual({
      targetId: "mage",
      removeConditions: ["casting"],
      addConditions: ["spell lost"],
      note: "spell disrupted",
    });
    expect(s.result.lines.join(" ")).toMatch(/mage was casting: The spell is disrupted and fails/);
    expect(
      standing(bx, atk(mon("o", { thac0: 19 }), conds(mage, "spell:Sleep")), faces(15, 3)).result.lines.join(" "),
    ).toMatch(/mage was casting Sleep: The spell is disrupted and fails/);
    expect(() =>
      bx.round.declare(
        { who: conds(pc("mage"), "casting", "spell lost"), id: "cast", others: [], round: 1, declared: [] },
        faces(),
      ),
    ).toThrow(/disrupted/);
    // a miss disrupts nothing
    expect(standing(bx, atk(mon("o", { thac0: 19 }), mage), faces(2)).final).toEqual([]);
  });
  // seed 002, "Disrupting Spells": "If a spell caster loses initiative …": a tie or the caster's place first is no lost initiative (issue 30)
  it("a hit in a tie or after the caster's place disrupts nothing; a failed save before the caster's turn does", () => {
    const mage = conds(pc("mage", { hp: 10, ac: 9 }), "casting");
    const tie = standing(bx, { ...atk(mon("o", { thac0: 19 }), mage), order: "same" }, faces(15, 3));
    expect(tie.final.some((e) => e.addConditions?.includes("spell lost"))).toBe(false);
    expect(tie.result.lines.join(" ")).toMatch(/a tie is no lost initiative, so the spell goes off/);
    const after = standing(bx, { ...atk(mon("o", { thac0: 19 }), mage), order: "defender first" }, faces(15, 3));
    expect(after.final.some((e) => e.addConditions?.includes("spell lost"))).toBe(false);
    const failed = bx.save({ who: mage, kind: "spells", order: "attacker first" }, faces(2));
    expect(failed).toMatchObject({
      success: false,
      effects: [{ targetId: "mage", removeConditions: ["casting"], addConditions: ["spell lost"] }],
    });
    expect(bx.save({ who: mage, kind: "spells", order: "defender first" }, faces(2))).not.toHaveProperty("effects");
    expect(bx.save({ who: mage, kind: "spells" }, faces(2))).not.toHaveProperty("effects");
  });
  // seed 002, "Attacks Per Round": PCs once a round; "Some monsters have multiple attacks"
  it("one attack a round for a PC; a monster's routine; none while retreating", () => {
    expect(bx.round.allowance(pc("a"), ctx("act"))).toMatchObject({ attacks: 1 });
    expect(bx.round.allowance(mon("bear", { attacks: 3 }), ctx("act"))).toMatchObject({ attacks: 3 });
    const r = declare(pc("a"), "retreat");
    expect(r.effects).toEqual([{ targetId: "a", addConditions: ["retreating"] }]);
    expect(bx.round.allowance(conds(pc("a"), "retreating"), ctx("act"))).toMatchObject({ attacks: 0 });
  });
  // seed 002, "Outside of Melee": "Combatants may move at this rate for at most 60 rounds"
  it("moving at encounter rate is counted and stops after 60 rounds", () => {
    const m = declare(pc("a", { movement: 120 }), "move");
    expect(m.lines[0]).toBe("Up to 40' this round (round 1 of at most 60).");
    expect(m.effects).toEqual([{ targetId: "a", addConditions: ["moving", "moved:1"], removeConditions: [] }]);
    expect(() => declare(conds(pc("a"), "moved:60"), "move")).toThrow(/at most 60 rounds/);
  });
  // seed 002, "Monster Morale (Optional Rule)": a broken morale means they flee
  it("a failed morale roll marks them fled", () => {
    const r = bx.morale({ who: [mon("o", { morale: 6 })] }, faces(6, 6));
    expect(r).toMatchObject({
      holds: false,
      effects: [{ targetId: "o", addConditions: ["fled"], note: "morale broke" }],
    });
  });
  // seed 002, "Healing": "1d3 hit points for each full day of complete rest"
  it("days of rest heal 1d3 each, up to the maximum", () => {
    const hurt = { ...pc("a", { hp: 10 }), state: { conditions: [], hp: 3, maxHp: 10 } };
    const r = bx.restDays!(hurt, 2, faces(2, 3));
    expect(r.state.hp).toBe(8);
    expect(r.result.lines[0]).toBe("a: 2 days of complete rest, 1d3 a day: 2 + 3 = 5; HP 3 → 8 (maximum 10).");
    expect(bx.restDays!(hurt, 4, faces(3, 3, 3, 3)).state.hp).toBe(10);
  });
});

describe("bx: morale of player characters", () => {
  // seed 002, "Monster Morale (Optional Rule)": monsters check morale; players decide for their characters
  it("player characters alone have no morale roll", () => {
    expect(bx.morale({ who: [pc("a")] }, faces())).toEqual({
      unsupported: true,
      message: "Player characters do not check morale in B/X: their players decide.",
    });
  });
});
