/**
 * The house attack (seed 001 "COMBAT", "MISC COMBAT RULES") on the one attack machine (src/rules/attack): begin rolls
 * it from its plan (plan.ts), every state is read again from the dice (resolve.ts). The defender may Parry (parry.ts:
 * +2 to AC, no attack of its own this round, a press that pays) when it is in melee and can face the blow.
 */
import type { DiceBag } from "../../dice/bag.js";
import {
  attackMachine,
  chosen,
  ignoredKeys,
  takeOption,
  type AttackMachine,
  type Phase,
  type Reading,
} from "../../attack/index.js";
import type { BxSettings } from "../bx/index.js";
import type { AttackInput, AttackState, ReactionOption } from "../types.js";
import { R_MISC } from "./bonuses.js";
import { has, levelOf, type HouseSheet } from "./sheet.js";
import { fumbleCheck } from "./maneuvers.js";
import { planHouse, type HousePlan } from "./plan.js";
import { resolveHouse, type HouseData } from "./resolve.js";
import { parryAllowed, parryCost, parryOption } from "./parry.js";
import { rollRiders } from "./riders.js";
import { attacking } from "../../marks.js";

type HIn = AttackInput<HouseSheet>;

/** The plan the dice are read against: parried or not, and the Florentine weapon that hit. */
const planOf = (input: HIn, settings: BxSettings, data: HouseData, parry = data.parried): HousePlan =>
  planHouse(input, settings, { parry, ...(data.pick ? { pick: data.pick } : {}) });

/** The attack as it reads: its effects are handed over once, by the state that leaves "reactions" (taken, parried or lapsed). */
function reading(input: HIn, settings: BxSettings, data: HouseData, phase: Phase): Reading {
  const res = resolveHouse(input, planOf(input, settings, data), data);
  // A death is told once: by the damage line when the attack stands; while it waits, what it would do.
  const lines =
    phase === "reactions" && res.outcome === "slain"
      ? [...res.lines, `If it stands, ${input.defender.name} drops to 0 HP: dead.`]
      : res.lines;
  return {
    outcome: res.outcome,
    tone: res.hit && res.outcome !== "no effect" ? "good" : "bad",
    effects: res.effects,
    result: {
      title: `${input.attacker.name} → ${input.defender.name}: ${res.outcome}`,
      lines,
      rules: res.rules,
      rolls: res.rolls,
    },
  };
}

/** Parry, when the defender may parry and it would change the outcome or the damage; then "Take it". */
function options(input: HIn, settings: BxSettings, data: HouseData): ReactionOption[] {
  const out: ReactionOption[] = [];
  const plan = planOf(input, settings, data);
  if (!data.parried && parryAllowed(input, plan)) {
    const res = resolveHouse(input, plan, data);
    const alt = resolveHouse(input, planOf(input, settings, data, true), { ...data, parried: true });
    if (alt.outcome !== res.outcome || alt.damage !== res.damage) out.push(parryOption(input));
  }
  out.push(takeOption(input.defender.id, R_MISC));
  return out;
}

const machineOf = (settings: BxSettings): AttackMachine<HouseData, HouseSheet> =>
  attackMachine<HouseData, HouseSheet>({
    options: (data, input) => options(input, settings, data),
    describe: (data, input, phase) => reading(input, settings, data, phase),
    press(data, option, _phase, input) {
      if (option.id !== "parry") return { phase: "done" };
      data.parried = true;
      return { phase: "done", pay: [parryCost(input)] };
    },
    lapse: () => ["No reaction: the attack stands."],
  });

function begin(
  input: HIn,
  settings: BxSettings,
  bag: DiceBag,
  machine: AttackMachine<HouseData, HouseSheet>,
): AttackState {
  const mark = bag.log.length;
  const plan = planHouse(input, settings);
  const twice = plan.advantage || plan.disadvantage;
  const r = bag.roll("attack", twice ? 2 : 1, 20, twice ? { keep: plan.advantage ? "highest" : "lowest" } : {});
  const naturals = r.dice.map((x) => x.value);
  const natural = r.dice.find((x) => !x.dropped)!.value;
  const data: HouseData = {
    naturals,
    natural,
    fumbleRoll: null,
    pick: null,
    damageDice: null,
    priorDice: 0,
    surprise: false,
    parried: false,
    rolls: [],
  };
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
    const dr = bag.roll(
      "damage",
      count,
      dmgPlan.damage.sides,
      dmgPlan.damage.modifier ? { modifier: dmgPlan.damage.modifier } : {},
    );
    data.damageDice = dr.dice.map((x) => x.value);
    const riders = rollRiders(input, bag);
    if (riders) data.riders = riders;
  }
  data.rolls = bag.since(mark);
  // The Florentine pick and a parry change neither the weapon's mode nor the keys the plan reads.
  const state = machine.start(data, input, ignoredKeys(input.situation, plan.used, chosen));
  // A melee attacker stands around its defender from the moment it attacks, while the attack waits for an answer too:
  // the next one counts it (seed 001, "MISC COMBAT RULES": "Up to 6 combatants … can surround").
  return plan.mode === "melee"
    ? { ...state, pay: [...state.pay, { targetId: input.attacker.id, addConditions: [attacking(input.defender.id)] }] }
    : state;
}

/** The house attack for a campaign's settings: begin rolls it, react and lapse are the machine's. */
export function houseAttack(settings: BxSettings): Pick<AttackMachine<HouseData, HouseSheet>, "react" | "lapse"> & {
  begin: (input: HIn, bag: DiceBag) => AttackState;
} {
  const machine = machineOf(settings);
  return { begin: (input, bag) => begin(input, settings, bag, machine), react: machine.react, lapse: machine.lapse };
}
