/**
 * seed 000, "Attack Rolls", "Reactions", "Two-Weapon Fighting and One Hand
 * Free", "Movement", "Using Non-Proficient Armor/Weapons".
 *
 * An attack runs on the shared attack machine: begin → phase "reactions" (Parry,
 * Get Down, Counterspell, Take it) → "followups" (Counter, or pass) → "done".
 * The plan is attack-plan.ts, what may be pressed attack-options.ts, how it
 * reads attack-describe.ts; this file rolls the dice and says what each press does.
 */
import type { DiceBag } from "../../dice/bag.js";
import { attackMachine, ignoredKeys, type Pressed } from "../../attack/index.js";
import { RuleError, type AttackInput, type AttackState, type Effect, type ReactionOption } from "../types.js";
import {
  alliesOf,
  baseLevel,
  halved,
  outcomeOf,
  type CounterData,
  type CounterspellData,
  type Proficiency,
  type TAInput,
  type ThirdAgeAttackData,
} from "./attack-data.js";
import { describe } from "./attack-describe.js";
import { followupOptions, reactionOptions, TAKE_COUNTER } from "./attack-options.js";
import { counterWeapon, planAttack, roundStep, SITUATIONS } from "./attack-plan.js";
import { parseDice, rollExpr } from "./dice.js";
import { attributeRoll } from "./roll.js";
import { attributeLabel, isDown, stateOf, type AttributeKey, type TAC, type ThirdAgeSheet } from "./sheet.js";

export { SITUATIONS, UNARMED, planAttack, planOfRound, type AttackPlan } from "./attack-plan.js";
export { halved, outcomeOf, type ThirdAgeAttackData } from "./attack-data.js";
export { TAKE_COUNTER } from "./attack-options.js";
export { chance2d10AtLeast, odds } from "./attack-odds.js";

const parryCost = (d: TAC): Effect => ({ targetId: d.id, staminaCost: 1, note: "Parry" });
const getDownCost = (allyId: string): Effect => ({
  targetId: allyId,
  staminaCost: 1,
  addConditions: ["prone"],
  note: "Get Down: takes the attack and falls prone",
});

function counterStep(c: CounterData, input: TAInput): Omit<Pressed, "phase"> {
  const followup: Effect[] =
    c.damage > 0
      ? [
          {
            targetId: input.attacker.id,
            damage: c.damage,
            damageKind: "normal",
            note: `Counter with ${c.weapon}: ${c.damage} damage`,
          },
        ]
      : [];
  return { pay: [{ targetId: input.defender.id, staminaCost: 1, note: "Counter" }], followup };
}

function rollCounter(d: ThirdAgeAttackData, input: TAInput, bag: DiceBag): CounterData {
  const def = input.defender;
  const w = counterWeapon(def, d.mode)!;
  const level = outcomeOf(d);
  const needs: string[] = [];
  if (!w.proficient) needs.push(`weapon ${w.name}`);
  if (!def.sheet.armourProficient) needs.push("armour");
  let proficiency: Proficiency | undefined;
  if (needs.length) {
    const attr: AttributeKey = w.kind === "melee" ? "body" : "dexterity";
    const r = attributeRoll(def.sheet, attr, bag, { label: `proficiency (${attributeLabel(attr)})` });
    proficiency = { attribute: attr, what: needs.join(" and "), roll: r.roll, level: r.level, line: r.line };
    if (r.level === "failure") return { weapon: w.name, proficiency, full: 0, damage: 0 };
  }
  const bodyAdded = w.kind === "melee" && d.mode === "melee";
  const roll = rollExpr(bag, "counter damage", parseDice(w.damage), bodyAdded ? def.sheet.body : 0);
  const full = Math.max(1, roll.total);
  return {
    weapon: w.name,
    ...(proficiency ? { proficiency } : {}),
    roll,
    full,
    damage: level === "partial" ? halved(full) : full,
  };
}

/** Counterspell: the reactor's Mind roll lowers the caster's level of success (success 2 levels, partial 1). */
function rollCounterspell(by: TAC, bag: DiceBag): CounterspellData {
  const r = attributeRoll(by.sheet, "mind", bag, { label: `counterspell (${by.name}, Mind)` });
  const steps = r.level === "success" ? 2 : r.level === "partial" ? 1 : 0;
  return { by: by.id, byName: by.name, roll: r.roll, level: r.level, steps, line: r.line };
}

/** A reaction pressed: what it changes in `d` and what it costs. */
function pressReaction(d: ThirdAgeAttackData, optionId: string, input: TAInput, bag: DiceBag): Pressed {
  if (optionId === "parry") {
    d.parried = true;
    return { phase: "reactions", pay: [parryCost(input.defender)] };
  }
  if (optionId.startsWith("getdown:")) {
    d.getDown = optionId.slice("getdown:".length);
    return { phase: "reactions", pay: [getDownCost(d.getDown)] };
  }
  if (optionId === "counterspell" || optionId.startsWith("counterspell:")) {
    const id = optionId === "counterspell" ? input.defender.id : optionId.slice("counterspell:".length);
    const by = id === input.defender.id ? input.defender : input.others.find((c) => c.id === id);
    if (!by) throw new RuleError("That counterspeller is no longer in the encounter.");
    d.counterspell = rollCounterspell(by, bag);
    return { phase: "reactions" };
  }
  if (optionId === "take") {
    d.final = "taken";
    return { phase: followupOptions(d, input).length ? "followups" : "done" };
  }
  if (optionId === TAKE_COUNTER) {
    d.final = "taken";
    d.counter = rollCounter(d, input, bag);
    return { ...counterStep(d.counter, input), phase: "done" };
  }
  return { phase: "reactions" };
}

function press(
  d: ThirdAgeAttackData,
  option: ReactionOption,
  phase: "reactions" | "followups",
  input: TAInput,
  bag: DiceBag,
): Pressed {
  const mark = bag.log.length;
  let next: Pressed = { phase: "done" };
  if (phase === "reactions") next = pressReaction(d, option.id, input, bag);
  else if (option.id === "counter") {
    d.counter = rollCounter(d, input, bag);
    next = { ...counterStep(d.counter, input), phase: "done" };
  }
  d.rolls = [...d.rolls, ...bag.since(mark)];
  return next;
}

const machine = attackMachine<ThirdAgeAttackData, ThirdAgeSheet>({
  options: (d, input, phase) => (phase === "reactions" ? reactionOptions(d, input) : followupOptions(d, input)),
  describe,
  press,
  // Nobody reacted in time: final as if "Take it" were pressed (from "followups": already final, the Counter skipped).
  lapse: (d) => {
    if (!d.final) d.final = "lapsed";
  },
  // The pressed option's id is the button's, not words a player reads: the refusal names what is open instead.
  refusal: (_optionId, state) =>
    state.phase === "done"
      ? "This attack is already over: nothing more can be pressed."
      : `That reaction is not open now (open: ${state.options.map((o) => o.label).join(", ") || "none"}): the attack has moved on.`,
});

/** Rolls the attack. `step` 2 is the second attack of two-weapon fighting (−4). */
export function beginAttack(input: TAInput, bag: DiceBag, step: 1 | 2 = 1): AttackState {
  const { attacker: att, defender: def } = input;
  if (isDown(att)) throw new RuleError(`${att.name} is down and cannot attack.`);
  if (stateOf(def).conditions.includes("dead"))
    throw new RuleError(`${def.name} is already dead: pick another target.`);
  if (att.id === def.id) throw new RuleError("A combatant cannot attack itself.");
  const { needs, ...plan } = planAttack(input, step);
  const mods = [...plan.mods];
  const mark = bag.log.length;
  const staminaAtStart = Object.fromEntries([def, ...alliesOf(input)].map((c) => [c.id, stateOf(c).stamina]));
  const d: ThirdAgeAttackData = { ...plan, mods, staminaAtStart, rolls: [] };
  const sheet = att.sheet;
  if (needs.length) {
    const profAttr: AttributeKey = plan.mode === "melee" ? "body" : plan.mode === "spell" ? "mind" : "dexterity";
    const r = attributeRoll(sheet, profAttr, bag, { label: `proficiency (${attributeLabel(profAttr)})` });
    d.proficiency = { attribute: profAttr, what: needs.join(" and "), roll: r.roll, level: r.level, line: r.line };
    if (r.level === "partial") mods.push({ label: "clumsy (not proficient)", value: -2 });
  }
  if (d.proficiency?.level !== "failure") {
    const total = mods.reduce((s, m) => s + m.value, 0);
    d.attack = bag.roll(step === 2 ? "attack (second weapon)" : "attack", 2, 10, { modifier: total });
    if (baseLevel(d).level !== "failure") {
      const bodyAdded = plan.mode === "melee";
      const roll = rollExpr(bag, "damage", parseDice(plan.weapon.damage), bodyAdded ? sheet.body : 0);
      d.damage = { roll, full: Math.max(1, roll.total), bodyAdded };
    }
  }
  d.rolls = bag.since(mark);
  return machine.start(d, input, ignoredKeys(input.situation, SITUATIONS));
}

export const react = (
  state: AttackState,
  optionId: string,
  input: AttackInput<ThirdAgeSheet>,
  bag: DiceBag,
): AttackState => machine.react(state, optionId, input, bag);

/** Nobody reacted in time: final as if "Take it" were pressed (from "followups": already final, the Counter skipped). */
export const lapse = (state: AttackState, input: AttackInput<ThirdAgeSheet>, _bag: DiceBag): AttackState =>
  machine.lapse(state, input);

/** The round's attacks (`input.attackIndex`): the off hand's second attack, or an ordinary one (attack-plan.ts, roundStep). */
export function attackOfRound(input: AttackInput<ThirdAgeSheet>, bag: DiceBag): AttackState {
  const r = roundStep(input);
  return beginAttack(r.input, bag, r.step);
}
