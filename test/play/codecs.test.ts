// Every JSON column's codec: what it writes reads back the same, a row from before codecs (no `v`)
// still reads, and a damaged row fails with an error naming the column.
import type { Mark } from "../../src/rules/marks.js";
import { describe, it, expect } from "vitest";
import { StoredValueError, type Codec } from "../../src/play/codecs/codec.js";
import { keptAsState, keptCodecFor, keptNothing, sheetCodecFor, stateCodecFor } from "../../src/play/codecs/sheets.js";
import { orderCodec, roundCodec } from "../../src/play/codecs/encounter.js";
import { streamCodec } from "../../src/play/codecs/stream.js";
import { refereesCodec, settingsCodec } from "../../src/play/codecs/campaign.js";
import { attackInputCodec, attackStateCodec } from "../../src/play/codecs/pending.js";
import { facesCodec, totalCodec } from "../../src/play/codecs/roll.js";
import { callInputCodec, resultsCodec, targetsCodec } from "../../src/play/codecs/rollcall.js";
import { clockCodec } from "../../src/play/codecs/clock.js";
import { createStream } from "../../src/rules/dice/stream.js";
import { readRound } from "../../src/play/round/state.js";
import type { AttackState, CombatState } from "../../src/rules/systems/types.js";

// A system that has never changed its stored shape (version 0): its rows read as the envelope alone says.
const sheetCodec = sheetCodecFor({});
const stateCodec = stateCodecFor({});
const keptCodec = keptCodecFor({});

const stream = createStream("00112233445566778899aabbccddeeff");
stream.next();
const attack: AttackState = {
  phase: "reactions",
  attackerId: "a1",
  defenderId: "d1",
  outcome: "hit",
  tone: "good",
  data: { roll: [3, 9], mods: [{ label: "flank", value: 1 }] },
  options: [],
  pay: [],
  final: [],
  followup: [],
  ignored: [],
  result: { title: "Orc 1 attacks Alda", lines: [], rules: [], rolls: [] },
};

/** Each codec: a value it writes, the same value as a row stored before codecs, and a row no release wrote. */
const cases: { codec: Codec<unknown>; value: unknown; old: string; bad: string; reason: RegExp }[] = [
  {
    codec: sheetCodec,
    value: { hp: 8, weapons: [{ name: "Sword", damage: "1d8" }] },
    old: '{"hp":8,"weapons":[{"name":"Sword","damage":"1d8"}]}',
    bad: "[1,2]",
    reason: /expected an object, found a list/,
  },
  {
    codec: stateCodec,
    value: { hp: 5, conditions: ["prone"], lasts: { prone: "round" } },
    old: '{"hp":5,"conditions":["prone"],"lasts":{"prone":"round"}}',
    bad: '{"hp":5}',
    reason: /conditions is not a list of words/,
  },
  {
    codec: keptCodec,
    value: { hp: 5, conditions: [] },
    old: '{"hp":5,"conditions":[]}',
    bad: '{"conditions":"prone"}',
    reason: /conditions is not a list of words/,
  },
  {
    codec: orderCodec,
    value: [["a", "b"], ["c"]],
    old: '[["a","b"],["c"]]',
    bad: '[["a"],"b"]',
    reason: /a turn is not a list of words/,
  },
  {
    codec: roundCodec,
    value: {
      phase: "act",
      declared: { a: ["parry"] },
      attacks: { a: 1 },
      marks: { a: { parry: ["parrying"] } },
      restores: {},
      given: {},
    },
    old: '{"phase":"act","declared":{"a":["parry"]},"attacks":{"a":1},"marks":{"a":{"parry":["parrying"]}},"restores":{},"given":{}}',
    bad: '{"phase":"later"}',
    reason: /phase/,
  },
  {
    codec: streamCodec,
    value: stream.save(),
    old: JSON.stringify(stream.save()),
    bad: '{"draws":1}',
    reason: /expected a stream's state/,
  },
  {
    codec: settingsCodec,
    value: { initiative: "individual", reactionWindow: 90 },
    old: '{"initiative":"individual","reactionWindow":90}',
    bad: '"group"',
    reason: /expected an object/,
  },
  {
    codec: refereesCodec,
    value: ["u1", "u2"],
    old: '["u1","u2"]',
    bad: "[1]",
    reason: /the referees is not a list of words/,
  },
  {
    codec: attackStateCodec,
    value: attack,
    old: JSON.stringify(attack),
    bad: '{"phase":"over","attackerId":"a","defenderId":"d","data":{}}',
    reason: /the attack's phase is string "over"/,
  },
  {
    codec: attackInputCodec,
    value: {
      attackerId: "a1",
      defenderId: "d1",
      weapon: "Axe",
      situation: { flank: true },
      outcomeLines: ["Alda takes 3"],
      attackIndex: 0,
      round: 2,
    },
    old: '{"attackerId":"a1","defenderId":"d1","weapon":"Axe","situation":{"flank":true},"outcomeLines":["Alda takes 3"],"attackIndex":0,"round":2}',
    bad: '{"attackerId":"a1","situation":{},"outcomeLines":[]}',
    reason: /defenderId/,
  },
  { codec: facesCodec, value: [3, 6, 1], old: "[3,6,1]", bad: '["3"]', reason: /the faces are not numbers/ },
  { codec: totalCodec, value: [7, 2], old: "[7,2]", bad: '"7"', reason: /the totals are not numbers/ },
  {
    codec: targetsCodec,
    value: [{ characterId: "c1", name: "Alda", ownerId: "u1" }],
    old: '[{"characterId":"c1","name":"Alda","ownerId":"u1"}]',
    bad: '[{"name":"Alda"}]',
    reason: /characterId/,
  },
  {
    codec: resultsCodec,
    value: { c1: { success: true, line: "Strength check: 14 vs 12, passes" }, c2: "rolling" },
    old: '{"c1":{"success":true,"line":"Strength check: 14 vs 12, passes"},"c2":"rolling"}',
    bad: '{"c1":true}',
    reason: /c1/,
  },
  {
    codec: callInputCodec,
    value: { attribute: "Strength", modifier: 1, what: "Strength check (+1)" },
    old: '{"attribute":"Strength","modifier":1,"what":"Strength check (+1)"}',
    bad: '{"attribute":"Strength"}',
    reason: /the call's words are missing/,
  },
  {
    codec: clockCodec,
    value: clockCodec.decode('{"lit":true,"table":["2d4 goblins"]}'),
    old: JSON.stringify(clockCodec.decode('{"lit":true,"table":["2d4 goblins"]}')),
    bad: '{"lights":[{"kind":"candle"}]}',
    reason: /lights/,
  },
];

describe("each JSON column's codec", () => {
  for (const c of cases) {
    describe(c.codec.column, () => {
      it("reads back what it writes, with the version in the stored text", () => {
        const text = c.codec.encode(c.value);
        expect(JSON.parse(text)).toMatchObject({ v: c.codec.version });
        expect(c.codec.decode(text)).toEqual(c.value);
        // Written again, the same text: a row read and saved unchanged stays as it was.
        expect(c.codec.encode(c.codec.decode(text))).toBe(text);
      });
      it("reads a row stored before the version (no v) as the same value", () => {
        expect(c.codec.decode(c.old)).toEqual(c.value);
      });
      it("refuses a damaged row with an error naming the column and what is wrong", () => {
        const read = () => c.codec.decode(c.bad);
        expect(read).toThrow(StoredValueError);
        expect(read).toThrow(
          new RegExp(`^${c.codec.column.replace(/[.]/g, "\\.")} holds a value this release cannot read: `),
        );
        expect(read).toThrow(c.reason);
      });
    });
  }

  it("refuses text that is not JSON, and a version newer than this release", () => {
    expect(() => orderCodec.decode("[[")).toThrow(/^Encounter\.order holds a value this release cannot read: not JSON/);
    expect(() => stateCodec.decode('{"v":3,"conditions":[]}')).toThrow(
      /version 3 is newer than this release reads \(2\)/,
    );
    expect(() => orderCodec.decode('{"v":1}')).toThrow(/version 1 has no "order"/);
  });

  it("keeps the version out of what play and the rules read", () => {
    expect(Object.keys(stateCodec.decode(stateCodec.encode({ conditions: [], hp: 3 })))).toEqual(["conditions", "hp"]);
    expect(stateCodec.encode({ conditions: [], hp: 3 })).toBe('{"v":2,"conditions":[],"hp":3}');
    expect(orderCodec.encode([["a"]])).toBe('{"v":1,"order":[["a"]]}');
  });

  it("checks each stored mark against the keys the systems declare; an older row's other words are conditions in the player's words", () => {
    // Version 2 rows hold only declared marks: a plain key, or a family with its argument.
    expect(
      stateCodec.decode('{"v":2,"conditions":["prone","attacking:g1","cover:full","moved 3 squares"]}').conditions,
    ).toEqual(["prone", "attacking:g1", "cover:full", "moved 3 squares"]);
    expect(() => stateCodec.decode('{"v":2,"conditions":["prone","mortal-clock"]}')).toThrow(
      /^Combatant\.state holds a value this release cannot read: conditions holds "mortal-clock", which no system declares/,
    );
    expect(() => stateCodec.decode('{"v":2,"conditions":["cover:most"]}')).toThrow(
      /"cover:most", which no system declares/,
    );
    expect(() => stateCodec.decode('{"v":2,"conditions":["at:far"]}')).toThrow(/"at:far", which no system declares/);
    // A row from before (version 1, or no version): a word no system declares (seed 004, "Enchantment": the condition
    // the player named, "frost") is kept as that, with its round, lifetime and source.
    const old =
      '{"v":1,"hp":3,"conditions":["prone","frost"],"since":{"prone":1,"frost":1},"lasts":{"frost":"round"},"by":{"frost":[{"by":"a","decl":"x","round":1}]}}';
    expect(stateCodec.decode(old)).toEqual({
      hp: 3,
      conditions: ["prone", "applied:frost"],
      since: { prone: 1, "applied:frost": 1 },
      lasts: { "applied:frost": "round" },
      by: { "applied:frost": [{ by: "a", decl: "x", round: 1 }] },
    });
    expect(keptCodec.decode('{"hp":3,"conditions":["prone","an old word"]}')).toEqual({
      hp: 3,
      conditions: ["prone", "applied:an old word"],
    });
    expect(() => keptCodec.decode('{"v":2,"conditions":["an old word"]}')).toThrow(
      /"an old word", which no system declares/,
    );
    // An attack stored before the upgrade may still apply a word as typed: what is written reads back, as its condition.
    const applied = stateCodec.encode({ hp: 3, conditions: ["prone", "frost" as Mark], since: { frost: 2 } });
    expect(stateCodec.decode(applied)).toEqual({
      hp: 3,
      conditions: ["prone", "applied:frost"],
      since: { "applied:frost": 2 },
    });
    expect(keptCodec.decode(keptCodec.encode({ conditions: ["frost" as Mark] }))).toEqual({
      conditions: ["applied:frost"],
    });
  });

  it("checks what play keeps beside the marks: each mark's round, chosen lifetime and sources, and where it fell", () => {
    const row: CombatState = {
      conditions: ["prone", "parrying"],
      since: { parrying: 2 },
      lasts: { prone: "permanent" },
      by: { parrying: [{ by: "a", decl: "parry", round: 2 }] },
      fell: [2, 1],
    };
    expect(stateCodec.decode(stateCodec.encode(row))).toEqual(row);
    expect(() => stateCodec.decode('{"v":2,"conditions":["prone"],"lasts":{"prone":"forever"}}')).toThrow(
      /lasts of "prone" is not a lifetime \(string "forever"\)/,
    );
    expect(() => stateCodec.decode('{"v":2,"conditions":["prone"],"by":{"prone":[{"by":"a"}]}}')).toThrow(
      /by of "prone" is not a list of declarations/,
    );
    expect(() => stateCodec.decode('{"v":2,"conditions":[],"fell":3}')).toThrow(/fell is not \[round, turn\]/);
    // A row from before: bookkeeping of another shape is dropped, the marks stay.
    expect(stateCodec.decode('{"v":1,"conditions":["prone"],"since":{"prone":"two"},"fell":3}')).toEqual({
      conditions: ["prone"],
    });
  });

  it("reads the columns' defaults and the old shapes each column had", () => {
    // Prisma's defaults ("{}", "[]") and an old stream's null.
    expect(keptCodec.decode("{}")).toEqual({});
    expect(keptNothing(keptCodec.decode("{}"))).toBe(true);
    expect(keptNothing(keptCodec.decode(keptCodec.encode({})))).toBe(true);
    expect(keptAsState(keptCodec.decode('{"hp":4}'))).toEqual({ hp: 4, conditions: [] });
    expect(orderCodec.decode("[]")).toEqual([]);
    expect(resultsCodec.decode("{}")).toEqual({});
    expect(settingsCodec.decode("{}")).toEqual({});
    expect(streamCodec.decode("null")).toBeNull();
    expect(clockCodec.decode("{}")).toMatchObject({
      lights: [],
      supplies: { rations: null },
      restTurns: 0,
      lit: false,
    });
    // A round from when a combatant's marks were one list: kept under "" (no declaration of its own).
    expect(roundCodec.decode('{"phase":"act","marks":{"a":["parrying"]}}').marks).toEqual({ a: { "": ["parrying"] } });
    expect(readRound({ roundState: '{"marks":{"a":["parrying"]}}', round: 0 })).toMatchObject({
      phase: "declare",
      marks: { a: { "": ["parrying"] } },
      declared: {},
    });
    // An attack stored before its input kept the outcome's lines.
    expect(attackInputCodec.decode('{"attackerId":"a","defenderId":"d","situation":{}}').outcomeLines).toEqual([]);
  });

  it("a stream restored from its stored state goes on drawing where it stopped", () => {
    const saved = createStream("00112233445566778899aabbccddeeff");
    saved.next();
    const text = streamCodec.encode(saved.save());
    const restored = createStream("00112233445566778899aabbccddeeff", streamCodec.decode(text)!);
    expect([restored.next(), restored.draws]).toEqual([saved.next(), saved.draws]);
  });
});
