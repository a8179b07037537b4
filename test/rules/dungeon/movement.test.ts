import { describe, expect, it } from "vitest";
import { partyMovement } from "../../../src/rules/dungeon/index.js";

const m = (name: string, sheet: Record<string, unknown> = {}) => ({ name, sheet });

describe("movement per dungeon turn", () => {
  // seed 000, "Movement in Dungeons": 60' (12 squares) a turn.
  it("The Third Age: 60' a turn", () => {
    expect(partyMovement({ system: "third-age", members: [m("Alda")], encumbrance: "none", loads: {} }).perTurn).toBe(60);
  });

  // seed 002, "Group Movement Rate": the slowest member sets the pace.
  it("bx without encumbrance: the slowest sheet's movement", () => {
    const r = partyMovement({ system: "bx", members: [m("Alda", { movement: 120 }), m("Dwarf", { movement: 90 })], encumbrance: "none", loads: {} });
    expect(r.perTurn).toBe(90);
    expect(r.line).toBe("90' this turn: the slowest is Dwarf (movement 90').");
  });

  // seed 002, "Option 1: Basic Encumbrance": light armour with treasure → 60'.
  it("bx basic encumbrance: armour and treasure", () => {
    const r = partyMovement({ system: "bx", members: [m("Alda", { armour: "none" }), m("Brom", { armour: "light" })], encumbrance: "basic", loads: { brom: 200 } });
    expect(r.perTurn).toBe(60);
    expect(r.line).toMatch(/Brom \(light armour, carrying treasure\)/);
  });

  // seed 002, "Option 2: Detailed Encumbrance": up to 800 coins 60', over 1,600 cannot move.
  it("bx detailed encumbrance: coins carried", () => {
    expect(partyMovement({ system: "bx-house", members: [m("Alda"), m("Brom")], encumbrance: "detailed", loads: { alda: 700 } }).perTurn).toBe(60);
    expect(partyMovement({ system: "bx", members: [m("Alda")], encumbrance: "detailed", loads: { alda: 1700 } }).line).toMatch(/cannot move/);
  });

  it("systems without a rate per turn say so", () => {
    expect(partyMovement({ system: "siege", members: [m("A", { move: 30 }), m("B", { move: 20 })], encumbrance: "none", loads: {} }).line).toMatch(/slowest is B \(20 ft a round\)/);
    expect(partyMovement({ system: "life-guard", members: [m("A")], encumbrance: "none", loads: {} }).perTurn).toBeNull();
  });
});
