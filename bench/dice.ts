/**
 * Dice engine throughput vs @dice-roller/rpg-dice-roller.
 * Run: NODE_OPTIONS=--expose-gc npx tsx bench/dice.ts
 *
 * Both sides parse and roll the expression string every iteration, in the
 * same process, with the same seeded alea generator (seedrandom.alea): ours
 * as a RandomSource, theirs as a random-js style engine via `int32()`.
 * Their library has no repeat syntax, so `6x 3d6` is six `3d6` rolls there.
 */
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { DiceRoll, NumberGenerator } from "@dice-roller/rpg-dice-roller";
import seedrandom from "seedrandom";
import { roll } from "../src/rules/dice/index.js";

export interface DiceBenchRow {
  expression: string;
  ours: number;
  theirs: number;
  ratio: number;
}

export const BENCH_EXPRESSIONS = [
  "1d20+5",
  "4d6kh3",
  "10d6!",
  "2d20kl1+3",
  "6x 3d6",
  "100d6",
  "300d6",
  "100d6!",
  "60d10kh20",
  "200d6>4",
  "50d20dl10+5",
] as const;

let sink = 0;

function oursFn(expr: string): () => void {
  const prng = seedrandom.alea("bench-ours");
  const source = { next: () => prng() };
  return () => {
    sink += roll(expr, source).parts[0]!.total;
  };
}

function theirsFn(expr: string): () => void {
  const prng = seedrandom.alea("bench-theirs");
  const m = /^(\d+)x\s*(.+)$/i.exec(expr);
  const times = m ? Number(m[1]) : 1;
  const notation = m ? m[2]! : expr;
  // Their generator is a global; each expression is timed on its own, so set it once.
  NumberGenerator.generator.engine = { next: () => prng.int32() };
  return () => {
    for (let i = 0; i < times; i++) sink += new DiceRoll(notation).total;
  };
}

/** Ops per second of `fn`, timed over about `ms` milliseconds. */
function measure(fn: () => void, ms: number): number {
  let ops = 0;
  let batch = 16;
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(ms * 1e6));
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < batch; i++) fn();
    ops += batch;
    if (batch < 4096) batch *= 2;
    elapsed = process.hrtime.bigint() - start;
  }
  return ops / (Number(elapsed) / 1e9);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

export async function runDiceBench(
  options: {
    rounds?: number;
    roundMs?: number;
    warmupMs?: number;
    expressions?: readonly string[];
    print?: boolean;
  } = {},
): Promise<DiceBenchRow[]> {
  const { rounds = 5, roundMs = 150, warmupMs = 200, expressions = BENCH_EXPRESSIONS, print = false } = options;
  const rows: DiceBenchRow[] = [];
  // Global warm-up first, so the first expression is not timed against a cold library.
  for (const expression of expressions) {
    measure(oursFn(expression), warmupMs / 2);
    measure(theirsFn(expression), warmupMs / 2);
  }
  for (const expression of expressions) {
    const ours = oursFn(expression);
    const theirs = theirsFn(expression);
    measure(ours, warmupMs);
    measure(theirs, warmupMs);
    const o: number[] = [];
    const t: number[] = [];
    // With --expose-gc (npm run bench), each side starts after a collection: neither pays for the other's garbage.
    const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
    for (let r = 0; r < rounds; r++) {
      gc();
      o.push(measure(ours, roundMs));
      gc();
      t.push(measure(theirs, roundMs));
      await new Promise((res) => setImmediate(res));
    }
    const row = { expression, ours: median(o), theirs: median(t), ratio: median(o) / median(t) };
    rows.push(row);
  }
  if (print) {
    const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(12);
    console.log(`${"expression".padEnd(12)} ${"ours ops/s".padStart(12)} ${"theirs ops/s".padStart(12)}  ratio`);
    for (const r of rows) {
      console.log(`${r.expression.padEnd(12)} ${fmt(r.ours)} ${fmt(r.theirs)}  ${r.ratio.toFixed(1)}x`);
    }
    if (sink === 0.5) console.log(sink); // keep results observable
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runDiceBench({ print: true });
  // npm run bench runs this in a process of its own and reads the rows back from here.
  if (process.env.DICE_ROWS_FILE) writeFileSync(process.env.DICE_ROWS_FILE, JSON.stringify(rows));
}
