// One reading of hit points per system, the same in the damage line and on the board (docs/rules/<id>.md,
// "Hit points as shown"), and one death told in one line.
import { describe, expect, it } from "vitest";
import { systemOf } from "../../src/rules/systems/index.js";
import { DiceBag } from "../../src/rules/dice/bag.js";
import { createStream } from "../../src/rules/dice/stream.js";
import type { Combatant } from "../../src/rules/systems/types.js";
import type { SystemId } from "../../src/rules/systems/index.js";

const monster = (id: SystemId, preset: string, name: string): Combatant => {
  const sys = systemOf(id);
  const sheet = sys.presets[preset]!;
  return { id: name, name, side: "foes", kind: "monster", sheet, state: sys.initialState(sheet) };
};
const bag = () => new DiceBag(createStream("hp-readings"));
const deathWords = /dead|killed|slain|dies|destroyed/i;

describe("hit points as shown, per system", () => {
  // seed 002, "Death": "reduced to 0 hit points or less is killed": below 0 means nothing, so it shows 0.
  it.each(["bx", "bx-house"] as const)("%s: a kill below 0 shows HP 0, dead, in one line and on the board", (id) => {
    const g = monster(id, "goblin", "Goblin 1");
    const hit = systemOf(id).applyDamage({ ...g, state: { ...g.state, hp: 1 } }, 3, bag());
    expect(hit.result.lines).toEqual(["Goblin 1 takes 3 damage: HP 1 → 0, dead."]);
    expect(hit.state.hp).toBe(0);
    expect(systemOf(id).view({ ...g, state: hit.state })).toMatchObject({ summary: "HP 0/3", status: "dead" });
  });

  // seed 003, "Hit Points": −1 to −9 are states of their own, −10 is death: negatives are shown as they are.
  it("siege: negative hit points show, in the damage line and on the board", () => {
    const o = monster("siege", "orc", "Orc");
    const grievous = systemOf("siege").applyDamage(o, 8, bag());
    expect(grievous.result.lines[0]).toBe("Orc takes 8 damage: HP 5 → -3.");
    expect(grievous.result.lines.filter((l) => deathWords.test(l))).toEqual([]);
    expect(systemOf("siege").view({ ...o, state: grievous.state })).toMatchObject({
      summary: "HP -3/5",
      status: "grievously wounded",
    });
    const dead = systemOf("siege").applyDamage({ ...o, state: grievous.state }, 9, bag());
    expect(dead.result.lines).toEqual(["Orc takes 9 damage: HP -3 → -12, dead."]);
    expect(systemOf("siege").view({ ...o, state: dead.state })).toMatchObject({ summary: "HP -12/5", status: "dead" });
  });

  // seed 000 is silent: a monster dies at 0, a character at −max HP (docs/rules/third-age.md, "HP and death").
  it("third-age: a monster stops at 0, dead, in one line", () => {
    const g = monster("third-age", "goblin", "Goblin");
    const hit = systemOf("third-age").applyDamage(g, 7, bag());
    expect(hit.result.lines).toEqual(["Goblin takes 7 damage: HP 3 → 0, dead."]);
    expect(systemOf("third-age").view({ ...g, state: hit.state })).toMatchObject({ summary: "HP 0/3", status: "dead" });
  });

  // seed 004, "Damage": Critical Damage comes off Life, and 0 Life is death: Life stops at 0.
  it("life-guard: Life stops at 0, dead, in one line", () => {
    const m = monster("life-guard", "weak", "Rat");
    const hit = systemOf("life-guard").applyDamage(m, 30, bag());
    expect(hit.result.lines.filter((l) => deathWords.test(l))).toEqual([
      "Critical Damage: 25 to Life, Life 5 → 0, dead.",
    ]);
    const v = systemOf("life-guard").view({ ...m, state: hit.state });
    expect(v.summary).toMatch(/^Guard 0\/\d+ · Life 0\/5 · /);
    expect(v.status).toBe("dead");
  });

  it('no system calls the unhurt or the hurt "fine"', () => {
    for (const [id, preset] of [
      ["bx", "goblin"],
      ["bx-house", "goblin"],
      ["siege", "orc"],
      ["third-age", "goblin"],
      ["life-guard", "standard"],
    ] as const) {
      const c = monster(id, preset, "It");
      expect(systemOf(id).view(c).status, id).toBe("");
      const hurt = systemOf(id).applyDamage(c, 1, bag()).state;
      expect(systemOf(id).view({ ...c, state: hurt }).status, id).not.toBe("fine");
    }
  });
});
