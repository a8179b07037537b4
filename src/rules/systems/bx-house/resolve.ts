/** The house attack worked out from its plan and the dice already rolled (seed 001 "MISC COMBAT RULES"): deterministic, run on every re-resolution. */
import { counting, plus, type DiceRoll } from "../../dice/bag.js";
import { formatDice, hpOf, modText, sumMods, weaponWords } from "../bx/index.js";
import type { AttackInput, Effect } from "../types.js";
import { unitSurvivors } from "./pursuit.js";
import { R_MASS, R_MISC } from "./bonuses.js";
import { levelOf, type HouseSheet } from "./sheet.js";
import type { HousePlan } from "./plan.js";

type HIn = AttackInput<HouseSheet>;

export interface HouseData {
  naturals: number[];
  natural: number;
  fumbleRoll: number | null;
  pick: string | null;
  damageDice: number[] | null;
  /** Empty-hand dice the defender had taken before this attack. */
  priorDice: number;
  surprise: boolean;
  parried: boolean;
  /** A maneuver or spell rolled on the hit (disarm, whip, dismount, grapple; a caster hit). */
  riders?: { lines: string[]; effects: Effect[]; rules: string[] };
  rolls: DiceRoll[];
  [key: string]: unknown;
}

export interface Resolution {
  outcome: string;
  hit: boolean;
  critical: boolean;
  fumble: boolean;
  damage: number | null;
  total: number;
  needed: number;
  effects: Effect[];
  lines: string[];
  rules: string[];
  /** The attack's dice as this reading counts them: the bonuses added to the d20 and the damage, and what the damage came to. */
  rolls: DiceRoll[];
}

/** Natural 1 (a miss, and a fumble when the d20 after is over the level) and natural 20 (a hit; a critical unless it needed 19+; −1 damage per point needed over 20). */
function naturals(
  input: HIn,
  plan: HousePlan,
  data: HouseData,
  needed: number,
  total: number,
  lines: string[],
  rules: string[],
): { hit: boolean; critical: boolean; fumble: boolean; reduction: number } {
  const att = input.attacker;
  const def = input.defender;
  const nat = data.natural;
  if (nat === 1) {
    rules.push(R_MISC);
    const lvl = levelOf(att.sheet);
    const fumble = data.fumbleRoll !== null && data.fumbleRoll > lvl;
    lines.push(
      `Natural 1: a miss. Fumble check d20 ${data.fumbleRoll} against level ${lvl}: ${fumble ? "higher, a critical fumble (roll on the referee's fumble table)" : "not higher, just a miss"}.`,
    );
    return { hit: false, critical: false, fumble, reduction: 0 };
  }
  if (nat !== 20) return { hit: total >= plan.target, critical: false, fumble: false, reduction: 0 };
  rules.push(R_MISC);
  if (!plan.canHurt) {
    lines.push(`Natural 20, but ${def.name} can only be hit by ${def.sheet.hitOnlyBy.join(" or ")} weapons: no hit.`);
    return { hit: false, critical: false, fumble: false, reduction: 0 };
  }
  if (needed > 20) {
    const reduction = needed - 20;
    lines.push(
      `Natural 20: a hit, though it needed ${needed}: ${reduction} point${reduction > 1 ? "s" : ""} off the damage.`,
    );
    return { hit: true, critical: false, fumble: false, reduction };
  }
  if (needed >= 19) {
    lines.push(`Natural 20: a hit (it needed ${needed}, so it is not a critical).`);
    return { hit: true, critical: false, fumble: false, reduction: 0 };
  }
  lines.push("Natural 20: a critical hit (apply the referee's critical effect; special attacks may trigger).");
  return { hit: true, critical: true, fumble: false, reduction: 0 };
}

/** Empty hands and subdual: each die temporary, 1 real point for every 2 dice (2 with STR 16–18), none with punches pulled; every die counts, even one that leaves 0 temporary. */
function subdualDamage(
  input: HIn,
  plan: HousePlan,
  data: HouseData,
  how: string,
  effects: Effect[],
  lines: string[],
): number {
  const sub = plan.subdual!;
  const def = input.defender;
  const k = sub.pulled ? 0 : sub.realPerPair;
  let real = 0;
  let temp = 0;
  data.damageDice!.forEach((v, i) => {
    // The real point(s) come out of the die that completes a pair, never more than it rolled (issue 30: a 1 is 1 real, 0 temporary).
    const r = (data.priorDice + i) % 2 === 1 ? Math.min(k, v) : 0;
    real += r;
    temp += Math.max(0, v - r);
    effects.push({ targetId: def.id, damage: Math.max(0, v - r), damageKind: "subdual", note: "empty-hand die" });
  });
  if (real) effects.push({ targetId: def.id, damage: real, damageKind: "normal" });
  lines.push(
    `Damage ${how}: ${temp} temporary${real ? ` and ${real} real` : ""}${sub.pulled ? " (punches pulled: all temporary)" : " (1 real point per 2 dice" + (k === 2 ? ", 2 with STR 16–18)" : ")")}.`,
  );
  if (data.surprise) lines.push("Surprise attack: double the dice of temporary damage.");
  return temp + real;
}

/** Work out the attack from a plan and dice already rolled (deterministic, used on every re-resolution). */
export function resolveHouse(input: HIn, plan: HousePlan, data: HouseData): Resolution {
  const att = input.attacker;
  const def = input.defender;
  const mod = sumMods(plan.toHit);
  const needed = plan.target - mod;
  const nat = data.natural;
  const total = nat + mod;
  const rules = [...plan.rules];
  const lines: string[] = [];
  const dieText =
    data.naturals.length > 1
      ? `d20 ${data.naturals.join(" / ")} (${plan.advantage ? "advantage" : "disadvantage"}) → ${nat}`
      : `d20 ${nat}`;
  lines.push(
    `${att.name} attacks ${def.name} with ${weaponWords(plan.weapon)} (${plan.mode}): ${dieText}${plan.toHit.length ? ` (${modText(plan.toHit)})` : ""} = ${total}; needs ${plan.target} (${plan.targetText}${plan.acMods.length ? `; ${modText(plan.acMods)}` : ""}).`,
  );
  lines.push(...plan.notes);
  const { hit, critical, fumble, reduction } = naturals(input, plan, data, needed, total, lines, rules);
  let outcome = hit ? (critical ? "critical hit" : "hit") : fumble ? "fumble" : "miss";
  let damage: number | null = null;
  let damageWhy = "";
  const effects: Effect[] = [];
  if (hit && !plan.canHurt) {
    outcome = "no effect";
    rules.push('seed 002, "Invulnerabilities"');
    lines.push(`${def.name} can only be hurt by ${def.sheet.hitOnlyBy.join(" or ")} weapons: no damage.`);
  } else if (hit && data.damageDice) {
    const rolled = data.damageDice.reduce((x, y) => x + y, 0) + plan.damage.modifier;
    const raw = (rolled + sumMods(plan.damageMods)) * plan.multiplier;
    damage = reduction ? Math.max(0, raw - reduction) : Math.max(1, raw);
    const floor = reduction ? (raw - reduction < 0 ? "at least 0" : "") : raw < 1 ? "at least 1" : "";
    damageWhy = [
      plan.multiplier > 1 ? `× ${plan.multiplier}` : "",
      reduction ? `− ${reduction} (needed more than 20)` : "",
      floor,
    ]
      .filter(Boolean)
      .join(", ");
    const how = `${formatDice({ ...plan.damage, count: data.damageDice.length })} [${data.damageDice.join(", ")}]${plan.damageMods.length ? ` (${modText(plan.damageMods)})` : ""}${plan.multiplier > 1 ? ` × ${plan.multiplier}` : ""}${reduction ? ` − ${reduction}` : ""}`;
    if (data.pick) lines.push(`Florentine: the ${data.pick} hit.`);
    if (plan.subdual) damage = subdualDamage(input, plan, data, how, effects, lines);
    else {
      lines.push(`Damage ${how}: ${damage}${reduction ? "" : " (at least 1 on a hit)"}.`);
      if (damage > 0) effects.push({ targetId: def.id, damage, damageKind: "normal" });
      if (def.sheet.men) {
        const { hp, max } = hpOf(def);
        lines.push(
          `${def.name}: ${Math.max(0, hp - damage)} of ${max} hit points left: ${unitSurvivors(max, hp - damage, def.sheet.men)} of ${def.sheet.men} men standing.`,
        );
        rules.push(R_MASS);
      }
      if (damage >= hpOf(def).hp) {
        outcome = "slain";
        rules.push('seed 002, "Death"');
      }
    }
  } else if (!hit && nat !== 1) lines.push("Miss.");
  effects.push(...plan.marks);
  if (hit && data.riders)
    lines.push(...data.riders.lines), effects.push(...data.riders.effects), rules.push(...data.riders.rules);
  if (data.parried) {
    lines.push(`${def.name} parries: +2 to AC against this attack, and no attack of its own this round.`);
  }
  // The dice lines show the numbers the lines above use: the d20 with its bonuses, the damage with its own and what it came to
  // (empty-hand dice are read die by die, as rolled).
  const rolls = data.rolls.map((r) => {
    if (r.label === "attack") return plus(r, mod);
    if (r.label === "damage" && damage !== null && !plan.subdual)
      return counting(plus(r, sumMods(plan.damageMods)), damage, damageWhy);
    return r;
  });
  return { outcome, hit, critical, fumble, damage, total, needed, effects, lines, rules: [...new Set(rules)], rolls };
}
