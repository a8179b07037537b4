import { systemOf } from "../../../src/rules/systems/index.js";
import { describe, expect, it } from "vitest";
import { partyMovement } from "../../../src/rules/dungeon/index.js";

const m = (name: string, sheet: Record<string, unknown> = {}) => ({ name, sheet });

describe("movement per dungeon turn", () => {
  // seed 000, "Movement in Dungeons": 60' (12 squares) a turn.
  it("The Third Age: 60' a turn", () => {
    expect(
      partyMovement({
        dungeon: systemOf("third-age").dungeon,
        members: [m("Alda")],
        settings: { encumbrance: "none" },
        loads: {},
      }).perTurn,
    ).toBe(60);
  });

  // seed 002, "Group Movement Rate": the slowest member sets the pace.
  it("bx without encumbrance: the slowest sheet's movement", () => {
    const r = partyMovement({
      dungeon: systemOf("bx").dungeon,
      members: [m("Alda", { movement: 120 }), m("Dwarf", { movement: 90 })],
      settings: { encumbrance: "none" },
      loads: {},
    });
    expect(r.perTurn).toBe(90);
    expect(r.line).toBe("90' this turn: the slowest is Dwarf (movement 90').");
  });

  // seed 002, "Option 1: Basic Encumbrance": light armour with treasure → 60'.
  it("bx basic encumbrance: armour and treasure", () => {
    const r = partyMovement({
      dungeon: systemOf("bx").dungeon,
      members: [m("Alda", { armour: "none" }), m("Brom", { armour: "light" })],
      settings: { encumbrance: "basic" },
      loads: { brom: 200 },
    });
    expect(r.perTurn).toBe(60);
    expect(r.line).toMatch(/Brom \(light armour, carrying treasure\)/);
  });

  // seed 002, "Option 2: Detailed Encumbrance": up to 800 coins 60', over 1,600 cannot move.
  it("bx detailed encumbrance: coins carried", () => {
    expect(
      partyMovement({
        dungeon: systemOf("bx-house").dungeon,
        members: [m("Alda"), m("Brom")],
        settings: { encumbrance: "detailed" },
        loads: { alda: 700 },
      }).perTurn,
    ).toBe(60);
    expect(
      partyMovement({
        dungeon: systemOf("bx").dungeon,
        members: [m("Alda")],
        settings: { encumbrance: "detailed" },
        loads: { alda: 1700 },
      }).line,
    ).toMatch(/cannot move/);
  });

  it("systems without a rate per turn say so", () => {
    expect(
      partyMovement({
        dungeon: systemOf("siege").dungeon,
        members: [m("A", { move: 30 }), m("B", { move: 20 })],
        settings: { encumbrance: "none" },
        loads: {},
      }).line,
    ).toMatch(/slowest is B \(20 ft a combat round\)/);
    expect(
      partyMovement({
        dungeon: systemOf("life-guard").dungeon,
        members: [m("A")],
        settings: { encumbrance: "none" },
        loads: {},
      }).perTurn,
    ).toBeNull();
  });
});
