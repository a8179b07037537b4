import { describe, it, expect } from "vitest";
import { distribution, chanceAtLeast, mean, DiceError } from "../../../src/rules/dice/index.js";

const P = (expr: string, value: number, depth?: number) =>
  distribution(expr, depth === undefined ? {} : { explodeDepth: depth }).map.get(value) ?? 0;

/** Brute force: every ordered outcome of n dice with the given face probabilities. */
function brute(n: number, faces: number[], f: (dice: number[]) => number): Map<number, number> {
  const out = new Map<number, number>();
  const dice: number[] = [];
  const go = (p: number) => {
    if (dice.length === n) {
      const v = f(dice);
      out.set(v, (out.get(v) ?? 0) + p);
      return;
    }
    for (let v = 1; v <= faces.length; v++) {
      if (faces[v - 1] === 0) continue;
      dice.push(v);
      go(p * faces[v - 1]!);
      dice.pop();
    }
  };
  go(1);
  return out;
}
const uniform = (s: number) => Array<number>(s).fill(1 / s);
const topSum =
  (k: number, high = true) =>
  (d: number[]) =>
    [...d]
      .sort((a, b) => (high ? b - a : a - b))
      .slice(0, k)
      .reduce((s, v) => s + v, 0);

function expectSame(actual: Map<number, number>, expected: Map<number, number>) {
  expect([...actual.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [v, p] of expected) expect(actual.get(v)).toBeCloseTo(p, 12);
}

describe("exact odds", () => {
  it("3d6", () => {
    const d = distribution("3d6");
    expect(P("3d6", 10)).toBeCloseTo(27 / 216, 14);
    expect(P("3d6", 3)).toBeCloseTo(1 / 216, 14);
    expect(d.outcomes).toHaveLength(16);
    expect(mean(d)).toBeCloseTo(10.5, 12);
    expect(chanceAtLeast(d, 18)).toBeCloseTo(1 / 216, 14);
    expect(chanceAtLeast(d, 3)).toBeCloseTo(1, 12);
    expect(d.truncated).toBe(false);
  });

  it("4d6kh3 (and 4d6dl1, 4d6k3)", () => {
    for (const e of ["4d6kh3", "4d6dl1", "4d6k3"]) {
      expect(P(e, 18)).toBeCloseTo(21 / 1296, 14);
      expect(P(e, 3)).toBeCloseTo(1 / 1296, 14);
      expect(P(e, 17)).toBeCloseTo(54 / 1296, 14);
      expect(P(e, 13)).toBeCloseTo(172 / 1296, 14);
      expect(mean(distribution(e))).toBeCloseTo(15869 / 1296, 12);
    }
    expectSame(distribution("4d6kh3").map, brute(4, uniform(6), topSum(3)));
  });

  it("keep lowest / drop highest match brute force", () => {
    expectSame(distribution("4d6kl3").map, brute(4, uniform(6), topSum(3, false)));
    expectSame(distribution("4d6dh1").map, brute(4, uniform(6), topSum(3, false)));
    expectSame(distribution("5d4kh2").map, brute(5, uniform(4), topSum(2)));
    expectSame(distribution("3d8kl1").map, brute(3, uniform(8), topSum(1, false)));
    expectSame(distribution("3d5kh3").map, brute(3, uniform(5), topSum(3)));
  });

  it("2d20kl1 and 2d20kh1 means", () => {
    expect(mean(distribution("2d20kl1"))).toBeCloseTo(7.175, 12);
    expect(mean(distribution("2d20kh1"))).toBeCloseTo(13.825, 12);
    expect(P("2d20kh1", 20)).toBeCloseTo(39 / 400, 14);
    expect(mean(distribution("2d20kl1+3"))).toBeCloseTo(10.175, 12);
  });

  it("1d6! to a stated depth", () => {
    const d1 = distribution("1d6!", { explodeDepth: 1 });
    expect(d1.outcomes.map(([v]) => v)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]);
    expect(d1.map.get(12)).toBeCloseTo(1 / 36, 14); // the second 6 does not explode again
    expect(d1.truncated).toBe(true);
    expect(d1.truncatedMass).toBeCloseTo(1 / 36, 14);
    const d3 = distribution("1d6!");
    expect(d3.explodeDepth).toBe(3);
    expect(d3.map.get(24)).toBeCloseTo(1 / 1296, 14);
    expect(d3.map.get(21)).toBeCloseTo(1 / 1296, 14);
    expect(d3.map.get(6)).toBeUndefined();
    expect(d3.truncatedMass).toBeCloseTo(1 / 1296, 14);
    expect(d3.note).toMatch(/3 extra dice/);
    // The exact mean of an unbounded 1d6! is 4.2; depth 3 is close below it.
    expect(mean(d3)).toBeLessThan(4.2);
    expect(mean(distribution("1d6!", { explodeDepth: 12 }))).toBeCloseTo(4.2, 8);
    const d0 = distribution("1d6!", { explodeDepth: 0 });
    expect(d0.outcomes).toHaveLength(6);
  });

  it("1d10!>9 and success counting with explosions", () => {
    expect(P("1d10!>9", 9, 1)).toBeCloseTo(0, 14);
    expect(P("1d10!>9", 10, 1)).toBeCloseTo(1 / 100, 14); // 9 then 1
    // Successes on 5+, exploding on 6: each 6 is a success and rolls again.
    expect(P("1d6!6>5", 0, 5)).toBeCloseTo(4 / 6, 14);
    expect(P("1d6!6>5", 1, 5)).toBeCloseTo(1 / 6 + (1 / 6) * (4 / 6), 14);
    expect(P("1d6!6>5", 2, 5)).toBeCloseTo((1 / 6) * (1 / 6) + (1 / 6) * (1 / 6) * (4 / 6), 14);
  });

  it("rerolls", () => {
    expect(P("1d20r1", 1)).toBe(0);
    expect(P("1d20r1", 20)).toBeCloseTo(1 / 19, 14);
    expect(P("1d20ro1", 1)).toBeCloseTo(1 / 400, 14);
    expect(P("1d20ro1", 20)).toBeCloseTo(1 / 20 + 1 / 400, 14);
    expect(mean(distribution("2d6r<2"))).toBeCloseTo(9, 12);
    const faces = [0, 1 / 4, 1 / 4, 1 / 4, 1 / 4]; // d5r1
    expectSame(distribution("3d5r1kh2").map, brute(3, faces, topSum(2)));
  });

  it("success counting", () => {
    const d = distribution("5d6>4");
    for (let k = 0; k <= 5; k++) {
      const binom = [1, 5, 10, 10, 5, 1][k]!;
      expect(d.map.get(k)).toBeCloseTo(binom / 32, 14);
    }
    expect(mean(distribution("10d10>8f1"))).toBeCloseTo(10 * (3 / 10 - 1 / 10), 12);
    expect(P("5d6<2", 0)).toBeCloseTo((4 / 6) ** 5, 14);
    const succ = (d: number[]) => d.filter((v) => v >= 5).length;
    expectSame(
      distribution("4d6kh3>5").map,
      brute(4, uniform(6), (d) => succ([...d].sort((a, b) => b - a).slice(0, 3))),
    );
  });

  it("arithmetic of independent terms", () => {
    const d = distribution("1d6-1d6");
    expect(d.map.get(0)).toBeCloseTo(6 / 36, 14);
    expect(d.map.get(-5)).toBeCloseTo(1 / 36, 14);
    expect(distribution("1d6*2").outcomes.map(([v]) => v)).toEqual([2, 4, 6, 8, 10, 12]);
    expect(distribution("1d6/2").outcomes).toEqual([
      [0, 1 / 6],
      [1, 2 / 6],
      [2, 2 / 6],
      [3, 1 / 6],
    ]);
    expect(distribution("-1d4").outcomes.map(([v]) => v)).toEqual([-4, -3, -2, -1]);
    expect(distribution("(1d4+1)*(1d4-5)/-3").outcomes.reduce((s, [, p]) => s + p, 0)).toBeCloseTo(1, 12);
    expect(distribution("7").outcomes).toEqual([[7, 1]]);
    expect(mean(distribution("2*(1d8+3)"))).toBeCloseTo(15, 12);
  });

  it("handles larger plain sums quickly", () => {
    const d = distribution("100d100");
    expect(mean(d)).toBeCloseTo(5050, 6);
    expect(d.outcomes.reduce((s, [, p]) => s + p, 0)).toBeCloseTo(1, 9);
    expect(mean(distribution("20d20kh10"))).toBeGreaterThan(150);
  });

  it("refuses what it can't do or what is too large", () => {
    const refuse = (e: string, re: RegExp) => {
      expect(() => distribution(e)).toThrow(DiceError);
      expect(() => distribution(e)).toThrow(re);
    };
    refuse("1000d1000", /too many possible results/);
    refuse("1d1000000", /too many possible results/);
    refuse("4d6!kh3", /keep\/drop on exploding dice/);
    refuse("1d20; 1d4", /single roll/);
    refuse("2x 1d6", /single roll/);
    refuse("1d6/(1d2-1)", /divisor can be zero/);
    refuse("1d", /sides/);
    refuse("50d1000*50d1000", /too (much work|many possible results|wide)/);
    expect(() => distribution("1d6", { explodeDepth: -1 })).toThrow(DiceError);
  });
});
