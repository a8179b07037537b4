/** Hit points, death, natural and magical healing (seed 002, "Damage, Healing, and Death", "Healing"). */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type Combatant, type DamageResult, type RuleResult } from "../types.js";
import { hpOf, type BxSheet, type BxState } from "./sheet.js";

const R_DEATH = 'seed 002, "Death"';

export function bxApplyDamage(
  c: Combatant<BxSheet>,
  amount: number,
  _bag: DiceBag,
  kind: "normal" | "subdual" = "normal",
): DamageResult {
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("Damage must be a whole number, 0 or more");
  const { hp, max } = hpOf(c);
  const conditions = [...c.state.conditions];
  const state: BxState = { ...c.state, conditions, hp, maxHp: max };
  if (conditions.includes("dead")) {
    return {
      state,
      result: { title: `${c.name} is already dead`, lines: ["Nothing more to do."], rules: [R_DEATH], rolls: [] },
    };
  }
  if (kind === "subdual") {
    // bx has no subdual damage (bx-house adds it): it counts as normal damage here.
  }
  // "Reduced to 0 hit points or less is killed": below 0 means nothing more, so HP stops at 0 (docs/rules/bx.md).
  state.hp = Math.max(0, hp - amount);
  const killed = hp - amount <= 0;
  if (killed) conditions.push("dead");
  const lines = [`${c.name} takes ${amount} damage: HP ${hp} → ${state.hp}${killed ? ", dead" : ""}.`];
  return {
    state,
    result: { title: killed ? `${c.name} is killed` : `${c.name} is hit`, lines, rules: [R_DEATH], rolls: [] },
  };
}

/** seed 002, "Healing": magical healing is instantaneous; it cannot raise hit points above the maximum or bring back the dead. */
export function bxApplyHealing(c: Combatant<BxSheet>, amount: number): DamageResult {
  if (!Number.isInteger(amount) || amount < 0) throw new RuleError("Healing must be a whole number, 0 or more");
  const { hp, max } = hpOf(c);
  if (c.state.conditions.includes("dead"))
    throw new RuleError(`${c.name} is dead: healing cannot help (a reduced-to-0 character is killed)`);
  const next = Math.min(max, hp + amount);
  const state: BxState = { ...c.state, conditions: [...c.state.conditions], hp: next, maxHp: max };
  return {
    state,
    result: {
      title: `${c.name} heals ${next - hp}`,
      lines: [`HP ${hp} → ${next} (maximum ${max}).`],
      rules: ['seed 002, "Healing"'],
      rolls: [],
    },
  };
}

/**
 * seed 002, "Healing" (Natural): 1d3 hit points for each full day of complete
 * rest; a day whose rest is interrupted heals nothing. `interrupted` lists the
 * day numbers (1-based) that were interrupted.
 */
export function naturalHealing(
  input: { days: number; interrupted?: number[] },
  bag: DiceBag,
): RuleResult & { healed: number } {
  if (!Number.isInteger(input.days) || input.days < 0 || input.days > 365)
    throw new RuleError("Days of rest must be a whole number from 0 to 365");
  const mark = bag.log.length;
  const skip = new Set(input.interrupted ?? []);
  let healed = 0;
  const lines: string[] = [];
  for (let day = 1; day <= input.days; day++) {
    if (skip.has(day)) {
      lines.push(`Day ${day}: rest interrupted, no healing.`);
      continue;
    }
    const v = bag.d(`natural healing, day ${day}`, 3);
    healed += v;
    lines.push(`Day ${day}: +${v}.`);
  }
  lines.push(`Total: ${healed} hit points.`);
  return { title: `Natural healing: ${healed}`, lines, rules: ['seed 002, "Healing"'], rolls: bag.since(mark), healed };
}

/** seed 002, "Healing" (Natural): full days of complete rest heal 1d3 each, up to the maximum; the dead do not heal. */
export function bxRestDays(c: Combatant<BxSheet>, days: number, bag: DiceBag): DamageResult {
  const { hp, max } = hpOf(c);
  const state: BxState = { ...c.state, conditions: [...c.state.conditions], hp, maxHp: max };
  if (c.state.conditions.includes("dead"))
    return {
      state,
      result: {
        title: `${c.name} is dead`,
        lines: [`${c.name} is dead: rest cannot heal.`],
        rules: [R_DEATH],
        rolls: [],
      },
    };
  const r = naturalHealing({ days }, bag);
  state.hp = Math.min(max, hp + r.healed);
  return {
    state,
    result: {
      ...r,
      title: `${c.name} heals ${state.hp - hp}`,
      lines: [
        `${c.name}: ${days} day${days === 1 ? "" : "s"} of complete rest, 1d3 a day: ${r.rolls.map((x) => x.total).join(" + ")} = ${r.healed}; HP ${hp} → ${state.hp} (maximum ${max}).`,
      ],
    },
  };
}
