/**
 * /odds: Life & Guard has no to-hit roll (every attack lands), so the odds are
 * the exact spread of damage after Armour and of the outcomes. Computed by
 * running the real attack over every combination of die faces.
 */
import { DiceBag } from "../../dice/bag.js";
import type { RandomSource } from "../../dice/random.js";
import { RuleError, type AttackInput, type RuleResult, type Unsupported } from "../types.js";
import { computeAttack, outcomeOf } from "./attack.js";
import { R } from "./refs.js";
import { pct } from "../../numbers.js";
import type { LifeGuardSheet } from "./sheet.js";

const MAX_RUNS = 50_000;

export interface AttackOdds extends RuleResult {
  /** Damage after Armour (to Guard and Life) → probability. */
  dealt: Record<number, number>;
  /** Outcome ("hit", "scar", "critical", "slain"…) → probability. */
  outcomes: Record<string, number>;
}

export function attackOdds(input: AttackInput<LifeGuardSheet>): AttackOdds | Unsupported {
  const dealt: Record<number, number> = {};
  const outcomes: Record<string, number> = {};
  let prefix: number[] = [];
  let sides: number[] = [];
  let runs = 0;
  for (;;) {
    if (++runs > MAX_RUNS)
      return { unsupported: true, message: "Too many dice to list every outcome: use /roll to try it." };
    const faces = prefix;
    const seen: number[] = [];
    let i = 0;
    const source: RandomSource = {
      next: () => 0,
      die(n: number) {
        seen.push(n);
        return i < faces.length ? faces[i++]! : (i++, 1);
      },
    };
    let calc: ReturnType<typeof computeAttack>;
    try {
      calc = computeAttack(input, new DiceBag(source));
    } catch (e) {
      if (e instanceof RuleError) return { unsupported: true, message: e.message };
      throw e;
    }
    const used = seen.length;
    const full = [...faces.slice(0, used)];
    while (full.length < used) full.push(1);
    sides = seen;
    const p = sides.reduce((acc, n) => acc / n, 1);
    dealt[calc.plan.dealt] = (dealt[calc.plan.dealt] ?? 0) + p;
    const o = outcomeOf(calc);
    outcomes[o] = (outcomes[o] ?? 0) + p;
    // odometer: advance the last die that can still go up
    let k = used - 1;
    while (k >= 0 && full[k]! >= sides[k]!) k--;
    if (k < 0) break;
    prefix = [...full.slice(0, k), full[k]! + 1];
  }
  const keys = Object.keys(dealt)
    .map(Number)
    .sort((a, b) => a - b);
  const mean = keys.reduce((s, k) => s + k * dealt[k]!, 0);
  return {
    title: "Odds: every attack lands",
    lines: [
      "No to-hit roll in Life & Guard: the damage roll is the attack.",
      `Damage after Armour: ${keys.map((k) => `${k}: ${pct(dealt[k]!, { fixed: true })}`).join(", ")} (average ${mean.toFixed(2)}).`,
      `Outcomes: ${Object.entries(outcomes)
        .map(([k, v]) => `${k} ${pct(v, { fixed: true })}`)
        .join(", ")}.`,
    ],
    rules: [R.attacks],
    rolls: [],
    dealt,
    outcomes,
  };
}
export const odds = attackOdds;
