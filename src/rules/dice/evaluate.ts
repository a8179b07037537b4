/**
 * Rolls a parsed command. Dice are drawn strictly left to right; within a
 * group, die by die; a reroll or explosion is drawn immediately after the die
 * it comes from (the same order DiceBag uses, so logs replay exactly).
 *
 * Per die: roll → reroll (while / once) → explode (the explosion die goes
 * through the same steps). Then keep/drop over the group's surviving dice, then
 * success counting over the kept dice.
 *
 * Division is integer division rounding toward zero (7/2 = 3, -7/2 = -3).
 *
 * Rerolls ("r") and explosions are bounded by the per-command dice budget
 * (LIMITS.maxDice, counted across `;` parts and repeats): going over it throws
 * a DiceError rather than silently stopping. A reroll or explosion condition
 * that covers every face is rejected by the parser.
 */
import type { Compare, DiceNode, ExprNode, ParsedCommand } from "./ast.js";
import { matches } from "./ast.js";
import { diceError } from "./errors.js";
import { LIMITS } from "./limits.js";
import { rollDie, type RandomSource } from "./random.js";
import type { DieRecord, GroupResult, PartResult, RollOutcome } from "./result.js";

class Roller {
  used = 0;
  dice: DieRecord[] = [];
  groups: GroupResult[] = [];

  constructor(
    private readonly source: RandomSource,
    private readonly input: string,
  ) {}

  private draw(sides: number, pos: number): number {
    if (++this.used > LIMITS.maxDice) {
      throw diceError(
        this.input,
        `explosions and rerolls needed more than ${LIMITS.maxDice} dice (the limit per command)`,
        pos,
      );
    }
    return rollDie(this.source, sides);
  }

  private safe(n: number, pos: number): number {
    if (!Number.isSafeInteger(n)) throw diceError(this.input, "a value got too large to compute exactly", pos);
    return n + 0; // normalise -0
  }

  eval(node: ExprNode): number {
    switch (node.kind) {
      case "num":
        return node.value;
      case "dice":
        return this.group(node);
      case "paren":
        return this.eval(node.inner);
      case "neg":
        return 0 - this.eval(node.operand);
      case "bin": {
        const a = this.eval(node.left);
        const b = this.eval(node.right);
        switch (node.op) {
          case "+":
            return this.safe(a + b, node.pos);
          case "-":
            return this.safe(a - b, node.pos);
          case "*":
            return this.safe(a * b, node.pos);
          case "/":
            if (b === 0) throw diceError(this.input, "division by zero", node.pos);
            return truncDiv(a, b);
        }
      }
    }
  }

  private group(node: DiceNode): number {
    const { sides, count, reroll, explode, keep, success } = node;
    const start = this.dice.length;
    // A pool with no reroll, explosion or keep, within the budget, draws straight from the source's floats (as rollDie does).
    const pool = !reroll && !explode && !keep && !this.source.die && this.used + count <= LIMITS.maxDice;
    const value = pool ? (success ? this.countedPool(node) : this.plainPool(node)) : this.dieByDie(node);
    this.groups.push({
      notation: node.notation,
      count,
      sides,
      start,
      end: this.dice.length,
      value,
      counting: success !== undefined,
      span: [node.span[0], node.span[1]],
    });
    return value;
  }

  /** Plain NdM: the sum of the faces. */
  private plainPool({ sides, count }: DiceNode): number {
    const { dice, source } = this;
    const start = dice.length;
    let value = 0;
    this.used += count;
    dice.length = start + count; // grown once, not die by die
    for (let i = 0; i < count; i++) {
      const v = 1 + Math.floor(source.next() * sides);
      dice[start + i] = { sides, value: v, kept: true };
      value += v;
    }
    return value;
  }

  /** A pool counted for successes (and failures): faces as ranges, one pass. */
  private countedPool({ sides, count, success, failure }: DiceNode): number {
    const { dice, source } = this;
    const start = dice.length;
    const [sLo, sHi] = range(success!);
    const [fLo, fHi] = failure ? range(failure) : [1, 0];
    let value = 0;
    this.used += count;
    dice.length = start + count;
    for (let i = 0; i < count; i++) {
      const v = 1 + Math.floor(source.next() * sides);
      // Each record built whole (a property added later would change its shape die by die).
      if (v >= sLo && v <= sHi) {
        dice[start + i] = { sides, value: v, kept: true, success: true };
        value++;
      } else if (v >= fLo && v <= fHi) {
        dice[start + i] = { sides, value: v, kept: true, failure: true };
        value--;
      } else dice[start + i] = { sides, value: v, kept: true };
    }
    return value;
  }

  /** Die by die: rerolls and explosions drawn right after their die, then keep/drop, then the count or the sum. */
  private dieByDie({ sides, count, reroll, explode, keep, success, failure, pos }: DiceNode): number {
    const dice = this.dice;
    const start = dice.length;
    for (let i = 0; i < count; i++) {
      for (;;) {
        let die: DieRecord = { sides, value: this.draw(sides, pos), kept: true };
        dice.push(die);
        if (reroll && matches(reroll.when, die.value)) {
          do {
            die.rerolled = true;
            die.kept = false;
            die = { sides, value: this.draw(sides, pos), kept: true };
            dice.push(die);
          } while (!reroll.once && matches(reroll.when, die.value));
        }
        if (explode && matches(explode, die.value)) {
          die.exploded = true;
          continue;
        }
        break;
      }
    }
    if (keep) applyKeep(dice, start, keep.mode, keep.n, sides);
    let value = 0;
    for (let i = start; i < dice.length; i++) {
      const d = dice[i]!;
      if (!d.kept) continue;
      if (!success) value += d.value;
      else if (matches(success, d.value)) {
        d.success = true;
        value++;
      } else if (failure && matches(failure, d.value)) {
        d.failure = true;
        value--;
      }
    }
    return value;
  }

  takePart(): { dice: DieRecord[]; groups: GroupResult[] } {
    const out = { dice: this.dice, groups: this.groups };
    this.dice = [];
    this.groups = [];
    return out;
  }
}

/** The faces a comparison matches, as an inclusive range (matches() in ast.ts). */
function range(c: Compare): [number, number] {
  return c.op === ">" ? [c.n, Infinity] : c.op === "<" ? [-Infinity, c.n] : [c.n, c.n];
}

/** Integer division rounding toward zero; exact for every safe integer. */
export function truncDiv(a: number, b: number): number {
  if (Math.abs(a) < 2 ** 52) return Math.trunc(a / b) + 0;
  return Number(BigInt(a) / BigInt(b)) + 0;
}

/** Marks dropped dice among the group's surviving dice (indexes start..end). */
function applyKeep(dice: DieRecord[], start: number, mode: "kh" | "kl" | "dh" | "dl", n: number, sides: number): void {
  if (sides <= 1024) {
    keepByCount(dice, start, mode, n, sides);
    return;
  }
  const pool: number[] = [];
  for (let i = start; i < dice.length; i++) if (dice[i]!.kept) pool.push(i);
  // Highest-first order for kh/dh, lowest-first for kl/dl; ties keep draw order.
  const high = mode === "kh" || mode === "dh";
  pool.sort((x, y) => (high ? dice[y]!.value - dice[x]!.value : dice[x]!.value - dice[y]!.value) || x - y);
  // kh/kl: everything after the first n is dropped. dh/dl: the first n are.
  const from = mode[0] === "k" ? n : 0;
  const to = mode[0] === "k" ? pool.length : Math.min(n, pool.length);
  for (let j = from; j < to; j++) drop(dice[pool[j]!]!);
}

function drop(d: DieRecord): void {
  d.kept = false;
  d.dropped = true;
}

/**
 * The same choice as sorting (highest-first for kh/dh, lowest-first for kl/dl, ties in draw
 * order, the first n of that order kept or dropped), without sorting: faces are counted, which
 * gives the face where the first n end and how many of that face are inside them.
 */
function keepByCount(
  dice: DieRecord[],
  start: number,
  mode: "kh" | "kl" | "dh" | "dl",
  n: number,
  sides: number,
): void {
  const count = new Uint32Array(sides + 2);
  let alive = 0;
  for (let i = start; i < dice.length; i++) {
    const d = dice[i]!;
    if (d.kept) {
      count[d.value]!++;
      alive++;
    }
  }
  const high = mode === "kh" || mode === "dh";
  const first = Math.min(n, alive);
  // Walk faces in the order's direction until the first `first` dice are covered.
  let cut = high ? sides + 1 : 0;
  let inside = 0;
  while (inside < first) {
    cut += high ? -1 : 1;
    inside += count[cut]!;
  }
  // Dice of face `cut` inside the first n, in draw order; beyond them, that face is outside.
  let atCut = first === 0 ? 0 : first - (inside - count[cut]!);
  const keepFirst = mode[0] === "k";
  for (let i = start; i < dice.length; i++) {
    const d = dice[i]!;
    if (!d.kept) continue;
    const v = d.value;
    let isFirst: boolean;
    if (first === 0) isFirst = false;
    else if (high ? v > cut : v < cut) isFirst = true;
    else if (v === cut) isFirst = atCut-- > 0;
    else isFirst = false;
    if (isFirst !== keepFirst) drop(d);
  }
}

export function rollCommand(cmd: ParsedCommand, source: RandomSource): RollOutcome {
  const roller = new Roller(source, cmd.input);
  const parts: PartResult[] = [];
  for (const p of cmd.parts) {
    for (let r = 1; r <= p.repeat; r++) {
      const total = roller.eval(p.node);
      const { dice, groups } = roller.takePart();
      const part: PartResult = { expression: p.expression, total, dice, groups };
      if (p.label !== undefined) part.label = p.label;
      if (p.repeat > 1) part.repeat = { index: r, of: p.repeat };
      parts.push(part);
    }
  }
  return { input: cmd.input, parts, diceRolled: roller.used };
}
