// The attack contract (src/rules/systems/types.ts, AttackState): each step hands play only its own changes.
// `pay` is what the step costs (paid at once), `final` what the attack does (given by the one step whose
// state first leaves "reactions", by no other), `followup` what a follow-up step adds. Every system, one walk.
import { describe, expect, it } from "vitest";
import type { DiceBag } from "../../../src/rules/dice/bag.js";
import type { AttackState, Effect } from "../../../src/rules/systems/types.js";
import { thirdAge } from "../../../src/rules/systems/third-age/index.js";
import { bx } from "../../../src/rules/systems/bx/index.js";
import { bxHouse } from "../../../src/rules/systems/bx-house/index.js";
import { siege } from "../../../src/rules/systems/siege/index.js";
import { lifeGuard } from "../../../src/rules/systems/life-guard/index.js";
import * as ta from "../third-age/helpers.js";
import * as b from "../bx/helpers.js";
import * as house from "../bx-house/helpers.js";
import * as sg from "../siege/helpers.js";
import * as lg from "../life-guard/helpers.js";

interface Machine<I> {
  attack: {
    begin(input: I, dice: DiceBag): AttackState;
    react(state: AttackState, optionId: string, input: I, dice: DiceBag): AttackState;
    lapse(state: AttackState, input: I, dice: DiceBag): AttackState;
  };
}

/** Rolls the attack, then presses each option with its own dice: every state, in order. */
function walk<I>(sys: Machine<I>, input: I, dice: DiceBag, presses: [string, DiceBag][]): AttackState[] {
  const steps = [sys.attack.begin(input, dice)];
  for (const [id, d] of presses) steps.push(sys.attack.react(steps.at(-1)!, id, input, d));
  return steps;
}

/** What each step hands play: [pay, final, followup]. */
const handed = (steps: AttackState[]): Effect[][][] => steps.map((s) => [s.pay, s.final, s.followup]);

/** The step that first leaves "reactions" is the only one whose `final` is not empty; a lapse of the finished attack gives nothing. */
function finalOnce<I>(sys: Machine<I>, input: I, steps: AttackState[], dice: DiceBag): number {
  const k = steps.findIndex((s) => s.phase !== "reactions");
  for (const [i, s] of steps.entries()) if (i !== k) expect(s.final).toEqual([]);
  const last = steps.at(-1)!;
  expect(last.phase).toBe("done");
  const again = sys.attack.lapse(last, input, dice);
  expect([again.pay, again.final, again.followup]).toEqual([[], [], []]);
  return k;
}

describe("each attack step hands play only its own changes", () => {
  // seed 000, "Reactions": each reaction but Counterspell uses a stamina point; Get Down: "must fall prone"; "Attack Rolls": the Counter
  it("The Third Age: Get Down and Parry pay at their press, Take it gives the hit, the Counter its own cost and damage", () => {
    const cy = ta.pc(
      "cy",
      { body: 1, successAC: 14, partialAC: 10, hp: 8, weapons: [{ name: "Mace", damage: "1d6" }] },
      { state: { stamina: 2 } },
    );
    const dee = ta.pc("dee");
    const orc = ta.monster("orc", { body: 1, attackBonus: 1, hp: 6, weapons: [{ name: "Axe", damage: "1d6" }] });
    const input = { attacker: orc, defender: cy, others: [dee], situation: {} };
    // 2d10 [6, 6] + 2 = 14: a success; damage 1d6 [4] + 1 = 5; parried to 12: a partial, 2. Counter 1d6 [5] + 1 = 6 → 3.
    const steps = walk(thirdAge, input, ta.bag([6, 6, 4]), [
      ["getdown:dee", ta.bag([])],
      ["parry", ta.bag([])],
      ["take", ta.bag([])],
      ["counter", ta.bag([5])],
    ]);
    expect(steps.map((s) => s.phase)).toEqual(["reactions", "reactions", "reactions", "followups", "done"]);
    expect(handed(steps)).toEqual([
      [[], [], []],
      [
        [
          {
            targetId: "dee",
            staminaCost: 1,
            addConditions: ["prone"],
            note: "Get Down: takes the attack and falls prone",
          },
        ],
        [],
        [],
      ],
      [[{ targetId: "cy", staminaCost: 1, note: "Parry" }], [], []],
      [[], [{ targetId: "dee", damage: 2, damageKind: "normal", note: "Axe: 2 damage (partial success)" }], []],
      [
        [{ targetId: "cy", staminaCost: 1, note: "Counter" }],
        [],
        [{ targetId: "orc", damage: 3, damageKind: "normal", note: "Counter with Mace: 3 damage" }],
      ],
    ]);
    expect(finalOnce(thirdAge, input, steps, ta.bag([]))).toBe(3);
  });

  // seed 002, "Attacking": no reactions; "Take it" makes the hit final
  it("B/X: nothing while the attack waits; Take it gives the hit", () => {
    const input = b.atk(b.pc("a"), b.mon("d", { ac: 6, hp: 20 }));
    const steps = walk(bx, input, b.faces(15, 2), [["take", b.faces()]]);
    expect(handed(steps)).toEqual([
      [[], [], []],
      [[], [{ targetId: "d", damage: 2, damageKind: "normal" }], []],
    ]);
    expect(finalOnce(bx, input, steps, b.faces())).toBe(1);
  });

  // seed 001, "MISC COMBAT RULES": "Melee combatants may parry - gives +2 to defense on that round but no attacks are possible"
  it("B/X house rules: a Parry pays its lost attack and makes the attack final with it", () => {
    const input = house.atk(house.mon("a"), house.pc("d", { ac: 5, hp: 20, weapons: [{ name: "sword" }] }));
    // d20 15 needs 14: a hit for 4; parried it needs 16: a miss, leaving only the attacker's marks.
    const steps = walk(bxHouse, input, house.faces(15, 4), [["parry", house.faces()]]);
    expect(handed(steps)).toEqual([
      // The attacker stands around the defender from its roll on (seed 001, "Up to 6 combatants … can surround").
      [[{ targetId: "a", addConditions: ["attacking:d"] }], [], []],
      [
        [{ targetId: "d", addConditions: ["parrying"], note: "parried: no attack this round" }],
        [{ targetId: "a", addConditions: ["attacked"] }],
        [],
      ],
    ]);
    expect(finalOnce(bxHouse, input, steps, house.faces())).toBe(1);
  });

  // seed 003: no reactions (Dodge and Evade are declared before the round): final at the roll
  it("Castles & Crusades: the roll is final at once and gives the hit; nothing can be pressed", () => {
    const bran = sg.pc("Bran", {
      class: "fighter",
      level: 3,
      str: 16,
      weapons: [{ name: "longsword", damage: "1d8" }],
    });
    const input = { attacker: bran, defender: sg.mon("Orc", "orc"), others: [], situation: {} };
    const steps = walk(siege, input, sg.bagOf(8, 5), []);
    expect(handed(steps)).toEqual([
      [[], [{ targetId: "Orc", damage: 7, damageKind: "normal", note: "longsword: 7 damage" }], []],
    ]);
    expect(finalOnce(siege, input, steps, sg.bagOf())).toBe(0);
  });

  // seed 004, "Attacks" (damage through Armour into Guard) and "Movement" (the counterattack, d3)
  it("Life & Guard: Take it gives the hit and the attacker's mark; the counterattack only its d3", () => {
    const ana = lg.pc("Ana", { weapons: [{ name: "Sword", die: "d8" }] });
    const input = { attacker: ana, defender: lg.monster("orc"), others: [], situation: {} };
    const steps = walk(lifeGuard, input, lg.faces(5), [
      ["take", lg.faces()],
      ["counter", lg.faces(2)],
    ]);
    expect(steps.map((s) => s.phase)).toEqual(["reactions", "followups", "done"]);
    expect(handed(steps)).toEqual([
      [[], [], []],
      [
        [],
        [
          { targetId: "orc", damage: 5, damageKind: "normal", note: "Sword: 5 damage" },
          { targetId: "Ana", addConditions: ["struck:orc"], removeConditions: ["attacking:orc", "blasting"] },
        ],
        [],
      ],
      [[], [], [{ targetId: "Ana", damage: 2, damageKind: "normal", note: "counterattack: 2 damage" }]],
    ]);
    expect(finalOnce(lifeGuard, input, steps, lg.faces())).toBe(1);
  });
});
