// Issue 45, point 8: custom ids are never cut. Each kind of id the bot builds (src/discord/ids.ts, and the
// text inputs of its modals) is built here from the longest parts it can be given: the store's ids (all
// shortId()), integers as long as a JavaScript number keeps exactly, the longest phase, declaration and
// reaction each system offers. None is over Discord's 100, and each reads back to what it was built from.
import { describe, expect, it } from "vitest";
import { DECLARE_MENU, ids } from "../../src/discord/ids.js";
import { shapeCallback, shapeMessage } from "../../src/discord/limits.js";
import { shortId } from "../../src/play/ids.js";
import { formFields } from "../../src/play/sheets.js";
import { SYSTEMS } from "../../src/rules/systems/index.js";
import type { Combatant } from "../../src/rules/systems/types.js";
import { TAKE_COUNTER } from "../../src/rules/systems/third-age/attack-options.js";

const ID = "W".repeat(shortId().length);
const BIG = Number.MAX_SAFE_INTEGER;
const longest = (xs: Iterable<string>) => [...xs].reduce((a, b) => (b.length > a.length ? b : a), "");

/** Every declaration id a system offers, asked of each of its presets, as a character and as a foe, in both phases. */
function declarationIds(): Set<string> {
  const seen = new Set<string>([DECLARE_MENU]);
  for (const s of Object.values(SYSTEMS)) {
    for (const [name, sheet] of Object.entries(s.presets)) {
      for (const kind of ["pc", "monster"] as const) {
        const who = {
          id: ID,
          name,
          side: kind === "pc" ? "party" : "foes",
          kind,
          sheet,
          state: { ...s.initialState(sheet), conditions: [] },
        } as unknown as Combatant;
        for (const phase of ["declare", "act"] as const)
          for (const d of s.round.declarations(who, { round: 1, declared: [], others: [], phase } as never))
            seen.add(d.id);
      }
    }
  }
  return seen;
}

/** The reactions' option ids (src/rules/systems/*: attack options): the fixed ones and those naming a combatant. */
const OPTION_IDS = [
  "take",
  "parry",
  "counter",
  "pass",
  TAKE_COUNTER,
  "counterspell",
  `counterspell:${ID}`,
  `getdown:${ID}`,
];

const within = (id: string) => {
  expect(id.length, id).toBeLessThanOrEqual(100);
  return id;
};

describe("the longest custom id of each kind fits whole", () => {
  it("the board: Next, Resolve, Foes attack and its menu, Morale, End", () => {
    for (const v of [
      { kind: "next", encounterId: ID, round: BIG, turn: BIG, phase: "declare" },
      { kind: "resolve", encounterId: ID },
      { kind: "foes", encounterId: ID, round: BIG, turn: BIG },
      { kind: "pick", encounterId: ID, round: BIG, turn: BIG },
      { kind: "morale", encounterId: ID, side: "party" },
      { kind: "end", encounterId: ID },
    ] as const)
      expect(ids.next.parse(within(ids.next.build(v)))).toEqual(v);
  });

  it("declarations: the longest any system offers, for a named combatant, at the largest round", () => {
    const all = declarationIds();
    expect(all.size).toBeGreaterThan(20);
    const v = { encounterId: ID, round: BIG, action: longest(all), who: ID };
    expect(ids.declare.parse(within(ids.declare.build(v)))).toEqual(v);
  });

  it("reactions: the longest option (one naming another combatant), at the largest version", () => {
    const v = { pendingId: ID, version: BIG, optionId: longest(OPTION_IDS) };
    expect(ids.attack.parse(within(ids.attack.build(v)))).toEqual(v);
  });

  it("Roll again, Start encounter and its form, a call's Roll and Results, the sheet form's steps and new sheet", () => {
    expect(ids.rollAgain.parse(within(ids.rollAgain.build(BIG)))).toBe(BIG);
    expect(ids.wandering.parse(within(ids.wandering.build(ID)))).toBe(ID);
    expect(ids.wanderingWhich.parse(within(ids.wanderingWhich.build(ID)))).toBe(ID);
    for (const call of ["check", "save"]) {
      const roll = { kind: "call", call, callId: ID, characterId: ID } as const;
      expect(ids.call.parse(within(ids.call.build(roll)))).toEqual(roll);
    }
    const step = { kind: "step", characterId: ID, step: BIG } as const;
    expect(ids.sheetForm.parse(within(ids.sheetForm.build(step)))).toEqual(step);
    const fresh = { kind: "new", draftId: ID } as const;
    expect(ids.sheetForm.parse(within(ids.sheetForm.build(fresh)))).toEqual(fresh);
  });

  it("the text inputs of the modals: every system's sheet fields, a declaration's detail, the wandering monsters", () => {
    const keys = Object.values(SYSTEMS).flatMap((s) => formFields(s.sheet, s.form).map((f) => f.key));
    for (const key of [...keys, "detail", "monsters"]) within(key);
  });
});

describe("an id too long is refused, never cut", () => {
  it("building one throws: a programming error", () => {
    expect(() => ids.declare.build({ encounterId: ID, round: 1, action: "x".repeat(100), who: null })).toThrow(
      /at most 100/,
    );
    expect(() => ids.attack.build({ pendingId: ID, version: 0, optionId: `counterspell:${"x".repeat(90)}` })).toThrow(
      /at most 100/,
    );
  });

  it("one that reaches the outgoing body some other way is refused there too", () => {
    const button = (custom_id: string) => ({
      components: [{ type: 1, components: [{ type: 2, style: 1, label: "a", custom_id }] }],
    });
    expect(() => shapeMessage(button("x".repeat(101)))).toThrow(/at most 100/);
    expect(() => shapeCallback({ type: 9, data: { title: "t", custom_id: "x".repeat(101), components: [] } })).toThrow(
      /at most 100/,
    );
    expect(
      (shapeMessage(button("x".repeat(100))) as { components: { components: { custom_id: string }[] }[] })
        .components[0]!.components[0]!.custom_id,
    ).toBe("x".repeat(100));
  });
});
