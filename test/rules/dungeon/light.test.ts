import { describe, expect, it } from "vitest";
import {
  burnLights,
  durationWords,
  handOver,
  lightLines,
  lightUp,
  putOut,
  remaining,
  type Light,
  type Supplies,
} from "../../../src/rules/dungeon/index.js";
import { TURN } from "./helpers.js";

const untracked: Supplies = { rations: null, water: null, torches: null, oil: null };
const torch = (holder: string, litAt: number | null, left: number): Light => ({ kind: "torch", holder, litAt, left });

describe("light sources", () => {
  it("a new torch burns 6 turns, a lantern 24 turns a flask (as the campaign sets)", () => {
    const t = lightUp({ lights: [], supplies: untracked, kind: "torch", holder: "Alda", now: 0, turns: 6 });
    expect(t.lights).toEqual([torch("Alda", 0, 6 * TURN)]);
    expect(t.line).toBe("Alda lights a torch: 6 turns of light.");
    const l = lightUp({ lights: [], supplies: untracked, kind: "lantern", holder: "Brom", now: 30, turns: 24 });
    expect(remaining(l.lights[0]!, 30 + 23 * TURN)).toBe(TURN);
  });

  it("warns the turn before a torch goes out, then it goes out and it is dark", () => {
    let lights = [torch("Alda", 0, 6 * TURN)];
    for (let t = 0; t < 4; t++) expect(burnLights(lights, t * TURN, (t + 1) * TURN).lines).toEqual([]);
    const fifth = burnLights(lights, 4 * TURN, 5 * TURN);
    expect(fifth.lines).toEqual(["⚠️ Alda's torch gutters: it goes out within the next turn."]);
    lights = fifth.lights;
    const sixth = burnLights(lights, 5 * TURN, 6 * TURN);
    expect(sixth.lines).toEqual(["Alda's torch goes out.", "🌑 Darkness: the last light has gone out."]);
    expect(sixth.lights).toEqual([]);
    expect(sixth.darkness).toBe(true);
  });

  it("is not dark while another light burns", () => {
    const r = burnLights([torch("Alda", 0, TURN), torch("Brom", 0, 6 * TURN)], 0, TURN);
    expect(r.lines).toEqual(["Alda's torch goes out."]);
    expect(r.darkness).toBe(false);
  });

  it("a light that burnt out during a fight is reported at the next turn", () => {
    const r = burnLights([torch("Alda", 0, 30)], 40, 100);
    expect(r.lines[0]).toBe("Alda's torch burnt out during the fight.");
  });

  it("a torch put out keeps its fuel and burns on when lit again", () => {
    const out = putOut({ lights: [torch("Alda", 0, 6 * TURN)], holder: "alda", kind: null, now: 2 * TURN });
    expect(out.lights).toEqual([torch("Alda", null, 4 * TURN)]);
    expect(out.line).toBe("Alda's torch is put out, 4 turns of fuel kept.");
    expect(burnLights(out.lights, 2 * TURN, 10 * TURN).lines).toEqual([]);
    const again = lightUp({
      lights: out.lights,
      supplies: untracked,
      kind: "torch",
      holder: "Alda",
      now: 10 * TURN,
      turns: 6,
    });
    expect(again.lights).toEqual([torch("Alda", 10 * TURN, 4 * TURN)]);
    expect(again.line).toBe("Alda's torch is lit again: 4 turns left.");
  });

  it("takes torches and oil from a tracked stock, and refuses when there are none", () => {
    const stock = { ...untracked, torches: 1, oil: 0 };
    const r = lightUp({ lights: [], supplies: stock, kind: "torch", holder: "Alda", now: 0, turns: 6 });
    expect(r.supplies.torches).toBe(0);
    expect(() =>
      lightUp({ lights: [], supplies: r.supplies, kind: "torch", holder: "Brom", now: 0, turns: 6 }),
    ).toThrow(/no torches left/);
    expect(() => lightUp({ lights: [], supplies: stock, kind: "lantern", holder: "Brom", now: 0, turns: 24 })).toThrow(
      /no flasks of oil/,
    );
  });

  it("refuses a second burning torch in the same hand, and putting out what is not lit", () => {
    const lights = [torch("Alda", 0, 6 * TURN)];
    expect(() => lightUp({ lights, supplies: untracked, kind: "torch", holder: "Alda", now: 10, turns: 6 })).toThrow(
      /already burning/,
    );
    expect(() => putOut({ lights, holder: "Brom", kind: null, now: 10 })).toThrow(/Brom has no light burning/);
  });

  it("hands a burning light over: it keeps burning", () => {
    const r = handOver({ lights: [torch("Alda", 0, 6 * TURN)], holder: "Alda", to: "Brom", kind: "torch" });
    expect(r.lights).toEqual([torch("Brom", 0, 6 * TURN)]);
    expect(r.line).toBe("Alda's torch passes to Brom.");
  });

  it("lists lights with turns left, and darkness when none burns", () => {
    expect(lightLines([torch("Alda", 0, 6 * TURN), torch("Brom", null, 90)], 30)).toEqual([
      "Alda's torch: 5 turns 30 rounds left, burning",
      "Brom's torch: 1 turn 30 rounds left, out (carried)",
    ]);
    expect(lightLines([], 0)).toEqual(["No light is burning: the party is in darkness."]);
    // A text without light rules (light by a ruling) tells no darkness until someone carries a light.
    expect(lightLines([], 0, false)).toEqual(["None lit."]);
    expect(lightLines([torch("Brom", null, 90)], 30, false)).toEqual([
      "Brom's torch: 1 turn 30 rounds left, out (carried)",
      "No light is burning: the party is in darkness.",
    ]);
    expect(durationWords(40)).toBe("40 rounds");
  });
});
