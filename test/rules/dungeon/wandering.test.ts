import { systemOf } from "../../../src/rules/systems/index.js";
import { describe, expect, it } from "vitest";
import { isCheckTurn, nextCheckTurn, parseTable, rollTable, wanderingRoll } from "../../../src/rules/dungeon/index.js";
import { faces } from "./helpers.js";

describe("when the wandering-monster check falls", () => {
  // seed 000, "Random Encounters": "every turn to every three turns" — on multiples of the interval.
  it("checks on turns that are multiples of the interval", () => {
    expect([1, 2, 3, 4, 5, 6].filter((t) => isCheckTurn(t, 2))).toEqual([2, 4, 6]);
    expect(nextCheckTurn(0, 3)).toBe(3);
    expect(nextCheckTurn(3, 3)).toBe(6);
    expect(nextCheckTurn(4, 1)).toBe(5);
  });
});

describe("the wandering-monster roll", () => {
  // seed 000, "Dungeon Turn": "Referee rolls 1d6 and on a 1, a random encounter is rolled".
  it("The Third Age: 1 in 6 by its own check", () => {
    const hit = wanderingRoll({ dungeon: systemOf("third-age").dungeon, turn: 1, every: 1, chance: 1 }, faces(1));
    expect(hit.encounter).toBe(true);
    expect(hit.rules).toContain('seed 000, "Dungeon Turn"');
    expect(
      wanderingRoll({ dungeon: systemOf("third-age").dungeon, turn: 1, every: 1, chance: 1 }, faces(2)).encounter,
    ).toBe(false);
  });

  it("other systems: X in 6 every N turns, as the campaign sets", () => {
    expect(wanderingRoll({ dungeon: systemOf("bx").dungeon, turn: 2, every: 2, chance: 2 }, faces(2)).encounter).toBe(
      true,
    );
    expect(wanderingRoll({ dungeon: systemOf("bx").dungeon, turn: 2, every: 2, chance: 2 }, faces(3)).encounter).toBe(
      false,
    );
    const off = wanderingRoll({ dungeon: systemOf("bx").dungeon, turn: 3, every: 2, chance: 2 }, faces());
    expect(off).toMatchObject({ checked: false, encounter: false, rolls: [] });
    expect(off.lines[0]).toBe("Turn 3: checks come every 2 turns; next on turn 4.");
    expect(wanderingRoll({ dungeon: systemOf("siege").dungeon, turn: 2, every: 2, chance: 0 }, faces()).encounter).toBe(
      false,
    );
  });

  it("The Third Age with an interval beyond 3 falls back to the campaign's X in 6", () => {
    const r = wanderingRoll({ dungeon: systemOf("third-age").dungeon, turn: 4, every: 4, chance: 1 }, faces(1));
    expect(r.encounter).toBe(true);
    expect(r.rules[0]).toBe("ruling: wandering monster on 1 in 6 every 4 turns");
  });
});

describe("the wandering table", () => {
  it("reads entries with dice or a number of monsters", () => {
    expect(parseTable("2d4 goblins; 1 ogre; skeletons; 1d6+1 orcs")).toEqual([
      { text: "2d4 goblins", count: { dice: 2, sides: 4, modifier: 0 }, what: "goblins" },
      { text: "1 ogre", count: 1, what: "ogre" },
      { text: "skeletons", count: 1, what: "skeletons" },
      { text: "1d6+1 orcs", count: { dice: 1, sides: 6, modifier: 1 }, what: "orcs" },
    ]);
    expect(() => parseTable(" ; ")).toThrow(/separated by semicolons/);
  });

  it("rolls which entry, then how many appear", () => {
    const t = parseTable("2d4 goblins; 1 ogre; 1d6 skeletons");
    const r = rollTable(t, faces(1, 3, 2));
    expect(r).toEqual({
      count: 5,
      what: "goblins",
      monsters: "5 goblins",
      lines: ["Wandering table 1d3 = 1: 2d4 goblins.", "Number appearing 2d4 (3, 2) = 5."],
      how: "rolled 2d4: 5",
    });
    expect(rollTable(t, faces(2))).toMatchObject({ monsters: "1 ogre", how: "the table's number" });
  });

  // Issue 41, point 8: the number that appears reads the same on its line and on its dice line.
  it("a count below 1 or above the most is shown as counted, on the line and on the dice line", () => {
    const low = faces(1);
    const r = rollTable(parseTable("1d4-2 rats"), low);
    expect(r.lines).toEqual(["Wandering table: 1d4-2 rats.", "Number appearing 1d4-2 (1) = -1 → 1 (at least 1)."]);
    expect(r.monsters).toBe("1 rat");
    expect(low.log[0]!.counts).toEqual({ total: 1, why: "at least 1" });
    const high = faces(6, 6);
    expect(rollTable(parseTable("2d6 bats"), high, 10).lines).toContain(
      "Number appearing 2d6 (6, 6) = 12 → 10 (at most 10).",
    );
    expect(high.log[0]!.counts).toEqual({ total: 10, why: "at most 10" });
    const fine = faces(3);
    rollTable(parseTable("1d4 rats"), fine);
    expect(fine.log[0]!.counts).toBeUndefined();
  });
});
