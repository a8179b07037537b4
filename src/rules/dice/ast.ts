/**
 * The parsed form of a dice command. Parsed trees are cached and shared, so
 * nothing downstream may mutate them.
 */

/** `>n` means "n or more", `<n` "n or less", `=n` exactly n. */
export interface Compare {
  readonly op: ">" | "<" | "=";
  readonly n: number;
}

export interface KeepDrop {
  /** kh keep highest, kl keep lowest, dh drop highest, dl drop lowest. */
  readonly mode: "kh" | "kl" | "dh" | "dl";
  readonly n: number;
}

export interface DiceNode {
  readonly kind: "dice";
  readonly count: number;
  readonly sides: number;
  /** Reroll: `r` rerolls while the face matches, `ro` at most once. */
  readonly reroll?: { readonly when: Compare; readonly once: boolean };
  /** Explode: roll one more die whenever a die matches. */
  readonly explode?: Compare;
  readonly keep?: KeepDrop;
  /** Success counting: the term is worth (successes − failures) among kept dice. */
  readonly success?: Compare;
  readonly failure?: Compare;
  /** Canonical notation of this term ("4d6kh3"). */
  readonly notation: string;
  /** Position of the term in the original input. */
  readonly pos: number;
  /** Where the notation sits in the part's canonical expression: [from, to). */
  readonly span: readonly [number, number];
}

export interface NumberNode {
  readonly kind: "num";
  readonly value: number;
}

export interface NegNode {
  readonly kind: "neg";
  readonly operand: ExprNode;
}

export interface ParenNode {
  readonly kind: "paren";
  readonly inner: ExprNode;
}

export interface BinaryNode {
  readonly kind: "bin";
  readonly op: "+" | "-" | "*" | "/";
  readonly left: ExprNode;
  readonly right: ExprNode;
  /** Position of the operator in the input (for "division by zero"). */
  readonly pos: number;
}

export type ExprNode = DiceNode | NumberNode | NegNode | ParenNode | BinaryNode;

/** One `;`-separated roll, before repeats are expanded. */
export interface ParsedPart {
  /** Canonical expression ("4d6kh3 + 5"), without the repeat prefix or label. */
  readonly expression: string;
  readonly label?: string;
  /** `6x 3d6` → 6; 1 when there is no repeat prefix. */
  readonly repeat: number;
  readonly node: ExprNode;
  /** Dice drawn before any explosion or reroll, for one repeat. */
  readonly baseDice: number;
  /** Position of the part in the input. */
  readonly pos: number;
}

export interface ParsedCommand {
  readonly input: string;
  readonly parts: readonly ParsedPart[];
}

/** Does `face` satisfy the comparison? */
export function matches(c: Compare, face: number): boolean {
  return c.op === ">" ? face >= c.n : c.op === "<" ? face <= c.n : face === c.n;
}

/** How many faces of a `sides`-sided die satisfy the comparison. */
export function facesMatching(c: Compare, sides: number): number {
  if (c.op === "=") return c.n >= 1 && c.n <= sides ? 1 : 0;
  if (c.op === ">") return Math.max(0, Math.min(sides, sides - c.n + 1));
  return Math.max(0, Math.min(sides, c.n));
}

export function compareText(c: Compare): string {
  return c.op === "=" ? `=${c.n}` : `${c.op}${c.n}`;
}
