import { describe, expect, it } from "vitest";
import { individualInitiative, thirdAge } from "../../../src/rules/systems/third-age/index.js";
import { bag, monster, pc } from "./helpers.js";

const party = () => [pc("ann", { dexterity: 2 }), pc("bo", { dexterity: -1 })];
const foes = () => [monster("g1"), monster("g2")];

describe("initiative", () => {
  // seed 000, "Initiative": group — 1d6 per group, higher first, ties simultaneous
  it("group: the higher side acts first", () => {
    const r = thirdAge.initiative({ combatants: [...party(), ...foes()], method: "group", round: 1 }, bag([2, 5]));
    expect(r.order).toEqual([
      ["g1", "g2"],
      ["ann", "bo"],
    ]);
    // Moving out of melee is declared before initiative: the roll does not ask for it after the fact.
    expect(r.lines).toEqual(["Party: 1d6 [2] = 2", "Foes: 1d6 [5] = 5", "The foes act first."]);
    expect(r.rolls.map((x) => x.label)).toEqual(["initiative (party)", "initiative (foes)"]);
  });

  it("group: ties go simultaneously", () => {
    const r = thirdAge.initiative({ combatants: [...party(), ...foes()], method: "group", round: 1 }, bag([4, 4]));
    expect(r.order).toEqual([["ann", "bo", "g1", "g2"]]);
  });

  it("group: the downed do not act", () => {
    const down = pc("cy", {}, { state: { hp: 0, conditions: ["unconscious"] } });
    const r = thirdAge.initiative(
      { combatants: [...party(), down, ...foes()], method: "group", round: 1 },
      bag([6, 1]),
    );
    expect(r.order).toEqual([
      ["ann", "bo"],
      ["g1", "g2"],
    ]);
  });

  // seed 000, "Initiative": individual — 1d6 each, optionally + Dexterity
  it("individual: 1d6 each without Dexterity by default; equal totals act together", () => {
    const r = thirdAge.initiative(
      { combatants: [...party(), ...foes()], method: "individual", round: 1 },
      bag([3, 5, 3, 1]),
    );
    expect(r.order).toEqual([["bo"], ["ann", "g1"], ["g2"]]);
  });

  it("individual + Dexterity (setting passed as input.dexterity or via the helper)", () => {
    const input = { combatants: [...party(), ...foes()], method: "individual" as const, round: 1, dexterity: true };
    const r = thirdAge.initiative(input, bag([3, 5, 3, 1]));
    // ann 3+2=5, bo 5-1=4, g1 3, g2 1
    expect(r.order).toEqual([["ann"], ["bo"], ["g1"], ["g2"]]);
    const h = individualInitiative([...party()], bag([3, 6]), { dexterity: true });
    expect(h.order).toEqual([["ann", "bo"]]);
    expect(h.rolls.map((x) => x.notation)).toEqual(["1d6+2", "1d6-1"]);
  });

  // seed 000, "Surprise" + "Combat Steps"
  it("round start rerolls initiative; surprised combatants cannot act in round 1", () => {
    const surprised = monster("g3", {}, { state: { conditions: ["surprised"] } });
    const r = thirdAge.roundStart(
      { combatants: [...party(), ...foes(), surprised], method: "group", round: 1 },
      bag([5, 2]),
    );
    expect(r.cannotAct).toEqual(["g3"]);
    expect(r.order).toEqual([
      ["ann", "bo"],
      ["g1", "g2", "g3"],
    ]);
    const r2 = thirdAge.roundStart({ combatants: [...party(), surprised], method: "group", round: 2 }, bag([5, 2]));
    expect(r2.cannotAct).toEqual([]);
    // No word that last round's marks end (a new round's declared mark may already be on): never a mark's key.
    expect(r2.lines.join("\n")).not.toMatch(/moved-in-melee|penalties end/);
  });
});
