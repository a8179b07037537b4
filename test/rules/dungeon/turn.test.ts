import { systemOf } from "../../../src/rules/systems/index.js";
import { describe, expect, it } from "vitest";
import { passTurn, type DungeonState } from "../../../src/rules/dungeon/index.js";
import { emptyState, faces, TURN } from "./helpers.js";

const input = (state: DungeonState, rounds: number, over: Partial<Parameters<typeof passTurn>[0]> = {}) => ({
  dungeon: systemOf("third-age").dungeon,
  state,
  rounds,
  every: 1,
  chance: 1,
  mouths: 2,
  actions: [],
  ...over,
});

describe("one dungeon turn", () => {
  // seed 000, "Dungeon Turn": declare actions, describe, then the wandering-monster check.
  it("moves the clock 60 rounds, records the actions and checks for wandering monsters", () => {
    const t = passTurn(input(emptyState(), 0, { actions: ["search", "listen"] }), faces(4));
    expect(t.turn).toBe(1);
    expect(t.rounds).toBe(TURN);
    expect(t.state.actions).toEqual([{ turn: 1, actions: ["search", "listen"] }]);
    expect(t.result.lines[0]).toBe("Declared: search, listen.");
    expect(t.wandering).toBe(false);
    expect(t.result.rolls.map((r) => r.total)).toEqual([4]);
  });

  it("burns the lights and warns the turn before one goes out", () => {
    const state = emptyState({ lights: [{ kind: "torch", holder: "Alda", litAt: 0, left: 6 * TURN }] });
    const t5 = passTurn(input(state, 4 * TURN), faces(5));
    expect(t5.result.lines).toContain("⚠️ Alda's torch gutters: it goes out within the next turn.");
    const t6 = passTurn(input(t5.state, t5.rounds), faces(5));
    expect(t6.result.lines).toContain("🌑 Darkness: the last light has gone out.");
    expect(t6.darkness).toBe(true);
    expect(t6.state.lights).toEqual([]);
    // Issue 20: a multi-turn advance stops here, the referee is needed.
    expect(t5.stop).toBeNull();
    expect(t6.stop).toBe("the last light went out");
  });

  // seed 000, "Dungeon Turn" (supplies): a day passes and there is not enough to eat: the referee is needed.
  it("stops for a day without rations", () => {
    const state = emptyState({ supplies: { rations: 1, water: null, torches: null, oil: null } });
    const t = passTurn(input(state, 143 * TURN, { mouths: 2 }), faces(5));
    expect(t.result.lines).toContain("⚠️ 1 ration short: someone goes hungry.");
    expect(t.stop).toBe("the party went short of rations or water");
  });

  it("rolls on the table when a monster comes", () => {
    const t = passTurn(input(emptyState({ table: ["2d4 goblins", "1 ogre"] }), 0), faces(1, 1, 4, 4));
    expect(t.stop).toBe("a wandering monster came");
    expect(t.wandering).toBe(true);
    expect(t.monsters).toBe("8 goblins");
    expect(t.result.title).toBe("Turn 1: wandering monster!");
  });

  it("eats when the turn ends a day", () => {
    const state = emptyState({ supplies: { rations: 10, water: 10, torches: null, oil: null } });
    const t = passTurn(input(state, 8640 - TURN), faces(6));
    expect(t.state.supplies).toMatchObject({ rations: 8, water: 8 });
    expect(t.result.lines).toContain("Day 2 begins.");
  });
});
