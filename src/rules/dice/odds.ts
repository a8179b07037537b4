/**
 * Exact probability distributions of single dice expressions, by convolution.
 *
 * - Plain and rerolled dice: exact face distributions, summed by sliding
 *   windows (uniform dice) or repeated squaring of convolutions.
 * - Keep/drop: dynamic programming over the faces in sorted order (how many
 *   dice show each face, binomially weighted), exact for any N.
 * - Explosions: each exploding chain is followed to `explodeDepth` extra dice;
 *   the last die of a chain at that depth does not explode again. The result
 *   says whether (and with what probability) a chain was cut short.
 * - Success counting: each kept die is worth +1 / −1 / 0.
 * - + − * / of independent terms (division truncates toward zero).
 *
 * Refuses (DiceError) when there would be more than 100,000 possible results,
 * values spread over more than 1,000,000, or the work would exceed a fixed
 * budget (a few tens of milliseconds). Probabilities are doubles.
 */
import type { DiceNode, ExprNode } from "./ast.js";
import { matches } from "./ast.js";
import { DiceError, diceError } from "./errors.js";
import { truncDiv } from "./evaluate.js";
import { parseCommand } from "./parser.js";

export const ODDS_LIMITS = {
  maxSupport: 100_000,
  maxRange: 1_000_000,
  maxWork: 30_000_000,
  maxExplodeDepth: 20,
} as const;

/** Dense distribution: P(min + i) = p[i]. */
interface Dense {
  min: number;
  p: Float64Array;
}

export interface Distribution {
  /** [value, probability], sorted by value, zero-probability values omitted. */
  outcomes: Array<[number, number]>;
  map: Map<number, number>;
  explodeDepth: number;
  /** True when the expression explodes, so chains were cut at `explodeDepth`. */
  truncated: boolean;
  /** Probability that at least one explosion chain was cut short. */
  truncatedMass: number;
  /** Human-readable statement of the truncation, when there is one. */
  note?: string;
}

export interface OddsOptions {
  explodeDepth?: number;
}

const point = (v: number): Dense => ({ min: v, p: Float64Array.of(1) });

class Odds {
  private work = 0;
  /** Probability that no chain was truncated (product over exploding groups). */
  untruncated = 1;
  exploding = false;

  constructor(
    private readonly input: string,
    private readonly depth: number,
  ) {}

  private refuse(message: string, pos?: number): never {
    throw diceError(this.input, message, pos);
  }

  private spend(n: number, pos?: number): void {
    this.work += n;
    if (this.work > ODDS_LIMITS.maxWork) this.refuse("too much work to compute the exact odds", pos);
  }

  private alloc(range: number, pos?: number): Float64Array {
    if (range > ODDS_LIMITS.maxRange) {
      this.refuse(`the results spread over too wide a range to list the exact odds`, pos);
    }
    return new Float64Array(range);
  }

  eval(node: ExprNode): Dense {
    switch (node.kind) {
      case "num":
        return point(node.value);
      case "paren":
        return this.eval(node.inner);
      case "neg":
        return negate(this.eval(node.operand));
      case "dice":
        return this.dice(node);
      case "bin": {
        const a = this.eval(node.left);
        const b = this.eval(node.right);
        switch (node.op) {
          case "+":
            return this.add(a, b, node.pos);
          case "-":
            return this.add(a, negate(b), node.pos);
          case "*":
          case "/":
            if (node.op === "/" && -b.min >= 0 && -b.min < b.p.length && b.p[-b.min]! > 0) {
              this.refuse("the divisor can be zero", node.pos);
            }
            return this.product(a, b, node.op, node.pos);
        }
      }
    }
  }

  private add(a: Dense, b: Dense, pos: number): Dense {
    const la = a.p.length;
    const lb = b.p.length;
    this.spend(la * lb, pos);
    const out = this.alloc(la + lb - 1, pos);
    const bp = b.p;
    for (let i = 0; i < la; i++) {
      const x = a.p[i]!;
      if (x === 0) continue;
      for (let j = 0; j < lb; j++) out[i + j]! += x * bp[j]!;
    }
    return this.checked({ min: a.min + b.min, p: out }, pos);
  }

  private product(a: Dense, b: Dense, op: "*" | "/", pos: number): Dense {
    const xs = nonzero(a);
    const ys = nonzero(b);
    this.spend(2 * xs.length * ys.length, pos);
    const f = op === "*" ? (x: number, y: number) => x * y + 0 : truncDiv;
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of xs) {
      for (const y of ys) {
        const v = f(x, y);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi)) {
      this.refuse("a value got too large to compute exactly", pos);
    }
    const out = this.alloc(hi - lo + 1, pos);
    for (const x of xs) {
      const px = a.p[x - a.min]!;
      for (const y of ys) out[f(x, y) - lo]! += px * b.p[y - b.min]!;
    }
    return this.checked(trim({ min: lo, p: out }), pos);
  }

  private checked(d: Dense, pos?: number): Dense {
    if (d.p.length > ODDS_LIMITS.maxSupport) {
      let n = 0;
      for (const q of d.p) if (q > 0) n++;
      if (n > ODDS_LIMITS.maxSupport) {
        this.refuse(`too many possible results (over ${ODDS_LIMITS.maxSupport}) to list the exact odds`, pos);
      }
    }
    return d;
  }

  /** Distribution of one die's face after rerolls, indexed by face − 1. */
  private faces(node: DiceNode): Float64Array {
    const { sides, reroll } = node;
    if (sides > ODDS_LIMITS.maxSupport) {
      this.refuse(`too many possible results (over ${ODDS_LIMITS.maxSupport}) to list the exact odds`, node.pos);
    }
    this.spend(sides, node.pos);
    const out = new Float64Array(sides);
    if (!reroll) return out.fill(1 / sides);
    let hits = 0;
    for (let v = 1; v <= sides; v++) if (matches(reroll.when, v)) hits++;
    for (let v = 1; v <= sides; v++) {
      const hit = matches(reroll.when, v);
      if (reroll.once) out[v - 1] = (hit ? 0 : 1 / sides) + hits / sides / sides;
      else if (!hit) out[v - 1] = 1 / (sides - hits);
    }
    return out;
  }

  private worth(node: DiceNode, v: number): number {
    if (!node.success) return v;
    if (matches(node.success, v)) return 1;
    if (node.failure && matches(node.failure, v)) return -1;
    return 0;
  }

  /** A die's face distribution mapped through its worth (face, or ±1/0 when counting). */
  private worthDist(node: DiceNode, faces: Float64Array, skip?: (v: number) => boolean): Dense {
    if (!node.success) {
      const p = new Float64Array(faces);
      if (skip) for (let v = 1; v <= faces.length; v++) if (skip(v)) p[v - 1] = 0;
      return { min: 1, p };
    }
    const p = new Float64Array(3); // worth −1, 0, +1
    for (let v = 1; v <= faces.length; v++) {
      if (skip?.(v)) continue;
      p[this.worth(node, v) + 1]! += faces[v - 1]!;
    }
    return { min: -1, p };
  }

  private dice(node: DiceNode): Dense {
    const faces = this.faces(node);
    if (node.keep) {
      if (node.explode) this.refuse("exact odds for keep/drop on exploding dice are not supported", node.pos);
      return this.keep(node, faces);
    }
    const one = node.explode ? this.chain(node, faces) : trim(this.worthDist(node, faces));
    return this.sumOf(one, node.count, node.pos);
  }

  /** One die and the dice it explodes into, up to `depth` extra dice. */
  private chain(node: DiceNode, faces: Float64Array): Dense {
    const explode = node.explode!;
    const still = this.worthDist(node, faces, (v) => matches(explode, v));
    const boom: Array<[number, number]> = [];
    let pExplode = 0;
    for (let v = 1; v <= faces.length; v++) {
      if (matches(explode, v) && faces[v - 1]! > 0) {
        boom.push([this.worth(node, v), faces[v - 1]!]);
        pExplode += faces[v - 1]!;
      }
    }
    // Depth 0: exploding faces count as they are.
    let cur = trim(this.worthDist(node, faces));
    for (let d = 1; d <= this.depth && boom.length > 0; d++) {
      let lo = still.min;
      let hi = still.min + still.p.length - 1;
      for (const [w] of boom) {
        lo = Math.min(lo, w + cur.min);
        hi = Math.max(hi, w + cur.min + cur.p.length - 1);
      }
      this.spend(boom.length * cur.p.length, node.pos);
      const out = this.alloc(hi - lo + 1, node.pos);
      for (let i = 0; i < still.p.length; i++) out[still.min + i - lo]! += still.p[i]!;
      for (const [w, pw] of boom) {
        const off = w + cur.min - lo;
        for (let i = 0; i < cur.p.length; i++) out[off + i]! += pw * cur.p[i]!;
      }
      cur = this.checked(trim({ min: lo, p: out }), node.pos);
    }
    if (pExplode > 0) {
      this.exploding = true;
      this.untruncated *= (1 - pExplode ** (this.depth + 1)) ** node.count;
    }
    return cur;
  }

  /** Sum of `n` independent copies of `one`. */
  private sumOf(one: Dense, n: number, pos: number): Dense {
    const width = one.p.length;
    if (n * (width - 1) + 1 > ODDS_LIMITS.maxSupport) {
      this.refuse(`too many possible results (over ${ODDS_LIMITS.maxSupport}) to list the exact odds`, pos);
    }
    if (n === 1) return one;
    if (one.p.every((q) => q === one.p[0])) return this.sumUniform(one, n, pos);
    let result: Dense | undefined;
    let base = one;
    for (let k = n; k > 0; k >>= 1) {
      if (k & 1) result = result ? this.add(result, base, pos) : base;
      if (k > 1) base = this.add(base, base, pos);
    }
    return result!;
  }

  /** n uniform dice: each step is a sliding-window sum, linear in the length. */
  private sumUniform(one: Dense, n: number, pos: number): Dense {
    const w = one.p.length;
    const q = one.p[0]!;
    let cur = new Float64Array(one.p);
    for (let k = 2; k <= n; k++) {
      this.spend(cur.length + w, pos);
      const out = new Float64Array(cur.length + w - 1);
      let window = 0;
      for (let i = 0; i < out.length; i++) {
        if (i < cur.length) window += cur[i]!;
        if (i - w >= 0) window -= cur[i - w]!;
        out[i] = window * q;
      }
      cur = out;
    }
    return { min: one.min * n, p: cur };
  }

  /**
   * Keep the k best of n dice: walk the faces from the kept end. row[j] is the
   * distribution of "kept worth so far" given j dice placed on the faces
   * walked; once j ≥ k the rest only need to land on faces not yet walked.
   */
  private keep(node: DiceNode, faces: Float64Array): Dense {
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
      const w = this.worth(node, v);
      wlo = Math.min(wlo, w);
      whi = Math.max(whi, w);
    }
    // Every row and the result cover sums k·wlo … k·whi.
    const base = k * wlo;
    const len = k * (whi - wlo) + 1;
    if (len > ODDS_LIMITS.maxSupport) {
      this.refuse(`too many possible results (over ${ODDS_LIMITS.maxSupport}) to list the exact odds`, node.pos);
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
      const w = this.worth(node, v);
      const next: Array<Float64Array | undefined> = [];
      for (let j = 0; j < k; j++) {
        const row = rows[j];
        if (!row) continue;
        const left = n - j;
        const need = k - j;
        this.spend((need + 1) * len, node.pos);
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
}

function negate(d: Dense): Dense {
  const p = new Float64Array(d.p).reverse();
  return { min: 0 - (d.min + d.p.length - 1), p };
}

/** Values with non-zero probability, ascending. */
function nonzero(d: Dense): number[] {
  const xs: number[] = [];
  for (let i = 0; i < d.p.length; i++) if (d.p[i]! > 0) xs.push(d.min + i);
  return xs;
}

/** Drops zero-probability values from both ends. */
function trim(d: Dense): Dense {
  let a = 0;
  let b = d.p.length - 1;
  while (a < b && d.p[a] === 0) a++;
  while (b > a && d.p[b] === 0) b--;
  if (a === 0 && b === d.p.length - 1) return d;
  return { min: d.min + a, p: d.p.slice(a, b + 1) };
}

/** Exact distribution of a single expression (no `;` lists or repeats). */
export function distribution(expr: string, options: OddsOptions = {}): Distribution {
  const explodeDepth = options.explodeDepth ?? 3;
  if (!Number.isInteger(explodeDepth) || explodeDepth < 0 || explodeDepth > ODDS_LIMITS.maxExplodeDepth) {
    throw new DiceError(`explodeDepth must be a whole number from 0 to ${ODDS_LIMITS.maxExplodeDepth}`);
  }
  const cmd = parseCommand(expr);
  if (cmd.parts.length !== 1 || cmd.parts[0]!.repeat !== 1) {
    throw diceError(expr, "odds work on a single roll, not ';' lists or repeats");
  }
  const odds = new Odds(expr, explodeDepth);
  const dense = odds.eval(cmd.parts[0]!.node);
  const outcomes: Array<[number, number]> = [];
  for (let i = 0; i < dense.p.length; i++) if (dense.p[i]! > 0) outcomes.push([dense.min + i, dense.p[i]!]);
  const truncatedMass = odds.exploding ? 1 - odds.untruncated : 0;
  const result: Distribution = {
    outcomes,
    map: new Map(outcomes),
    explodeDepth,
    truncated: odds.exploding,
    truncatedMass,
  };
  if (odds.exploding) {
    const dice = explodeDepth === 1 ? "die" : "dice";
    result.note = `explosions followed to ${explodeDepth} extra ${dice} per die; chance a chain was cut short: ${(truncatedMass * 100).toPrecision(3)}%`;
  }
  return result;
}

type DistLike = Distribution | Map<number, number>;
const entries = (d: DistLike): Iterable<[number, number]> => (d instanceof Map ? d : d.outcomes);

/** P(result ≥ value). */
export function chanceAtLeast(dist: DistLike, value: number): number {
  let p = 0;
  for (const [v, q] of entries(dist)) if (v >= value) p += q;
  return Math.min(1, p);
}

/** Expected value. */
export function mean(dist: DistLike): number {
  let m = 0;
  for (const [v, q] of entries(dist)) m += v * q;
  return m;
}
