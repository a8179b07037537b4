/** Exact odds of keep/drop dice (4d6kh3, 2d20kl1), by dynamic programming over the faces in sorted order. */
import type { DiceNode } from "./ast.js";
import { ODDS_LIMITS, point, trim, worth, type Budget, type Dense } from "./odds-dense.js";

/**
 * Keep the k best of n dice: walk the faces from the kept end. row[j] is the
 * distribution of "kept worth so far" given j dice placed on the faces
 * walked; once j ≥ k the rest only need to land on faces not yet walked.
 */
export function keepBest(node: DiceNode, faces: Float64Array, budget: Budget): Dense {
  const n = node.count;
  const { mode, n: m } = node.keep!;
  const high = mode === "kh" || mode === "dl";
  const k = mode === "kh" || mode === "kl" ? m : n - m;
  if (k === 0) return point(0);
  const order: Array<[number, number]> = [];
  for (let v = 1; v <= faces.length; v++) if (faces[v - 1]! > 0) order.push([v, faces[v - 1]!]);
  if (high) order.reverse();
  let wlo = 0;
  let whi = 0;
  for (const [v] of order) {
    const w = worth(node, v);
    wlo = Math.min(wlo, w);
    whi = Math.max(whi, w);
  }
  // Every row and the result cover sums k·wlo … k·whi.
  const base = k * wlo;
  const len = k * (whi - wlo) + 1;
  if (len > ODDS_LIMITS.maxSupport) {
    budget.refuse(`too many possible results (over ${ODDS_LIMITS.maxSupport}) to list the exact odds`, node.pos);
  }
  const out = new Float64Array(len);
  let rows: Array<Float64Array | undefined> = [new Float64Array(len)];
  rows[0]![-base] = 1;
  const tails: number[] = new Array<number>(order.length).fill(0);
  for (let i = order.length - 2; i >= 0; i--) tails[i] = tails[i + 1]! + order[i + 1]![1];

  const addShifted = (target: Float64Array, row: Float64Array, shift: number, f: number) => {
    for (let s = 0; s < len; s++) {
      const q = row[s]!;
      if (q !== 0) target[s + shift]! += q * f;
    }
  };

  for (let i = 0; i < order.length; i++) {
    const [v, p] = order[i]!;
    const tail = tails[i]!;
    const w = worth(node, v);
    const next: Array<Float64Array | undefined> = [];
    for (let j = 0; j < k; j++) {
      const row = rows[j];
      if (!row) continue;
      const left = n - j;
      const need = k - j;
      budget.spend((need + 1) * len, node.pos);
      // c < need more dice on this face: still short of k kept dice.
      let weight = 1; // C(left, c) · p^c
      for (let c = 0; c < need; c++) {
        if (c > 0) weight = (weight * (left - c + 1) * p) / c;
        if (c > 0 && weight === 0) break;
        const target = (next[j + c] ??= new Float64Array(len));
        addShifted(target, row, w * c, weight);
      }
      // c ≥ need: k kept dice reached; the other left − c dice must fall on later faces.
      let finish = 0;
      weight = 1;
      for (let c = 0; c <= left; c++) {
        if (c > 0) weight = (weight * (left - c + 1) * p) / c;
        if (c >= need) finish += weight * tail ** (left - c);
      }
      if (finish > 0) addShifted(out, row, w * need, finish);
    }
    rows = next;
  }
  return trim({ min: base, p: out });
}
