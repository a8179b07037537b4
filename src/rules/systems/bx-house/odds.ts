/** The house attack's odds (for /odds), read from the same plan the attack rolls from. */
import { damageSpread, hitDice, modText, pct, spreadText, sumMods, type BxSettings } from "../bx/index.js";
import type { AttackInput, RuleResult } from "../types.js";
import { isNormalType, type HouseSheet } from "./sheet.js";
import { attacksAgainstNormalMen, normalMenExpectation } from "./maneuvers.js";
import { planHouse } from "./plan.js";

type HIn = AttackInput<HouseSheet>;

/** Chance to hit and damage spread (advantage/disadvantage and the natural-20 damage reduction included). */
export function houseOdds(input: HIn, settings: BxSettings): RuleResult {
  const plan = planHouse(input, settings);
  const mod = sumMods(plan.toHit);
  const needed = plan.target - mod;
  const hitOn = (n: number) => (n === 20 ? plan.canHurt : n !== 1 && n + mod >= plan.target);
  let p1 = 0;
  for (let n = 1; n <= 20; n++) if (hitOn(n)) p1 += 1 / 20;
  // Only natural 20 hits when needed > 20; advantage: 1 − (1−p)²; disadvantage: p².
  const p = plan.advantage ? 1 - (1 - p1) ** 2 : plan.disadvantage ? p1 ** 2 : p1;
  const lines = [
    `Needs ${Math.max(2, needed)} on d20${mod ? ` (${modText(plan.toHit)})` : ""} against ${plan.targetText}${plan.acMods.length ? ` (${modText(plan.acMods)})` : ""}: ${pct(p)} to hit${plan.advantage ? " with advantage" : plan.disadvantage ? " with disadvantage" : ""}.`,
  ];
  if (needed > 20) lines.push(`Only a natural 20 hits, with ${needed - 20} off the damage.`);
  if (plan.canHurt) {
    const reduction = needed > 20 ? needed - 20 : 0;
    const dist = damageSpread(plan.damage, sumMods(plan.damageMods), (n) =>
      reduction ? Math.max(0, n * plan.multiplier - reduction) : Math.max(1, n * plan.multiplier),
    );
    lines.push(`Damage on a hit: ${spreadText(dist)}.`);
  } else lines.push(`${input.defender.name} cannot be hurt by this weapon.`);
  const n = attacksAgainstNormalMen(input.attacker);
  if (n > 1 && plan.mode === "melee" && isNormalType(input.defender.sheet) && plan.canHurt) {
    const avgDamage =
      (plan.damage.count * (plan.damage.sides + 1)) / 2 + plan.damage.modifier + sumMods(plan.damageMods);
    const avgHp = (hitDice(input.defender.sheet) || 1) * 3.5;
    const e = normalMenExpectation({
      attacks: n,
      needed: Math.max(2, needed),
      averageDamage: avgDamage * plan.multiplier,
      averageHp: avgHp,
    });
    lines.push(`Against Normal Men: ${n} melee attacks a round. ${e.lines[0]}`);
  }
  return { title: `Odds: ${input.attacker.name} → ${input.defender.name}`, lines, rules: plan.rules, rolls: [] };
}
