/** /odds for The Third Age: exact chances of each level of success and the damage spread, read from the plan the attack rolls from. */
import type { AttackInput, RuleResult } from "../types.js";
import { pct, sumMods } from "../../numbers.js";
import { halved } from "./attack-data.js";
import { planOfRound } from "./attack-plan.js";
import { parseDice, signed } from "./dice.js";
import { REF } from "./refs.js";
import type { ThirdAgeSheet } from "./sheet.js";

/** Chance that 2d10 + m reaches `target` (exact). */
export function chance2d10AtLeast(target: number, m: number): number {
  let n = 0;
  for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a + b + m >= target) n++;
  return n / 100;
}

function damageSpread(
  expr: string,
  extra: number,
): { min: number; max: number; avg: number; halfMin: number; halfMax: number; halfAvg: number } {
  const e = parseDice(expr);
  const dist = new Map<number, number>([[e.modifier + extra, 1]]);
  let cur = dist;
  for (let i = 0; i < e.count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of cur) for (let f = 1; f <= e.sides; f++) next.set(v + f, (next.get(v + f) ?? 0) + p / e.sides);
    cur = next;
  }
  let min = Infinity,
    max = -Infinity,
    avg = 0,
    halfMin = Infinity,
    halfMax = -Infinity,
    halfAvg = 0;
  for (const [v, p] of cur) {
    const full = Math.max(1, v);
    const half = halved(full);
    min = Math.min(min, full);
    max = Math.max(max, full);
    avg += p * full;
    halfMin = Math.min(halfMin, half);
    halfMax = Math.max(halfMax, half);
    halfAvg += p * half;
  }
  return { min, max, avg, halfMin, halfMax, halfAvg };
}

/** /odds: exact chances of success / partial / failure and the damage spread, before rolling. */
export function odds(input: AttackInput<ThirdAgeSheet>): RuleResult {
  const { attacker: att, defender: def } = input;
  const plan = planOfRound(input);
  const m = sumMods(plan.mods);
  const pS = chance2d10AtLeast(plan.successAC, m);
  const pP = chance2d10AtLeast(plan.partialAC, m) - pS;
  const pF = 1 - pS - pP;
  const dmg = damageSpread(plan.weapon.damage, plan.mode === "melee" ? att.sheet.body : 0);
  const lines = [
    `2d10 ${signed(m, "−")} against Success AC ${plan.successAC} / Partial AC ${plan.partialAC}.`,
    `Success ${pct(pS, { fixed: true })} · Partial ${pct(pP, { fixed: true })} · Failure ${pct(pF, { fixed: true })}.`,
    `Damage on a success: ${dmg.min}–${dmg.max} (average ${dmg.avg.toFixed(1)}); on a partial: ${dmg.halfMin}–${dmg.halfMax} (average ${dmg.halfAvg.toFixed(1)}).`,
  ];
  if (plan.needs.length) lines.push("Not proficient: an attribute roll comes first (not counted here).");
  lines.push("Before reactions: a Parry lowers the roll by 2.");
  return { title: `Odds: ${att.name} → ${def.name}`, lines, rules: [REF.attackRolls], rolls: [] };
}
