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

describe("what a turn cites", () => {
  // seed 000, "Dungeon Turn" is the text's own; it has no light rule, so a burning torch names the ruling.
  it("The Third Age: its own Dungeon Turn first, never B/X's; light named as a ruling only when one is kept", () => {
    const dark = passTurn(input(emptyState(), 0), faces(4)).result.rules;
    expect(dark[0]).toBe('seed 000, "Dungeon Turn"');
    expect(dark.some((r) => r.startsWith("seed 002"))).toBe(false);
    expect(dark.some((r) => /light rules/.test(r))).toBe(false);
    const lit = passTurn(
      input(emptyState({ lights: [{ kind: "torch", holder: "Alda", litAt: 0, left: 6 * TURN }] }), 0),
      faces(4),
    ).result.rules;
    expect(lit).toContain(
      "seed 000 ruling: torches and lanterns burn as in the classic games (this text has no light rules)",
    );
  });

  // seed 000, "Movement in Dungeons": "If the players wish to move faster, they will not get the forewarning."
  it("the fast pace cites Movement in Dungeons first; a text without one refuses it", () => {
    expect(passTurn(input(emptyState(), 0, { fast: true }), faces(4)).result.rules[0]).toBe(
      'seed 000, "Movement in Dungeons"',
    );
    expect(() => passTurn(input(emptyState(), 0, { dungeon: systemOf("bx").dungeon, fast: true }), faces(4))).toThrow(
      /no faster pace/,
    );
  });

  // seed 004 has no dungeon turn and no wandering check: a ruling, and nothing rolled at a chance of 0.
  it("Life & Guard: a ruling for the turn, no check rolled at 0 in 6", () => {
    const t = passTurn(
      input(emptyState(), 0, { dungeon: systemOf("life-guard").dungeon, every: 2, chance: 0 }),
      faces(),
    );
    expect(t.result.rules[0]).toBe(
      "seed 004 ruling: a dungeon turn is 10 minutes, as in the classic games (this text has only 10-second rounds)",
    );
    expect(t.result.rolls).toEqual([]);
    expect(t.wandering).toBe(false);
  });
});
