// The round as The Third Age plays it (seed 000, "Combat Steps", "Initiative", "Movement",
// "Two-Weapon Fighting and One Hand Free", "Reactions"), and the defects of issue 14 on the rules side.
import { describe, expect, it } from "vitest";
import { RuleError, type AttackInput, type Effect } from "../../../src/rules/systems/types.js";
import { wordFor } from "../../../src/rules/round/words.js";
import { thirdAge, type ThirdAgeSheet } from "../../../src/rules/systems/third-age/index.js";
import { bag, monster, pc, type TAC } from "./helpers.js";

const R = thirdAge.round;
const A = thirdAge.attack;

const dual = (state: Record<string, unknown> = {}) =>
  pc(
    "ann",
    {
      body: 1,
      attackBonus: 2,
      weapons: [
        { name: "Shortsword", damage: "1d6" },
        { name: "Dagger", damage: "1d4" },
        { name: "Bow", damage: "1d6", kind: "ranged" },
      ],
    },
    { state },
  );
const orc = (state: Record<string, unknown> = {}) =>
  monster(
    "orc",
    { body: 1, attackBonus: 1, successAC: 14, partialAC: 10, hp: 9, weapons: [{ name: "Axe", damage: "1d6" }] },
    { state },
  );
const cy = (state: Record<string, unknown> = {}) =>
  pc("cy", { body: 1, successAC: 14, partialAC: 10, hp: 8, weapons: [{ name: "Mace", damage: "1d6" }] }, { state });

const ctx = (phase: "declare" | "act", declared: string[] = [], round = 1) => ({
  round,
  declared,
  others: [] as TAC[],
  phase,
});
const ids = (c: TAC, phase: "declare" | "act", declared: string[] = []) =>
  R.declarations(c, ctx(phase, declared)).map((d) => d.id);
const apply = (c: TAC, effects: Effect[]): TAC => {
  let conditions = [...c.state.conditions];
  for (const e of effects.filter((x) => x.targetId === c.id)) {
    conditions = conditions.filter((x) => !(e.removeConditions ?? []).includes(x));
    for (const a of e.addConditions ?? []) if (!conditions.includes(a)) conditions.push(a);
  }
  return { ...c, state: { ...c.state, conditions } };
};
const input = (
  attacker: TAC,
  defender: TAC,
  extra: Partial<AttackInput<ThirdAgeSheet>> = {},
): AttackInput<ThirdAgeSheet> => ({ attacker, defender, others: [], situation: {}, ...extra });

describe("declarations", () => {
  // seed 000, "Initiative": "first declare if a character will move out of melee"; "Combat Steps": 1. Declare Movement in Melee
  it("before initiative: a move out of melee; on one's turn: a move, standing up, two weapons", () => {
    expect(ids(dual(), "declare")).toEqual(["move-out"]);
    expect(ids(dual(), "act")).toEqual(["move", "two-weapons"]);
    expect(ids(cy(), "act")).toEqual(["move"]); // one weapon: no two-weapon fighting
    expect(ids(cy({ conditions: ["prone"] }), "act")).toEqual(["stand"]);
    expect(ids(cy({ conditions: ["prone"] }), "declare")).toEqual([]);
    expect(ids(dual(), "act", ["move-out"])).toEqual(["two-weapons"]);
    expect(ids(cy({ hp: 0, conditions: ["unconscious"] }), "act")).toEqual([]);
    expect(R.declarations(cy({ conditions: ["surprised"] }), ctx("declare", [], 1))).toEqual([]);
  });

  // seed 000, "Movement", "Engaged in Melee": begins its turn adjacent to an enemy and uses movement → −2 AC for the round
  it("a declared move while engaged gives −2 AC, read by the next attack against it", () => {
    const r = R.declare({ who: cy(), id: "move", others: [], round: 1, declared: [] }, bag([]));
    expect(r.effects).toEqual([{ targetId: "cy", addConditions: ["moved-in-melee"] }]);
    expect(r.lines[0]).toBe("Cy moves while engaged (up to 40' (8 squares)): −2 AC until the end of the round.");
    expect(r.rules).toEqual(['seed 000, "Movement"']);
    const moved = apply(cy(), r.effects);
    // 2d10 [5, 5] + Body 1 + bonus 1 = 12: a partial against 14, a success against 14 − 2
    expect(A.begin(input(orc(), cy()), bag([5, 5, 1])).outcome).toBe("partial");
    const s = A.begin(input(orc(), moved), bag([5, 5, 1]));
    expect(s.outcome).toBe("success");
    expect(s.result.lines).toContain("Against Success AC 12 / Partial AC 8 (−2 AC: moved in melee).");
    expect(wordFor(thirdAge.words, "moved-in-melee")).toEqual({
      label: "moved while engaged in melee (−2 AC this round)",
      lasts: "round",
    });
  });

  it("a move out of melee declared before initiative does the same", () => {
    const r = R.declare({ who: cy(), id: "move-out", others: [], round: 2, declared: [] }, bag([]));
    expect(r.effects).toEqual([{ targetId: "cy", addConditions: ["moved-in-melee"] }]);
    expect(r.rules).toEqual(['seed 000, "Initiative"']);
    expect(() => R.declare({ who: cy(), id: "move", others: [], round: 2, declared: ["move-out"] }, bag([]))).toThrow(
      RuleError,
    );
  });

  // seed 000, "Movement"; choice: standing up from prone uses the turn's movement
  it("standing up ends prone and uses the turn's movement", () => {
    const prone = cy({ conditions: ["prone"] });
    const r = R.declare({ who: prone, id: "stand", others: [], round: 1, declared: [] }, bag([]));
    expect(r.effects).toEqual([{ targetId: "cy", removeConditions: ["prone"] }]);
    expect(r.lines[0]).toBe("Cy stands up: Standing up uses this turn's movement (40' (8 squares)).");
    expect(apply(prone, r.effects).state.conditions).toEqual([]);
    expect(() => R.declare({ who: cy(), id: "stand", others: [], round: 1, declared: [] }, bag([]))).toThrow(
      'Cy cannot declare "stand" now (open now: Move out of melee (−2 AC), Move while engaged (−2 AC)).',
    );
    // prone is a fight mark: it ends with the encounter and is never written onto the sheet
    expect(wordFor(thirdAge.words, "prone").lasts).toBe("encounter");
  });
});

describe("the action economy", () => {
  // seed 000, "Combat Steps": one attack, spell or improvised action a turn
  it("one attack a round", () => {
    expect(R.allowance(cy(), ctx("act"))).toMatchObject({
      attacks: 1,
      why: "one attack this round",
      rule: 'seed 000, "Combat Steps"',
    });
    // a character carrying two light weapons is told how to get two
    expect(R.allowance(dual(), ctx("act")).why).toBe(
      "one attack this round; declare Two weapons on your turn for two, at −2 and −4",
    );
  });

  // seed 000, "Two-Weapon Fighting": "may make 2 attacks, one at -2 and the second at -4"
  it("two weapons: two attacks, the first at −2, the second (attackIndex 1) at −4 with the off hand", () => {
    const r = R.declare({ who: dual(), id: "two-weapons", others: [], round: 1, declared: [] }, bag([]));
    expect(r.lines[0]).toBe(
      "Ann fights with Shortsword and Dagger: two attacks this round, the first at −2 and the second at −4.",
    );
    const ann = apply(dual(), r.effects);
    expect(R.allowance(ann, ctx("act", ["two-weapons"]))).toMatchObject({
      attacks: 2,
      rule: 'seed 000, "Two-Weapon Fighting and One Hand Free"',
    });
    // Body 1 + bonus 2 − 2 = +1; then −4 → −1
    const first = A.begin(input(ann, orc(), { attackIndex: 0 }), bag([6, 6, 2]));
    expect(first.result.rolls[0]).toMatchObject({ label: "attack", notation: "2d10+1", total: 13 });
    expect(first.result.lines[0]).toBe("Ann attacks with Shortsword (1d6, melee).");
    const second = A.begin(input(ann, orc(), { attackIndex: 1 }), bag([6, 6, 2]));
    expect(second.result.rolls[0]).toMatchObject({ label: "attack (second weapon)", notation: "2d10-1", total: 11 });
    expect(second.result.lines[0]).toBe("Ann attacks with Dagger (1d4, melee) — second weapon.");
    // without two weapons, a second attack (a referee's override) is an ordinary one
    expect(A.begin(input(cy(), orc(), { attackIndex: 1 }), bag([6, 6, 2])).result.rolls[0]).toMatchObject({
      notation: "2d10+1",
    });
  });

  it("two weapons need two one-handed weapons of d6 or less", () => {
    expect(() => R.declare({ who: cy(), id: "two-weapons", others: [], round: 1, declared: [] }, bag([]))).toThrow(
      RuleError,
    );
    // a mace and a bow: the bow takes both hands (choice, docs/rules/third-age.md)
    const archer = pc("arc", {
      weapons: [
        { name: "Mace", damage: "1d6" },
        { name: "Bow", damage: "1d6", kind: "ranged" },
      ],
    });
    expect(ids(archer, "act")).toEqual(["move"]);
  });

  it("nobody acts while down, nor surprised in the first round", () => {
    expect(R.cannotAct!(cy({ hp: 0, conditions: ["unconscious"] }), ctx("act"))).toBe("is down");
    expect(R.cannotAct!(cy({ conditions: ["surprised"] }), ctx("act", [], 1))).toBe("is surprised in the first round");
    expect(R.cannotAct!(cy(), ctx("act"))).toBeNull();
  });

  // seed 000, "Combat Steps": initiative is rolled in every round
  it("initiative is rolled again each round", () => {
    expect(R.rerolls({})).toBe(true);
  });
});

describe("the round's end", () => {
  // seed 000, "Movement": the −2 AC lasts "for the round"; "Surprise": only the first round is lost
  it("ends the move's −2 AC, two-weapon fighting and surprise; prone stays", () => {
    const a = dual({ conditions: ["moved-in-melee", "two-weapons", "prone"] });
    const b = cy({ conditions: ["surprised"] });
    const r = R.end!({ combatants: [a, b, orc()], method: "group", round: 1 }, bag([]));
    expect(r.effects).toEqual([
      { targetId: "ann", removeConditions: ["moved-in-melee", "two-weapons"] },
      { targetId: "cy", removeConditions: ["surprised"] },
    ]);
    expect(r.lines).toEqual(["Round 1 ends.", "Ends: Ann's −2 AC for moving in melee."]);
  });
});

describe("stamina is spent once (issue 14)", () => {
  // seed 000, "Reactions": "When a player takes a reaction... they use a stamina point" — one point per reaction
  it("Parry, then Take it, still offers Counter to a defender who can pay, when play has paid the Parry already", () => {
    const inp = input(orc(), cy({ stamina: 2 }));
    const s0 = A.begin(inp, bag([5, 5, 4])); // 12: partial against 14
    const s1 = A.react(s0, "parry", inp, bag([])); // 10: still partial (Partial AC 10)
    expect(s1.outcome).toBe("partial");
    // play pays the Parry at once: the defender now holds 1 stamina, and re-resolves from that state
    const paid = input(orc(), cy({ stamina: 1 }));
    const s2 = A.react(s1, "take", paid, bag([]));
    expect(s2.phase).toBe("followups");
    expect(s2.options.map((o) => o.id)).toEqual(["counter", "pass"]);
    // and with nothing left after paying, no Counter
    const s1b = A.react(
      A.begin(input(orc(), cy({ stamina: 1 })), bag([5, 5, 4])),
      "parry",
      input(orc(), cy({ stamina: 1 })),
      bag([]),
    );
    expect(A.react(s1b, "take", input(orc(), cy({ stamina: 0 })), bag([])).phase).toBe("done");
  });
});
