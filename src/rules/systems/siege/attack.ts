/**
 * The attack state machine: melee, ranged, thrown, two weapons, grappling
 * (and breaking a hold), pummeling, overbearing, touch attacks and disarming;
 * the defender's Dodge (+2 AC, up to three attacks a round) and Evade (+4 AC
 * against one opponent), both declared before the round (see round.ts). No
 * attack waits for a reaction: Castles & Crusades has none, so each resolves at once.
 */
import { countAs, type DiceBag, type DiceRoll } from "../../dice/bag.js";
import type { AttackInput, AttackState, Combatant, Effect, RuleResult, SituationKey } from "../types.js";
import { attackMachine } from "../../attack/index.js";
import { clampAc, describeMods, sumMods, type AttackMode, type Mod, type StrayShot } from "./combat.js";
import { readState } from "./damage.js";
import { NOT_ABLE, plan, SPECIAL_ATTACKS, type Plan, type Special } from "./plan.js";
import { formatDice, ref, signed, type SiegeSheet } from "./sheet.js";
import { pct } from "../../numbers.js";
import type { Mark } from "../../marks.js";
import { dodged } from "./marks.js";

export { SPECIAL_ATTACKS };

/** The Situation keys siege reads. */
export const SITUATION_KEYS: SituationKey[] = [
  "mode",
  "range",
  "cover",
  "charge",
  "flank",
  "rear",
  "highGround",
  "twoWeapons",
  "mounted",
  "modifier",
  "concealment",
  "intoMelee",
  "distance",
  "subdue",
];

interface SwingData {
  label: string;
  d20: number;
  bonus: number;
  mods: Mod[];
  acMods: Mod[];
  damage: number | null;
  damageNotation: string | null;
  damageMods: Mod[];
  damageKind: "normal" | "subdual";
}

interface Data {
  special: Special;
  mode: AttackMode;
  swings: SwingData[];
  attackerAdds: Mark[];
  defenderAdds: Mark[];
  notes: string[];
  rules: string[];
  declared: Plan["declared"];
  stray?: StrayShot[];
  defenderCharging: boolean;
  rolls: DiceRoll[];
  attackerName: string;
  defenderName: string;
}

/** The defence bonus on swing `i` for the current declarations. */
function defenceBonus(data: Pick<Data, "declared">, i: number): Mod | null {
  const d = data.declared;
  if (d?.kind === "evade") return { label: "evading", value: 4, rule: ref("Evade") };
  if (d?.kind === "dodge" && d.count + i < 3)
    return { label: `dodging (attack ${d.count + i + 1} of 3)`, value: 2, rule: ref("Dodge") };
  return null;
}

/** " = sheet AC 11 + 2 dodging (attack 1 of 3)": the armour class from its parts, in reading order. */
function describeAc(acMods: Mod[], ac: number): string {
  const [first, ...rest] = acMods;
  const shown = rest.filter((m) => m.value !== 0);
  if (!first || !shown.length) return "";
  const head =
    first.label === "AC"
      ? `sheet AC ${first.value}`
      : first.label.includes(String(first.value))
        ? first.label
        : `${first.label} ${first.value}`;
  const tail = shown.map((m) => ` ${m.value >= 0 ? "+" : "−"} ${Math.abs(m.value)} ${m.label}`).join("");
  return ` = ${head}${tail}${ac !== sumMods(acMods) ? " (never below 1)" : ""}`;
}

interface Resolved {
  hits: boolean[];
  acs: number[];
  outcome: string;
  effects: Effect[];
  result: RuleResult;
}

const SUCCESS_WORD: Record<Special, string> = {
  weapon: "hit",
  grapple: "held",
  break: "broken free",
  pummel: "hit",
  overbear: "knocked down",
  touch: "touched",
  disarm: "disarmed",
};

/** What a special attack that lands does to both sides ("Grappling", "Overbearing", "Disarm", "Touch Attack"). */
function specialOutcome(data: Data, dEff: Effect, aEff: Effect): string[] {
  switch (data.special) {
    case "grapple":
      dEff.addConditions!.push("held", "prone");
      aEff.addConditions!.push("grappling");
      return [
        `${data.defenderName} is held: prone and defenceless, and can act only to break the hold with a grapple of their own.`,
      ];
    case "break":
      aEff.removeConditions!.push("held", "prone");
      dEff.removeConditions!.push("grappling");
      return [`${data.attackerName} breaks the hold.`];
    case "overbear":
      dEff.addConditions!.push("prone", "knocked down");
      return [`${data.defenderName} is knocked prone for the rest of the round.`];
    case "disarm":
      dEff.addConditions!.push("disarmed");
      return [
        `${data.defenderName} is disarmed: it fights without its weapon (fists, or another weapon it carries) until the referee ends the condition (/condition remove).`,
      ];
    case "touch":
      return [`${data.defenderName} is touched: the spell or effect takes hold.`];
    default:
      return [];
  }
}

function resolve(data: Data, attackerId: string, defenderId: string): Resolved {
  const hits: boolean[] = [];
  const acs: number[] = [];
  const lines: string[] = [];
  const rules = [...data.rules];
  const dEff: Effect = { targetId: defenderId, addConditions: [...data.defenderAdds], removeConditions: [] };
  const aEff: Effect = { targetId: attackerId, addConditions: [...data.attackerAdds], removeConditions: [] };
  const damageEffects: Effect[] = [];
  let totalDamage = 0;
  let coveredByDodge = 0;
  data.swings.forEach((s, i) => {
    const def = defenceBonus(data, i);
    if (def?.value === 2) coveredByDodge++;
    const acMods = def ? [...s.acMods, def] : s.acMods;
    const ac = clampAc(sumMods(acMods));
    const total = s.d20 + s.bonus;
    const hit = total >= ac;
    hits.push(hit);
    acs.push(ac);
    let line = `**${s.label}**: d20 ${s.d20} ${s.bonus >= 0 ? "+" : "−"} ${Math.abs(s.bonus)}${s.mods.some((m) => m.value) ? ` (${describeMods(s.mods)})` : ""} = **${total}** vs AC ${ac}${describeAc(acMods, ac)} → ${hit ? SUCCESS_WORD[data.special] : "miss"}`;
    if (hit && s.damage !== null) {
      const dmg = s.damage ?? 0;
      line += `, ${s.damageNotation} = ${dmg} ${s.damageKind === "subdual" ? "subdual " : ""}damage`;
      totalDamage += dmg;
      damageEffects.push({
        targetId: defenderId,
        damage: dmg,
        damageKind: s.damageKind,
        note: `${s.label}: ${dmg}${s.damageKind === "subdual" ? " subdual" : ""} damage`,
      });
    }
    lines.push(line + ".");
  });
  const anyHit = hits.some(Boolean);
  if (anyHit) {
    lines.push(...specialOutcome(data, dEff, aEff));
    if (data.defenderCharging) {
      dEff.addConditions!.push("charge negated");
      lines.push(
        `${data.defenderName} was hit while charging: the charge is negated (no extra damage), the −4 AC remains.`,
      );
      rules.push(ref("Charging"));
    }
  }
  // Defences declared before the round.
  if (data.declared?.kind === "dodge" && coveredByDodge > 0) {
    const c = data.declared.count;
    dEff.removeConditions!.push(...(c > 0 ? [dodged(c)] : []));
    dEff.addConditions!.push(dodged(c + coveredByDodge));
    lines.push(`${data.defenderName} is dodging (${c + coveredByDodge} of 3 attacks this round).`);
  } else if (data.declared?.kind === "dodge") {
    lines.push(`${data.defenderName} has already dodged three attacks this round: no bonus.`);
  }
  lines.push(...data.notes);
  if (!anyHit && data.stray?.length)
    lines.push(
      `The missile flies on and can hit anything in its path: roll to hit again at ${data.stray.map((x) => `${x.distanceFt} ft (${signed(x.modifier)})`).join(", ")} (Castles & Crusades · Ranged Combat).`,
    );
  const effects: Effect[] = [...damageEffects];
  for (const e of [dEff, aEff]) {
    const add = [...new Set(e.addConditions)];
    const rem = [...new Set(e.removeConditions)];
    if (add.length || rem.length) {
      const eff: Effect = { targetId: e.targetId };
      if (add.length) eff.addConditions = add;
      if (rem.length) eff.removeConditions = rem;
      effects.push(eff);
    }
  }
  const hitCount = hits.filter(Boolean).length;
  const outcome = anyHit ? SUCCESS_WORD[data.special] : "miss";
  const what = data.swings.length > 1 ? `${hitCount} of ${data.swings.length} hit` : outcome;
  const title = `${data.attackerName} → ${data.defenderName}: ${what}${totalDamage ? ` (${totalDamage} damage)` : ""}`;
  return { hits, acs, outcome, effects, result: { title, lines, rules: [...new Set(rules)], rolls: data.rolls } };
}

/** Every siege attack is final at its roll: nothing is ever open, and a press is refused in the book's terms. */
const machine = attackMachine<Data, SiegeSheet>({
  options: () => [],
  describe: (data, input) => {
    const r = resolve(data, input.attacker.id, input.defender.id);
    return { outcome: r.outcome, tone: r.hits.some(Boolean) ? "good" : "bad", result: r.result, effects: r.effects };
  },
  press: () => ({ phase: "done" }),
  refusal: () =>
    `That reaction is not open on this attack: Castles & Crusades has no reactions (Dodge and Evade are declared before the round). Nothing changed.`,
});

export function begin(input: AttackInput<SiegeSheet>, dice: DiceBag): AttackState {
  const p = plan(input);
  const mark = dice.log.length;
  const data: Data = {
    special: p.special,
    mode: p.mode,
    swings: [],
    attackerAdds: p.attackerAdds,
    defenderAdds: p.defenderAdds,
    notes: p.notes,
    rules: p.rules,
    declared: p.declared,
    stray: p.stray,
    defenderCharging: input.defender.state.conditions.includes("charging"),
    rolls: [],
    attackerName: input.attacker.name,
    defenderName: input.defender.name,
  };
  for (const s of p.swings) {
    const d20 = dice.roll(`attack: ${s.label}`, 1, 20, { modifier: s.bonus }).dice[0]!.value;
    data.swings.push({
      label: s.label,
      d20,
      bonus: s.bonus,
      mods: s.mods,
      acMods: s.acMods,
      damage: null,
      damageNotation: null,
      damageMods: s.damageMods,
      damageKind: s.damageKind,
    });
  }
  // Roll damage for what hits.
  const now = resolve({ ...data, rolls: [] }, input.attacker.id, input.defender.id);
  p.swings.forEach((s, i) => {
    if (!now.hits[i] || !s.damage) return;
    const sw = data.swings[i]!;
    const extra = sumMods(s.damageMods);
    const roll =
      s.damage.count > 0
        ? dice.roll(`damage: ${s.label}`, s.damage.count, s.damage.sides, { modifier: s.damage.modifier + extra })
        : null;
    const raw = roll ? roll.total : s.damage.modifier + extra;
    sw.damage = Math.max(1, raw);
    if (roll) countAs(roll, sw.damage, "at least 1");
    sw.damageNotation = `${formatDice(s.damage)}${s.damageMods.length ? ` (${describeMods(s.damageMods)})` : ""}${raw < 1 ? " (at least 1)" : ""}`;
  });
  data.rolls = dice.since(mark);
  // Nothing to react with: Dodge and Evade are declared before the round, so the attack is final at once.
  return machine.start(data, input, p.ignored, "done");
}

export const react = (
  state: AttackState,
  optionId: string,
  input: AttackInput<SiegeSheet>,
  dice: DiceBag,
): AttackState => machine.react(state, optionId, input, dice);

export const lapse = (state: AttackState, input: AttackInput<SiegeSheet>, _dice: DiceBag): AttackState =>
  machine.lapse(state, input);

/** Exact chance to hit each swing and its damage spread, before rolling. */
export function odds(input: AttackInput<SiegeSheet>): RuleResult {
  const p = plan(input);
  const lines: string[] = [];
  p.swings.forEach((s, i) => {
    const def = defenceBonus(p, i);
    const ac = clampAc(sumMods(s.acMods) + (def?.value ?? 0));
    const need = ac - s.bonus;
    const faces = Math.max(0, Math.min(20, 21 - need));
    let line = `**${s.label}**: d20 ${signed(s.bonus)} vs AC ${ac}: ${need > 20 ? `needs ${need}, more than a d20 can roll: no chance` : need <= 1 ? "hits on any roll" : `needs ${need} or more on the d20`} — ${pct(faces / 20, { digits: 0 })}`;
    if (s.damage) {
      const extra = s.damage.modifier + sumMods(s.damageMods);
      const dist = damageDistribution(s.damage.count, s.damage.sides, extra);
      const min = Math.min(...dist.keys());
      const max = Math.max(...dist.keys());
      let mean = 0;
      for (const [v, pr] of dist) mean += v * pr;
      line += `; damage ${formatDice(s.damage)}${extra - s.damage.modifier ? ` ${signed(extra - s.damage.modifier)}` : ""}: ${min}–${max}, average ${mean.toFixed(2)}${s.damageKind === "subdual" ? " subdual" : ""}`;
    }
    lines.push(line + ".");
  });
  lines.push(...p.notes);
  return {
    title: `Odds: ${input.attacker.name} → ${input.defender.name}`,
    lines,
    rules: [...new Set(p.rules)],
    rolls: [],
  };
}

/** Damage totals (at least 1) with their probabilities. */
export function damageDistribution(count: number, sides: number, modifier: number): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < count; i++) {
    const next = new Map<number, number>();
    for (const [v, pr] of dist) for (let f = 1; f <= sides; f++) next.set(v + f, (next.get(v + f) ?? 0) + pr / sides);
    dist = next;
  }
  const out = new Map<number, number>();
  for (const [v, pr] of dist) {
    const t = Math.max(1, v + modifier);
    out.set(t, (out.get(t) ?? 0) + pr);
  }
  return out;
}

/** Whether a combatant can be attacked / attack at all (for the play layer). */
export function canAttack(c: Combatant<SiegeSheet>): boolean {
  return !readState(c).conditions.some((x) => NOT_ABLE.includes(x));
}
