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
import { Budget, ODDS_LIMITS, negate, nonzero, point, trim, worth, worthDist, type Dense } from "./odds-dense.js";
import { keepBest } from "./odds-keep.js";

export { ODDS_LIMITS } from "./odds-dense.js";

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

class Odds extends Budget {
  /** Probability that no chain was truncated (product over exploding groups). */
  untruncated = 1;
  exploding = false;

  constructor(
    input: string,
    private readonly depth: number,
  ) {
    super(input);
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

  private dice(node: DiceNode): Dense {
    const faces = this.faces(node);
    if (node.keep) {
      if (node.explode) this.refuse("exact odds for keep/drop on exploding dice are not supported", node.pos);
      return keepBest(node, faces, this);
    }
    const one = node.explode ? this.chain(node, faces) : trim(worthDist(node, faces));
    return this.sumOf(one, node.count, node.pos);
  }

  /** One die and the dice it explodes into, up to `depth` extra dice. */
  private chain(node: DiceNode, faces: Float64Array): Dense {
    const explode = node.explode!;
    const still = worthDist(node, faces, (v) => matches(explode, v));
    const boom: Array<[number, number]> = [];
    let pExplode = 0;
    for (let v = 1; v <= faces.length; v++) {
      if (matches(explode, v) && faces[v - 1]! > 0) {
        boom.push([worth(node, v), faces[v - 1]!]);
        pExplode += faces[v - 1]!;
      }
    }
    // Depth 0: exploding faces count as they are.
    let cur = trim(worthDist(node, faces));
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
