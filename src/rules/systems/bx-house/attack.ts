/**
 * The house attack (seed 001 "COMBAT", "MISC COMBAT RULES") as a state machine: begin rolls it from its plan
 * (plan.ts), every state is resolved again from the dice (resolve.ts). The defender may Parry (parry.ts: +2 to AC,
 * no attack of its own this round) when it is in melee and can face the blow.
 */
import type { Mark } from "../../marks.js";
import type { DiceBag } from "../../dice/bag.js";
import { assertOpen, setKeys, takeOption, type BxSettings } from "../bx/index.js";
import { nothingNew, type AttackInput, type AttackState, type Combatant, type Effect, type ReactionOption } from "../types.js";
import { R_MISC } from "./bonuses.js";
import { levelOf, type HouseSheet } from "./sheet.js";
import { fumbleCheck } from "./maneuvers.js";
import { planHouse } from "./plan.js";
import { houseDataOf, resolveHouse, type HouseData } from "./resolve.js";
import { parryAllowed, parryCost, parryOption } from "./parry.js";
import { rollRiders } from "./riders.js";

type HIn = AttackInput<HouseSheet>;
type HC = Combatant<HouseSheet>;

const has = (c: HC, cond: Mark): boolean => c.state.conditions.includes(cond);

/** The attack as it stands; `pay` is the press's own cost, and a state that leaves "reactions" carries the attack's effects in `final`. */
function stateOf(input: HIn, settings: BxSettings, data: HouseData, phase: AttackState["phase"], pay: Effect[] = []): AttackState {
  const plan = planHouse(input, settings, { parry: data.parried, ...(data.pick ? { pick: data.pick } : {}) });
  const res = resolveHouse(input, plan, data);
  const options: ReactionOption[] = [];
  if (phase === "reactions") {
    if (!data.parried && parryAllowed(input, plan)) {
      const alt = resolveHouse(input, planHouse(input, settings, { parry: true, ...(data.pick ? { pick: data.pick } : {}) }), { ...data, parried: true });
      if (alt.outcome !== res.outcome || alt.damage !== res.damage) options.push(parryOption(input));
    }
    options.push(takeOption(input.defender.id, R_MISC));
  }
  return {
    phase,
    attackerId: input.attacker.id,
    defenderId: input.defender.id,
    outcome: res.outcome,
    tone: res.hit && res.outcome !== "no effect" ? "good" : "bad",
    data: { ...data },
    options,
    pay,
    final: phase === "reactions" ? [] : res.effects,
    followup: [],
    ignored: setKeys(input.situation).filter((k) => !plan.used.includes(k)),
    // A death is told once: by the damage line when the attack stands; while it waits, what it would do.
    result: { title: `${input.attacker.name} → ${input.defender.name}: ${res.outcome}`, lines: phase === "reactions" && res.outcome === "slain" ? [...res.lines, `If it stands, ${input.defender.name} drops to 0 HP: dead.`] : res.lines, rules: res.rules, rolls: data.rolls },
  };
}

export function houseBegin(input: HIn, settings: BxSettings, bag: DiceBag): AttackState {
  const mark = bag.log.length;
  const plan = planHouse(input, settings);
  const twice = plan.advantage || plan.disadvantage;
  const r = bag.roll("attack", twice ? 2 : 1, 20, twice ? { keep: plan.advantage ? "highest" : "lowest" } : {});
  const naturals = r.dice.map((x) => x.value);
  const natural = r.dice.find((x) => !x.dropped)!.value;
  const data: HouseData = { naturals, natural, fumbleRoll: null, pick: null, damageDice: null, priorDice: 0, surprise: false, parried: false, rolls: [] };
  if (natural === 1) data.fumbleRoll = fumbleCheck(levelOf(input.attacker.sheet), bag).roll;
  const probe = resolveHouse(input, plan, data);
  // A grapple that hits deals no weapon damage: it grapples (the contest is the rider's).
  if (probe.hit && has(input.attacker, "maneuver:grapple")) {
    const riders = rollRiders(input, bag);
    if (riders) data.riders = riders;
  } else if (probe.hit && plan.canHurt) {
    let dmgPlan = plan;
    if (plan.florentinePair) {
      data.pick = plan.florentinePair[bag.d("which weapon hit", 2) - 1]!;
      dmgPlan = planHouse(input, settings, { pick: data.pick });
    }
    const surprise = !!input.situation.rear || has(input.defender, "surprised");
    const count = dmgPlan.subdual && surprise ? dmgPlan.damage.count * 2 : dmgPlan.damage.count;
    data.surprise = !!dmgPlan.subdual && surprise;
    data.priorDice = typeof input.defender.state.emptyHandDice === "number" ? input.defender.state.emptyHandDice : 0;
    const dr = bag.roll("damage", count, dmgPlan.damage.sides, dmgPlan.damage.modifier ? { modifier: dmgPlan.damage.modifier } : {});
    data.damageDice = dr.dice.map((x) => x.value);
    const riders = rollRiders(input, bag);
    if (riders) data.riders = riders;
  }
  data.rolls = bag.since(mark);
  return stateOf(input, settings, data, "reactions");
}

export function houseReact(state: AttackState, optionId: string, input: HIn, settings: BxSettings): AttackState {
  assertOpen(state, optionId);
  const data = houseDataOf(state);
  if (optionId === "parry") return stateOf(input, settings, { ...data, parried: true }, "done", [parryCost(input)]);
  return stateOf(input, settings, data, "done");
}

export function houseLapse(state: AttackState, input: HIn, settings: BxSettings): AttackState {
  if (state.phase === "done") return nothingNew(state);
  const s = stateOf(input, settings, houseDataOf(state), "done");
  return { ...s, result: { ...s.result, lines: [...s.result.lines, "No reaction: the attack stands."] } };
}
