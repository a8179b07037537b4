// A system's own data version (docs/design.md, "Stored data"): a sheet or state row carries it as `sv` beside the
// codec's `v`; a row at an older one is upgraded by the system as it is read, a row at the current one is read as it is.
import { describe, expect, it } from "vitest";
import { keptCodecFor, sheetCodecFor, stateCodecFor } from "../../src/play/codecs/sheets.js";
import type { DataVersion } from "../../src/rules/systems/types.js";
import { SYSTEMS } from "../../src/rules/systems/index.js";

/** A sheet that split `hp` into `hp` and `maxHp` at version 1, and renamed `ac` to `armour` at version 2. */
const calls: number[] = [];
const sheetVersion: DataVersion = {
  version: 2,
  upgrade(raw, from) {
    calls.push(from);
    let out = raw;
    if (from < 1) out = { ...out, maxHp: out.hp };
    if (from < 2) {
      const { ac, ...rest } = out;
      out = { ...rest, armour: ac };
    }
    return out;
  },
};
const system = { versions: { sheet: sheetVersion } };
const sheets = sheetCodecFor(system);

describe("a system's stored versions", () => {
  it("reads a row stored before the system had a version (with or without the envelope's) through every step", () => {
    calls.length = 0;
    expect(sheets.decode('{"v":1,"hp":8,"ac":5}')).toEqual({ hp: 8, maxHp: 8, armour: 5 });
    expect(sheets.decode('{"hp":8,"ac":5}')).toEqual({ hp: 8, maxHp: 8, armour: 5 });
    expect(sheets.decode('{"v":1,"sv":1,"hp":6,"maxHp":8,"ac":5}')).toEqual({ hp: 6, maxHp: 8, armour: 5 });
    expect(calls).toEqual([0, 0, 1]);
  });

  it("reads a row at the current version as it is, without calling the upgrade, and writes the version", () => {
    calls.length = 0;
    const row = '{"v":1,"sv":2,"hp":6,"maxHp":8,"armour":5}';
    expect(sheets.decode(row)).toEqual({ hp: 6, maxHp: 8, armour: 5 });
    expect(sheets.encode(sheets.decode(row))).toBe(row);
    expect(calls).toEqual([]);
  });

  it("refuses a row newer than this release, or a version that is not one", () => {
    expect(() => sheets.decode('{"v":1,"sv":3,"hp":6}')).toThrow(
      /^sheet holds a value this release cannot read: its system's version 3 is newer than this release reads \(2\)/,
    );
    expect(() => sheets.decode('{"v":1,"sv":"one","hp":6}')).toThrow(
      /its system's version string "one" is not a version/,
    );
    expect(() => sheetCodecFor({}).decode('{"v":1,"sv":1,"hp":6}')).toThrow(/is newer than this release reads \(0\)/);
  });

  it("a system without a version writes no `sv`: its rows are as before", () => {
    expect(sheetCodecFor({}).encode({ hp: 3 })).toBe('{"v":1,"hp":3}');
    expect(stateCodecFor(SYSTEMS.bx).encode({ conditions: [], hp: 3 })).toBe('{"v":2,"conditions":[],"hp":3}');
    expect(sheetCodecFor(SYSTEMS["life-guard"])).toBe(sheetCodecFor({}));
  });

  // seed 004, "Scars", row 6: "Minus d6 maximum Life until you are treated."
  it("Life & Guard's state at version 1: the Head Wound's loss under its new name, in a fight and kept", () => {
    const lg = SYSTEMS["life-guard"];
    const old = '{"v":2,"conditions":["head wound"],"life":2,"lifeMax":6,"lifeMaxPenalty":3,"guard":0,"guardMax":0}';
    const now = { conditions: ["head wound"], life: 2, lifeMax: 6, headWoundLoss: 3, guard: 0, guardMax: 0 };
    expect(stateCodecFor(lg).decode(old)).toEqual(now);
    expect(keptCodecFor(lg).decode(old)).toEqual(now);
    expect(stateCodecFor(lg).encode(stateCodecFor(lg).decode(old))).toBe(
      '{"v":2,"sv":1,"conditions":["head wound"],"life":2,"lifeMax":6,"guard":0,"guardMax":0,"headWoundLoss":3}',
    );
    // A retainer hired before its first fight keeps nothing yet, at either version.
    expect(keptCodecFor(lg).decode("{}")).toEqual({});
    expect(keptCodecFor(lg).decode(keptCodecFor(lg).encode({}))).toEqual({});
  });
});
