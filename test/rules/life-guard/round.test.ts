import { describe, expect, it } from "vitest";
import { RuleError } from "../../../src/rules/systems/types.js";
import {
  doorwayCheck,
  gridMove,
  guardScale,
  lifeGuard,
  shiftFrontLine,
  theatreOfTheMind,
} from "../../../src/rules/systems/life-guard/index.js";
import { faces, monster, pc } from "./helpers.js";

const party = () => [pc("Ana", { guard: 5 }), pc("Bo", { guard: 3 })];
const foes = () => [monster("orc"), monster("rat", "swarm")];

describe("the round", () => {
  // seed 004, "Using a grid or UDT": PCs act first
  it("initiative is the side order, PCs first, no dice", () => {
    const r = lifeGuard.initiative({ combatants: [...foes(), ...party()], method: "group", round: 2 }, faces());
    expect(r.order).toEqual([
      ["Ana", "Bo"],
      ["orc", "rat"],
    ]);
    expect(r.rolls).toEqual([]);
    expect(r.lines[0]).toBe("Round 2 (10 seconds): the PCs act first, then their opponents. No dice.");
  });

  // seed 004, "Actions and Modifiers", Charge: "Setting occurs during the shooting phase"
  it("a foe's set weapon against a charging PC takes the shooting phase, before the PCs; with no charge the order stays", () => {
    const ana = pc("Ana", {}, { conditions: ["charging"] });
    const orc = monster(
      "orc",
      { weapons: [{ name: "Pike", die: "d8", tags: ["set"] }] },
      { conditions: ["set weapon"] },
    );
    const r = lifeGuard.initiative(
      { combatants: [ana, pc("Bo"), orc, monster("rat", "swarm")], method: "group", round: 2 },
      faces(),
    );
    expect(r.order).toEqual([["orc"], ["Ana", "Bo"], ["rat"]]);
    expect(r.lines[0]).toBe(
      "Shooting phase first: orc sets a weapon against the charge of Ana, and strikes before the sides' turns.",
    );
    const calm = lifeGuard.initiative({ combatants: [pc("Ana"), orc], method: "group", round: 2 }, faces());
    expect(calm.order).toEqual([["Ana"], ["orc"]]);
    // On another battlefield, the charge does not reach the set weapon.
    const apart = lifeGuard.initiative(
      { combatants: [pc("Ana", {}, { conditions: ["charging", "field:bridge"] }), orc], method: "group", round: 2 },
      faces(),
    );
    expect(apart.order).toEqual([["Ana"], ["orc"]]);
  });

  // seed 004, "Using a grid or UDT": "First round: PCs roll against their GRD to act": 1d6 at most the current Guard,
  // so a higher Guard never acts less often (docs/rules/life-guard.md, "Rolling against Guard")
  it("round 1: each PC rolls 1d6 against Guard, with the chance shown", () => {
    const r = lifeGuard.roundStart({ combatants: [...party(), ...foes()], method: "group", round: 1 }, faces(5, 4));
    expect(r.cannotAct).toEqual(["Bo"]);
    expect(r.rolls.map((x) => [x.notation, x.total])).toEqual([
      ["1d6", 5],
      ["1d6", 4],
    ]);
    expect(r.lines).toContain("Ana: 1d6 = 5 against Guard 5 (acts 83% of the time): acts.");
    expect(r.lines).toContain("Bo: 1d6 = 4 against Guard 3 (acts 50% of the time): does not act this round.");
    expect(r.lines).toContain("Theatre of the Mind: the Melee rank starts 2 v 2.");
    expect(r.order).toEqual([
      ["Ana", "Bo"],
      ["orc", "rat"],
    ]);
    const chances = [0, 1, 2, 3, 4, 5, 6, 7, 12].map((g) => guardScale(g).chance);
    expect(chances).toEqual([0, 1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6, 1, 1, 1]);
    expect(chances.every((p, i) => i === 0 || p >= chances[i - 1]!)).toBe(true);
  });

  // seed 004, "Using a grid or UDT": subsequent rounds alternate, no roll
  it("later rounds roll nothing and everyone acts", () => {
    const r = lifeGuard.roundStart({ combatants: [...party(), ...foes()], method: "group", round: 2 }, faces());
    expect([r.cannotAct, r.rolls]).toEqual([[], []]);
  });

  it("fallen combatants leave the order", () => {
    const r = lifeGuard.initiative(
      {
        combatants: [pc("Ana"), monster("orc", "standard", { conditions: ["routed"] })],
        method: "individual",
        round: 3,
      },
      faces(),
    );
    expect(r.order).toEqual([["Ana"]]);
  });
});

describe("Theatre of the Mind and the grid", () => {
  // seed 004, "Threatre of the Mind": every combat starts 3 v 3
  it("3 v 3, the rest wait", () => {
    const r = theatreOfTheMind([pc("a"), pc("b"), pc("c"), pc("d")], [monster("x"), monster("y")]);
    expect(r.engaged).toEqual({ party: ["a", "b", "c"], foes: ["x", "y"] });
    expect(r.waiting).toEqual(["d"]);
  });

  // seed 004, "Threatre of the Mind": the front line can shift 6 metres a round
  it("the front line shifts at most 6 m", () => {
    expect(shiftFrontLine(0, 6).position).toBe(6);
    expect(shiftFrontLine(0, 7).position).toBe(6);
    expect(shiftFrontLine(10, -9).position).toBe(4);
  });

  // seed 004, "Using a grid or UDT": doorways — two attackers, three defenders
  it("doorways take two attackers and three defenders", () => {
    expect(() => doorwayCheck(2, 3)).not.toThrow();
    expect(() => doorwayCheck(3, 3)).toThrow(RuleError);
    expect(() => doorwayCheck(2, 4)).toThrow(RuleError);
  });

  // seed 004, "Actions and Modifiers": move up to 3 squares
  it("moves up to 3 squares", () => {
    expect(() => gridMove(3)).not.toThrow();
    expect(() => gridMove(4)).toThrow(/between 0 and 3 squares/);
  });
});
