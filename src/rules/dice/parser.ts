/**
 * Hand-written recursive-descent parser for dice commands.
 *
 *   command := part (";" part)*
 *   part    := [INT "x"] expr ["[" label "]"]
 *   expr    := term (("+" | "-") term)*
 *   term    := unary (("*" | "/") unary)*
 *   unary   := ("-" | "+") unary | primary
 *   primary := INT | dice | "(" expr ")"
 *   dice    := [INT] "d" (INT | "%") modifier*
 *   modifier:= "r" ["o"] cmp | "!" [cmp] | ("kh"|"kl"|"k"|"dh"|"dl"|"d") [INT]
 *            | (">" | "<" | "=") INT ["f" cmp]
 *   cmp     := (">" | ">=" | "<" | "<=" | "=") INT | INT
 *
 * Case-insensitive; spaces are allowed between tokens but not inside a dice
 * term ("4d6kh3", not "4d6 kh3"). Positions in errors are 0-based indexes.
 */
import type { BinaryNode, Compare, DiceNode, ExprNode, KeepDrop, ParsedCommand, ParsedPart } from "./ast.js";
import { compareText, facesMatching } from "./ast.js";
import { diceError, DiceError } from "./errors.js";
import { LIMITS } from "./limits.js";

const CACHE_SIZE = 512;
const cache = new Map<string, ParsedCommand>();

/** Parse a command (cached by exact input string). Throws DiceError. */
export function parseCommand(input: string): ParsedCommand {
  const hit = cache.get(input);
  if (hit) return hit;
  const parsed = new Parser(input).command();
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(input, parsed);
  return parsed;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

interface Printed {
  text: string;
}

/** The operators of a sum and of a product, by character code ("+" 43, "-" 45, "*" 42, "/" 47). */
const ADDITIVE: Readonly<Record<number, BinaryNode["op"]>> = { 43: "+", 45: "-" };
const MULTIPLICATIVE: Readonly<Record<number, BinaryNode["op"]>> = { 42: "*", 47: "/" };

class Parser {
  private readonly s: string;
  private i = 0;
  private depth = 0;
  /** Dice drawn (before explosions/rerolls) by the part being parsed. */
  private partDice = 0;

  constructor(private readonly input: string) {
    // ASCII-only lowering keeps indexes aligned with the input (labels, positions).
    this.s = input.replace(/[A-Z]/g, (c) => c.toLowerCase());
  }

  private fail(message: string, pos: number = this.i): never {
    throw diceError(this.input, message, pos);
  }

  private peek(): number {
    return this.i < this.s.length ? this.s.charCodeAt(this.i) : -1;
  }

  private skipSpaces(): void {
    while (this.i < this.s.length && isSpace(this.s.charCodeAt(this.i))) this.i++;
  }

  private describe(pos: number): string {
    if (pos >= this.s.length) return "the end";
    return `'${this.input[pos]}'`;
  }

  command(): ParsedCommand {
    const { input } = this;
    if (input.length > LIMITS.maxInputLength) {
      throw new DiceError(
        `dice expression too long: ${input.length} characters (the limit is ${LIMITS.maxInputLength})`,
        LIMITS.maxInputLength,
      );
    }
    this.skipSpaces();
    if (this.i >= this.s.length) throw new DiceError('empty dice expression — try something like "1d20+5"', 0);
    const parts: ParsedPart[] = [];
    let dice = 0;
    for (;;) {
      const part = this.part();
      parts.push(part);
      dice += part.baseDice * part.repeat;
      if (dice > LIMITS.maxDice) {
        this.fail(`this rolls ${dice} dice; the limit is ${LIMITS.maxDice} per command`, part.pos);
      }
      this.skipSpaces();
      if (this.peek() === 59 /* ; */) {
        this.i++;
        this.skipSpaces();
        if (this.i >= this.s.length) this.fail("expected another roll after ';'");
        continue;
      }
      if (this.i < this.s.length) this.unexpected();
      break;
    }
    return { input, parts };
  }

  private unexpected(): never {
    const c = this.s[this.i]!;
    if (c === ".") this.fail("only whole numbers are allowed");
    if (c === ")") this.fail("unmatched ')'");
    if (c === "e" && this.i > 0 && isDigit(this.s.charCodeAt(this.i - 1))) {
      this.fail("exponent notation is not allowed; write whole numbers");
    }
    this.fail(`unexpected ${this.describe(this.i)}`);
  }

  private part(): ParsedPart {
    this.skipSpaces();
    const pos = this.i;
    const repeat = this.repeatPrefix();
    this.skipSpaces();
    this.partDice = 0;
    const raw = this.expr();
    this.skipSpaces();
    let label: string | undefined;
    if (this.peek() === 91 /* [ */) {
      const open = this.i;
      const close = this.s.indexOf("]", open + 1);
      if (close < 0) this.fail("the label is missing its closing ']'", open);
      label = this.input.slice(open + 1, close).trim() || undefined;
      this.i = close + 1;
      this.skipSpaces();
      const c = this.peek();
      if (c !== -1 && c !== 59) this.fail("a label must come at the end of the roll, like 1d20+5 [to hit]");
    }
    // Print the canonical expression and give every dice node its span in it.
    const out: Printed = { text: "" };
    const node = this.print(raw, out);
    const part: ParsedPart = { expression: out.text, repeat, node, baseDice: this.partDice, pos };
    if (label !== undefined) (part as { label?: string }).label = label;
    return part;
  }

  /** `6x` / `6x ` before an expression; 1 when absent. */
  private repeatPrefix(): number {
    const start = this.i;
    let j = start;
    while (j < this.s.length && isDigit(this.s.charCodeAt(j))) j++;
    if (j === start) return 1;
    let k = j;
    while (k < this.s.length && isSpace(this.s.charCodeAt(k))) k++;
    if (this.s[k] !== "x") return 1;
    const n = this.intAt(start, j);
    if (n < 1 || n > LIMITS.maxRepeats) this.fail(`repeat count must be 1 to ${LIMITS.maxRepeats}`, start);
    this.i = k + 1;
    return n;
  }

  private intAt(from: number, to: number): number {
    if (to - from > 16) this.fail("number too large", from);
    const n = Number(this.s.slice(from, to));
    if (!Number.isSafeInteger(n)) this.fail("number too large", from);
    return n;
  }

  /** Reads digits at the cursor; undefined when there are none. */
  private int(): number | undefined {
    const start = this.i;
    while (this.i < this.s.length && isDigit(this.s.charCodeAt(this.i))) this.i++;
    if (this.i === start) return undefined;
    return this.intAt(start, this.i);
  }

  private expr(): ExprNode {
    return this.joined(() => this.term(), ADDITIVE);
  }

  private term(): ExprNode {
    return this.joined(() => this.unary(), MULTIPLICATIVE);
  }

  /** Operands joined left to right by the operators `ops` names (by character code): a + b − c, or a * b / c. */
  private joined(operand: () => ExprNode, ops: Readonly<Record<number, BinaryNode["op"]>>): ExprNode {
    let left = operand();
    for (;;) {
      this.skipSpaces();
      const op = ops[this.peek()];
      if (!op) return left;
      const pos = this.i++;
      const right = operand();
      left = { kind: "bin", op, left, right, pos } satisfies BinaryNode;
    }
  }

  private unary(): ExprNode {
    this.skipSpaces();
    const c = this.peek();
    if (c === 45) {
      this.i++;
      return { kind: "neg", operand: this.unary() };
    }
    if (c === 43) {
      this.i++;
      return this.unary();
    }
    return this.primary();
  }

  private primary(): ExprNode {
    this.skipSpaces();
    const c = this.peek();
    const start = this.i;
    if (c === 40 /* ( */) {
      if (++this.depth > LIMITS.maxDepth) this.fail(`too many nested parentheses (at most ${LIMITS.maxDepth})`);
      this.i++;
      const inner = this.expr();
      this.skipSpaces();
      if (this.peek() !== 41) this.fail(`expected ')' to close the '(' at position ${start}`);
      this.i++;
      this.depth--;
      return { kind: "paren", inner };
    }
    if (isDigit(c)) {
      const n = this.int()!;
      if (this.peek() === 100 /* d */) return this.dice(n, start);
      if (this.peek() === 46 /* . */) this.fail("only whole numbers are allowed");
      return { kind: "num", value: n };
    }
    if (c === 100) return this.dice(1, start);
    if (c === -1) this.fail("expected a number, a die like d20, or '(' at the end");
    if (c === 41) this.fail("expected a number, a die like d20, or '(' before ')'");
    this.fail(`expected a number, a die like d20, or '(' but found ${this.describe(this.i)}`);
  }

  private dice(count: number, pos: number): ExprNode {
    this.i++; // 'd'
    const { sides, percent } = this.sides();
    if (count < 1) this.fail("roll at least 1 die", pos);
    if (count > LIMITS.maxDice) this.fail(`at most ${LIMITS.maxDice} dice can be rolled`, pos);

    let reroll: DiceNode["reroll"];
    let explode: Compare | undefined;
    let keep: KeepDrop | undefined;
    let success: Compare | undefined;
    let failure: Compare | undefined;
    for (;;) {
      const at = this.i;
      const c = this.peek();
      if (c === 114 /* r */) {
        if (reroll) this.fail("only one reroll per dice group");
        this.i++;
        const once = this.peek() === 111; /* o */
        if (once) this.i++;
        const when = this.compare(false);
        if (!when) this.fail("expected what to reroll, like r1 or r<3");
        if (facesMatching(when, sides) >= sides) this.fail(`every face of a d${sides} would be rerolled`, at);
        reroll = { when, once };
      } else if (c === 33 /* ! */) {
        if (explode) this.fail("compounding or repeated explosions ('!!') are not supported");
        this.i++;
        explode = this.compare(false) ?? { op: "=", n: sides };
        if (facesMatching(explode, sides) >= sides) {
          this.fail(`every face of a d${sides} explodes, so it would explode forever`, at);
        }
      } else if (c === 107 /* k */ || c === 100 /* d */) {
        if (keep) this.fail("only one keep/drop per dice group");
        keep = this.keepDrop(c, count);
      } else if (c === 62 || c === 60 || c === 61 /* > < = */) {
        if (success) this.fail("only one success target per dice group");
        success = this.compare(true)!;
      } else if (c === 102 /* f */) {
        if (!success) this.fail("failure counting (f) needs a success target first, like 5d6>4f1");
        if (failure) this.fail("only one failure target per dice group");
        this.i++;
        failure = this.compare(false);
        if (!failure) this.fail("expected a failure target, like f1 or f<2");
      } else break;
    }

    const notation = notationOf(`${count}d${percent ? "%" : sides}`, sides, {
      reroll,
      explode,
      keep,
      success,
      failure,
    });
    const node: Omit<DiceNode, "span"> = { kind: "dice", count, sides, notation, pos };
    const w = node as { -readonly [K in keyof DiceNode]?: DiceNode[K] };
    if (reroll) w.reroll = reroll;
    if (explode) w.explode = explode;
    if (keep) w.keep = keep;
    if (success) w.success = success;
    if (failure) w.failure = failure;
    this.partDice += count;
    return node as DiceNode;
  }

  /** The sides after 'd': a number in range, or '%' for d100. */
  private sides(): { sides: number; percent: boolean } {
    if (this.peek() === 37 /* % */) {
      this.i++;
      return { sides: 100, percent: true };
    }
    const sidesAt = this.i;
    const n = this.int();
    if (n === undefined) this.fail("expected the number of sides after 'd'");
    if (n < 1) this.fail("a die needs at least 1 side", sidesAt);
    if (n > LIMITS.maxSides) this.fail(`dice can have at most ${LIMITS.maxSides} sides`, sidesAt);
    return { sides: n, percent: false };
  }

  /** k, kh, kl, d, dh, dl and how many, at `c` (k or d), checked against the dice rolled. */
  private keepDrop(c: number, count: number): KeepDrop {
    this.i++;
    const c2 = this.peek();
    const mode: KeepDrop["mode"] = c === 107 ? (c2 === 108 ? "kl" : "kh") : c2 === 104 ? "dh" : "dl";
    if (c2 === 104 || c2 === 108) this.i++;
    const nAt = this.i;
    const n = this.int() ?? 1;
    const verb = mode[0] === "k" ? "keep" : "drop";
    if (n < 1) this.fail(`${verb} at least 1 die`, nAt);
    if (n > count) this.fail(`can't ${verb} ${n} of ${count} dice`, nAt);
    return { mode, n };
  }

  /**
   * A comparison: ">n" (n or more), ">=n", "<n" (n or less), "<=n", "=n", or a
   * bare "n" (exactly n) unless `needOp`. Undefined when there is none.
   */
  private compare(needOp: boolean): Compare | undefined {
    const c = this.peek();
    let op: Compare["op"] = "=";
    if (c === 62 || c === 60 || c === 61) {
      op = c === 62 ? ">" : c === 60 ? "<" : "=";
      this.i++;
      if (op !== "=" && this.peek() === 61) this.i++;
      const n = this.int();
      if (n === undefined) this.fail(`expected a number after '${op}'`);
      return { op, n };
    }
    if (needOp) return undefined;
    const n = this.int();
    return n === undefined ? undefined : { op, n };
  }

  /** Rebuilds the tree with canonical text, recording dice spans. */
  private print(node: ExprNode, out: Printed): ExprNode {
    switch (node.kind) {
      case "num":
        out.text += String(node.value);
        return node;
      case "neg": {
        out.text += "-";
        return { kind: "neg", operand: this.print(node.operand, out) };
      }
      case "paren": {
        out.text += "(";
        const inner = this.print(node.inner, out);
        out.text += ")";
        return { kind: "paren", inner };
      }
      case "bin": {
        const left = this.print(node.left, out);
        out.text += ` ${node.op} `;
        const right = this.print(node.right, out);
        return { ...node, left, right };
      }
      case "dice": {
        const from = out.text.length;
        out.text += node.notation;
        return { ...node, span: [from, out.text.length] };
      }
    }
  }
}

/** A dice group written back in its canonical form ("4d6kh3", "10d10>8f1"). */
function notationOf(
  base: string,
  sides: number,
  m: {
    reroll?: DiceNode["reroll"] | undefined;
    explode?: Compare | undefined;
    keep?: KeepDrop | undefined;
    success?: Compare | undefined;
    failure?: Compare | undefined;
  },
): string {
  let notation = base;
  if (m.reroll)
    notation +=
      (m.reroll.once ? "ro" : "r") + (m.reroll.when.op === "=" ? m.reroll.when.n : compareText(m.reroll.when));
  if (m.explode) notation += m.explode.op === "=" && m.explode.n === sides ? "!" : `!${compareText(m.explode)}`;
  if (m.keep) notation += `${m.keep.mode}${m.keep.n}`;
  if (m.success) notation += compareText(m.success);
  if (m.failure) notation += `f${m.failure.op === "=" ? m.failure.n : compareText(m.failure)}`;
  return notation;
}
