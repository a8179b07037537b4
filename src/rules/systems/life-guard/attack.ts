/**
 * Attacks (seed 004, "Attacks"): there is no to-hit roll; the attacker rolls
 * damage, the target's Armour soaks, Guard takes the rest, then Life. The
 * attack runs on the shared attack machine: "reactions" (only "Take it": the
 * seed gives defenders no defence) → "followups" (the defender's Counterattack
 * (d3)) → "done". The plan is attack-plan.ts, the roll attack-resolve.ts,
 * several attackers and blasts attack-group.ts.
 */
import { argOf, attacking, hasFamily, inFamily, type Mark } from "../../marks.js";
import { struck } from "./marks.js";
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import { attackMachine, takeOption, type Phase, type Pressed, type Reading } from "../../attack/index.js";
import type { AttackInput, AttackState, Effect, ReactionOption, RuleResult } from "../types.js";
import { rollDamage } from "./dice.js";
import { areaOfEffectTargets } from "./ranks.js";
import { R } from "./refs.js";
import { waitingBehind } from "./round.js";
import { canFight, fieldOf, readState, type LifeGuardSheet } from "./sheet.js";
import { isWarband, resolveWeapon, type C, type LifeGuardSituation } from "./attack-plan.js";
import { attackEffects, computeAttack, outcomeOf, toneOf, type AttackCalc } from "./attack-resolve.js";
import { blastTargetCount, resolveBlast, resolveGroupAttack, type DeclaredAttack } from "./attack-group.js";

export { resolveWeapon, SITUATIONS, UNARMED, weaponForRank, type LifeGuardSituation } from "./attack-plan.js";
export { attackEffects, computeAttack, outcomeOf, type AttackCalc } from "./attack-resolve.js";
export {
  blastTargetCount,
  resolveBlast,
  resolveGroupAttack,
  type DeclaredAttack,
  type GroupAttackResult,
} from "./attack-group.js";

type LGInput = AttackInput<LifeGuardSheet>;

interface AttackData {
  calc: AttackCalc;
  /** A group attack or a blast: its own lines, effects and rolls replace the single attack's. */
  many?: { lines: string[]; effects: Effect[]; rolls: DiceRoll[]; rules: string[]; title: string };
  counter?: { roll: number; rolls: DiceRoll[]; impaired?: boolean };
  /** The defender could not counter after all (a failed Life save). */
  noCounter?: string;
  took?: boolean;
}

const COUNTER_RULE = R.movement;

/** Marks every attacker that struck: a round mark that ends its declared attack and counts as "beside" the foe. */
function struckMarks(attackerIds: string[], defenderId: string, extra: Mark[] = []): Effect[] {
  return attackerIds.map((id) => ({
    targetId: id,
    addConditions: [struck(defenderId)],
    removeConditions: [attacking(defenderId), ...extra],
  }));
}

/** Damage, conditions and marks of the attack (or of the group or blast that replaced it). */
function finalEffects(data: AttackData): Effect[] {
  const { calc } = data;
  return data.many
    ? [...data.many.effects]
    : [...attackEffects(calc), ...struckMarks([calc.attackerId], calc.defenderId, ["blasting"])];
}

function options(data: AttackData, _input: LGInput, phase: "reactions" | "followups"): ReactionOption[] {
  const { calc } = data;
  if (phase === "reactions") return [takeOption(calc.defenderId, R.attacks)];
  return [
    { id: "counter", label: "Counterattack (d3)", by: calc.defenderId, cost: "no cost", rule: COUNTER_RULE },
    { id: "pass", label: "No counterattack", by: calc.defenderId, cost: "no cost", rule: COUNTER_RULE },
  ];
}

function describe(data: AttackData, _input: LGInput, phase: Phase): Reading {
  const { calc } = data;
  const lines = data.many ? [...data.many.lines] : [...calc.lines, ...(phase === "reactions" ? calc.preview : [])];
  const rules = data.many ? [...data.many.rules] : [...calc.rules];
  let rolls = data.many ? [...data.many.rolls] : [...calc.rolls];
  if (phase === "followups") lines.push(`${calc.counter.why}: the defender may counterattack (d3).`);
  if (data.noCounter) lines.push(data.noCounter);
  if (data.counter) {
    lines.push(
      data.counter.impaired
        ? `Counterattack against a warband, impaired: 2d6 keep the lower, at most 3 = ${data.counter.roll} against the attacker.`
        : `Counterattack: d3 = ${data.counter.roll} against the attacker.`,
    );
    if (data.counter.impaired && !rules.includes(R.warbands)) rules.push(R.warbands);
    rolls = rolls.concat(data.counter.rolls);
    if (!rules.includes(COUNTER_RULE)) rules.push(COUNTER_RULE);
  }
  const outcome = outcomeOf(calc);
  const result: RuleResult = { title: data.many ? data.many.title : `Attack: ${outcome}`, lines, rules, rolls };
  return { outcome, tone: toneOf(calc), result, effects: finalEffects(data) };
}

/** "Take it" (then the counterattack, when the defender may make one), the counterattack, or no counterattack. */
function press(
  data: AttackData,
  option: ReactionOption,
  _phase: "reactions" | "followups",
  input: LGInput,
  bag: DiceBag,
): Pressed {
  if (option.id === "take") {
    data.took = true;
    return { phase: data.calc.counter.eligible ? "followups" : "done" };
  }
  if (option.id !== "counter") return { phase: "done" }; // "pass"
  // The damage is applied by now: a defender who failed the Life save (out of action) cannot strike back.
  const d = readState(input.defender);
  if (input.defender.id === data.calc.defenderId && !canFight(d)) {
    data.noCounter = `${input.defender.name} is ${d.conditions.find((c) => !canFight({ conditions: [c] })) ?? "down"}: no counterattack.`;
    return { phase: "done" };
  }
  const mark = bag.log.length;
  // seed 004, "Warbands": "Attacks against warbands by individuals are Impaired": a counterattack too.
  const impaired = isWarband(input.attacker) && !isWarband(input.defender);
  const roll = impaired
    ? rollDamage(bag, "counterattack", { count: 1, sides: 3 }, "impaired").total
    : bag.d("counterattack", 3);
  data.counter = { roll, rolls: bag.since(mark), ...(impaired ? { impaired } : {}) };
  return {
    phase: "done",
    followup: [
      { targetId: data.calc.attackerId, damage: roll, damageKind: "normal", note: `counterattack: ${roll} damage` },
    ],
  };
}

const machine = attackMachine<AttackData, LifeGuardSheet>({
  options,
  describe,
  press,
  /** From "reactions": final as if taken; from "followups": already final, the counterattack skipped. */
  lapse: (data) => {
    data.took = true;
  },
  refusal: (_optionId, state) =>
    `That reaction is not open on this attack any more${state.options.length ? ` (open: ${state.options.map((o) => o.label).join(", ")})` : ""}.`,
});
/** Allies who declared an attack on this defender and have not struck yet: they resolve together (seed 004, "Attacks"). */
export function declaredWith(input: AttackInput<LifeGuardSheet>): C[] {
  return input.others.filter(
    (o) =>
      o.side === input.attacker.side &&
      o.state.conditions.includes(attacking(input.defender.id)) &&
      !hasFamily(o.state.conditions, "struck") &&
      // Who cannot act this round (a failed roll against Guard, waiting behind the 3 v 3) adds nothing.
      !o.state.conditions.includes("cannot act") &&
      !waitingBehind(o, [input.attacker, ...input.others.filter((x) => x.id !== o.id)], input.round ?? 1) &&
      canFight(readState(o)),
  );
}

function beginGroup(input: AttackInput<LifeGuardSheet>, co: C[], bag: DiceBag): AttackData {
  const attacks: DeclaredAttack[] = [
    {
      attacker: input.attacker,
      ...(input.weapon ? { weapon: input.weapon } : {}),
      situation: input.situation as LifeGuardSituation,
    },
    ...co.map((c) => ({ attacker: c })),
  ];
  const others = input.others.filter((o) => !co.some((c) => c.id === o.id));
  const g = resolveGroupAttack({ defender: input.defender, others, attacks }, bag);
  const calc: AttackCalc = {
    ...g.kept,
    attackerId: input.attacker.id,
    counter: { eligible: false, why: "several attackers stand together" },
  };
  const ids = attacks.map((x) => x.attacker.id);
  return {
    calc,
    many: {
      title: g.title,
      lines: g.lines,
      effects: [...g.effects, ...struckMarks(ids, input.defender.id)],
      rolls: g.rolls,
      rules: g.rules,
    },
  };
}

function blastOf(input: AttackInput<LifeGuardSheet>): { count?: number } | undefined {
  const mark = input.attacker.state.conditions.find((c) => c === "blasting" || inFamily("blasting")(c));
  const sit = input.situation as LifeGuardSituation;
  const w = resolveWeapon(input.attacker, input.weapon);
  if (!mark && !sit.blast && !w.tags.includes("blast")) return undefined;
  const count = argOf(mark, "blasting");
  const n = count !== undefined ? Number(count) : undefined;
  return n ? { count: n } : {};
}

/**
 * A Blast (seed 004, "Actions and Modifiers"): the named foe and the others
 * around it, each rolled separately; a d6 gives the number of targets when none
 * was declared. A spell's blast is an Area of Effect: the entire battlefield ("Movement").
 */
function beginBlast(input: AttackInput<LifeGuardSheet>, blast: { count?: number }, bag: DiceBag): AttackData {
  const mark = bag.log.length;
  const lines: string[] = [];
  let targets: C[];
  if (input.situation.mode === "spell") {
    targets = [
      input.defender,
      ...areaOfEffectTargets(input.others, fieldOf(input.defender.state)).filter((o) => o.id !== input.defender.id),
    ];
    lines.push(`Area of effect: the entire battlefield (${targets.length}).`);
  } else {
    const count = blast.count ?? blastTargetCount(bag).count;
    const rank = readState(input.defender).rank;
    const near = input.others.filter((o) => o.side === input.defender.side && canFight(readState(o)));
    near.sort((x, y) => Number(readState(y).rank === rank) - Number(readState(x).rank === rank));
    targets = [input.defender, ...near].slice(0, count);
    lines.push(
      `The blast catches ${count} target${count === 1 ? "" : "s"}${targets.length < count ? ` (${targets.length} there)` : ""}.`,
    );
  }
  const others = input.others.filter((o) => !targets.some((t) => t.id === o.id));
  const b = resolveBlast(
    {
      attacker: input.attacker,
      targets,
      others,
      ...(input.weapon ? { weapon: input.weapon } : {}),
      situation: input.situation as LifeGuardSituation,
    },
    bag,
  );
  const calc: AttackCalc = { ...b.calcs[0]!, counter: { eligible: false, why: "a blast" } };
  return {
    calc,
    many: {
      title: b.title,
      lines: [...lines, ...b.lines],
      effects: [...b.effects, ...struckMarks([input.attacker.id], input.defender.id, ["blasting"])],
      rolls: bag.since(mark),
      rules: [...new Set([R.movement, ...b.rules])],
    },
  };
}

export const attack = {
  begin(input: LGInput, bag: DiceBag): AttackState {
    const blast = blastOf(input);
    const co = blast ? [] : declaredWith(input);
    const data = blast
      ? beginBlast(input, blast, bag)
      : co.length
        ? beginGroup(input, co, bag)
        : { calc: computeAttack(input, bag) };
    return machine.start(data, input, data.calc.ignored);
  },
  react: (state: AttackState, optionId: string, input: LGInput, bag: DiceBag): AttackState =>
    machine.react(state, optionId, input, bag),
  lapse: (state: AttackState, input: LGInput, _bag: DiceBag): AttackState => machine.lapse(state, input),
};
