// Marks and their lifetimes (docs/design.md, "The round"): which end with a round, which reach a sheet.
import { describe, expect, it } from "vitest";
import { endOfRound, sheetState, stampAdded } from "../../src/play/round/marks.js";
import { readRound } from "../../src/play/round/state.js";
import type { SystemWords } from "../../src/rules/systems/types.js";
import { markOf } from "../helpers/marks.js";

const words: SystemWords = {
  conditions: {
    parrying: { label: "parrying", lasts: "round" },
    "rear-attacked": { label: "attacked from behind", lasts: "next-round" },
    charged: { label: "charged this turn", lasts: "turn" },
    prone: { label: "prone", lasts: "encounter" },
    unconscious: { label: "unconscious", lasts: "healed" },
  },
};

describe("marks", () => {
  it("a round mark ends at the round's end; a next-round mark at the end of the round after", () => {
    let st = stampAdded([], { conditions: ["parrying", "rear-attacked", "prone"] }, 3);
    const r3 = endOfRound(words, st, 3);
    expect(r3.ended).toEqual(["parrying"]);
    st = r3.state;
    const r4 = endOfRound(words, st, 4);
    expect(r4.ended).toEqual(["rear-attacked"]);
    expect(r4.state.conditions).toEqual(["prone"]);
    expect(r4.state.since).toEqual({ prone: 3 });
  });

  it("a sheet keeps turn-long and lasting conditions, never fight marks or round stamps", () => {
    const st = stampAdded(
      [],
      { conditions: ["parrying", "prone", "charged", "unconscious", markOf("an unknown mark")], hp: 3 },
      2,
    );
    expect(sheetState(words, st)).toEqual({ conditions: ["charged", "unconscious"], hp: 3 });
  });

  it("a round's marks are kept per declaration; a round stored with one list per combatant reads that list as no declaration's own", () => {
    const now = readRound({
      round: 1,
      roundState: JSON.stringify({
        phase: "declare",
        declared: { a: ["set spear", "parry"] },
        marks: { a: { "set spear": ["spear set"], parry: ["parrying"] } },
      }),
    });
    expect(now.marks).toEqual({ a: { "set spear": ["spear set"], parry: ["parrying"] } });
    const before = readRound({
      round: 1,
      roundState: JSON.stringify({ phase: "declare", declared: { a: ["parry"] }, marks: { a: ["parrying"] } }),
    });
    expect(before.marks).toEqual({ a: { "": ["parrying"] } });
  });
});
