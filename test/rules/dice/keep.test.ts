// Keep/drop over large pools: the counting choice (no sort) must be the one the sorted order gives:
// highest-first for kh/dh, lowest-first for kl/dl, ties in draw order.
import { describe, expect, it } from "vitest";
import { createStream, roll } from "../../../src/rules/dice/index.js";

function reference(values: number[], mode: string, n: number): boolean[] {
  const idx = values.map((_, i) => i);
  const high = mode === "kh" || mode === "dh";
  idx.sort((x, y) => (high ? values[y]! - values[x]! : values[x]! - values[y]!) || x - y);
  const first = new Set(idx.slice(0, n));
  return values.map((_, i) => (mode[0] === "k" ? first.has(i) : !first.has(i)));
}

describe("keep and drop over large pools", () => {
  it("matches the sorted order for kh, kl, dh, dl on many seeded pools", () => {
    const stream = createStream("keep-test");
    for (const mode of ["kh", "kl", "dh", "dl"]) {
      for (const [count, sides, n] of [
        [60, 10, 20],
        [50, 20, 10],
        [8, 6, 3],
        [5, 4, 1],
        [5, 4, 5],
        [200, 6, 150],
        [30, 1, 7],
      ] as const) {
        const out = roll(`${count}d${sides}${mode}${n}`, stream);
        const dice = out.parts[0]!.dice;
        const kept = dice.map((d) => d.kept);
        expect(kept).toEqual(
          reference(
            dice.map((d) => d.value),
            mode,
            n,
          ),
        );
        expect(out.parts[0]!.total).toBe(dice.filter((d) => d.kept).reduce((a, d) => a + d.value, 0));
      }
    }
  });
});
