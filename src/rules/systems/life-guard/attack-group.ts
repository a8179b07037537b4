/** Several attackers on one foe, and Blasts (seed 004, "Attacks", "Actions and Modifiers"). */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type Effect, type RuleResult } from "../types.js";
import { R } from "./refs.js";
import type { C, LifeGuardSituation } from "./attack-plan.js";
import { attackEffects, computeAttack, outcomeOf, type AttackCalc } from "./attack-resolve.js";
import { armourRoll } from "./damage.js";
import { findArmourEnchantment, readState } from "./sheet.js";

export interface DeclaredAttack {
  attacker: C;
  weapon?: string;
  situation?: LifeGuardSituation;
}

export interface GroupAttackResult extends RuleResult {
  /** Every attacker's damage, in the declared order. */
  totals: { attackerId: string; total: number }[];
  /** The attacker whose roll was kept (the first of equal highest). */
  keptAttackerId: string;
  kept: AttackCalc;
  effects: Effect[];
}

/**
 * Several attackers on one foe (seed 004, "Attacks"): all actions are declared
 * first, then every damage die is rolled and only the single highest result
 * is dealt. Enchantments used by any attacker are spent.
 */
export function resolveGroupAttack(
  input: { defender: C; others: C[]; attacks: DeclaredAttack[] },
  bag: DiceBag,
): GroupAttackResult {
  if (input.attacks.length === 0) throw new RuleError("Declare at least one attacker.");
  const ids = new Set<string>();
  for (const a of input.attacks) {
    if (ids.has(a.attacker.id)) throw new RuleError(`${a.attacker.name} is declared twice: one action per turn.`);
    ids.add(a.attacker.id);
  }
  const mark = bag.log.length;
  const left: string[] = [];
  const calcs: AttackCalc[] = [];
  // An enchanted armour is rolled once for the blow that lands (docs/rules/life-guard.md, "Enchanted armour").
  const warded = findArmourEnchantment(readState(input.defender));
  const armour = warded ? armourRoll(bag, warded.name, input.defender.sheet.armour) : undefined;
  input.attacks.forEach((a, i) => {
    // Each attacker's companions count as "next to an ally" among others.
    const others = [...input.others, ...input.attacks.map((x) => x.attacker)].filter((o) => o.id !== a.attacker.id);
    try {
      calcs.push(
        computeAttack(
          {
            attacker: a.attacker,
            defender: input.defender,
            others,
            ...(a.weapon ? { weapon: a.weapon } : {}),
            situation: a.situation ?? {},
          },
          bag,
          armour ? { armour } : {},
        ),
      );
    } catch (err) {
      // The one who strikes must be able to; a companion who cannot reach from where it stands drops out.
      if (i === 0 || !(err instanceof RuleError)) throw err;
      left.push(`${a.attacker.name} cannot join: ${err.message}`);
    }
  });
  let best = calcs[0]!;
  for (const c of calcs) if (c.total > best.total || (c.slain && !best.slain)) best = c;
  const effects = attackEffects(best);
  for (const c of calcs)
    if (c !== best) for (const e of attackEffects(c)) if (e.targetId === c.attackerId) effects.push(e);
  const lines = [
    ...left,
    `${calcs.length} attackers on ${input.defender.name}: ${calcs.map((c) => `${nameOf(input, c.attackerId)} ${c.total}`).join(", ")}.`,
    `Keep the single highest: ${best.total} (${nameOf(input, best.attackerId)}).`,
    ...(armour && !best.slain && best.targetId === input.defender.id
      ? [`${input.defender.name}'s ${armour.line[0]!.toLowerCase()}${armour.line.slice(1)}.`]
      : []),
    ...best.lines.filter((l) => l.includes("slain")),
  ];
  return {
    title: `Group attack: ${outcomeOf(best)}`,
    lines,
    rules: [...new Set([R.attacks, ...calcs.flatMap((c) => c.rules)])],
    rolls: bag.since(mark),
    totals: calcs.map((c) => ({ attackerId: c.attackerId, total: c.total })),
    keptAttackerId: best.attackerId,
    kept: best,
    effects,
  };
}
const nameOf = (input: { attacks: DeclaredAttack[] }, id: string) =>
  input.attacks.find((a) => a.attacker.id === id)?.attacker.name ?? id;

/** A d6 for the number of targets of a Blast when unsure (seed 004, "Actions and Modifiers"). */
export function blastTargetCount(bag: DiceBag): RuleResult & { count: number } {
  const mark = bag.log.length;
  const count = bag.d("blast: number of targets", 6);
  return {
    title: "Blast",
    lines: [`The blast catches ${count} target${count === 1 ? "" : "s"}.`],
    rules: [R.actions],
    rolls: bag.since(mark),
    count,
  };
}

/** A Blast: every target in the area, each rolled separately (never impaired against warbands). */
export function resolveBlast(
  input: { attacker: C; targets: C[]; others: C[]; weapon?: string; situation?: LifeGuardSituation },
  bag: DiceBag,
): RuleResult & { calcs: AttackCalc[]; effects: Effect[] } {
  const mark = bag.log.length;
  const calcs = input.targets.map((t) =>
    computeAttack(
      {
        attacker: input.attacker,
        defender: t,
        others: input.others,
        ...(input.weapon ? { weapon: input.weapon } : {}),
        situation: { ...(input.situation ?? {}), blast: true } as LifeGuardSituation,
      },
      bag,
      { blastTarget: true },
    ),
  );
  const effects: Effect[] = [];
  calcs.forEach((c, i) => {
    for (const e of attackEffects(c)) if (e.targetId !== c.attackerId || i === 0) effects.push(e);
  });
  return {
    title: "Blast",
    lines: calcs.map(
      (c) =>
        `${input.targets.find((t) => t.id === c.defenderId)?.name ?? c.defenderId}: ${c.total} damage, ${outcomeOf(c)}.`,
    ),
    rules: [R.actions],
    rolls: bag.since(mark),
    calcs,
    effects,
  };
}
