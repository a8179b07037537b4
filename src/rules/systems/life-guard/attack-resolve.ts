/**
 * One Life & Guard attack rolled and worked out (seed 004, "Attacks"): no to-hit roll; the damage die,
 * Armour soaks, Guard takes the rest, then Life. Used by the attack, group attacks, blasts and /odds.
 */
import { argOf, type Mark } from "../../marks.js";
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import { ignoredKeys } from "../../attack/index.js";
import { RuleError, type AttackInput, type Effect, type SituationKey, type Tone } from "../types.js";
import { formatDie, parseDie, rollDamage, type DieSpec, type Edge } from "./dice.js";
import { armourRoll, planDamage, type DamagePlan } from "./damage.js";
import { adjacentAllies, checkBattlefield, alliesAtRisk, friendlyFire, type AttackMode } from "./ranks.js";
import { R } from "./refs.js";
import { canFight, COND, findArmourEnchantment, readState, type LifeGuardSheet, type Weapon } from "./sheet.js";
import {
  dieOf,
  edgeOf,
  isWarband,
  magicOf,
  modeOf,
  setAgainstCharge,
  startAttack,
  type C,
  type Ctx,
} from "./attack-plan.js";

/** Everything one attack computed: JSON, kept in `state.data`. */
export interface AttackCalc {
  attackerId: string;
  defenderId: string;
  targetId: string;
  weapon: string;
  die: string;
  mode: AttackMode;
  edge: Edge;
  total: number;
  slain: boolean;
  armourPiercing: boolean;
  plan: DamagePlan;
  /** Enchanted armour's Armour for this hit, rolled with the attack (the effect carries it to applyDamage). */
  armour?: number;
  /** The amount to hand to applyDamage (the damage rolled; armour-piercing travels as the effect's Armour cap). */
  effectDamage: number;
  applyCondition?: Mark;
  enchantmentKey?: Mark;
  expended?: string;
  /** The attacker's weapons once the expended one is struck from the sheet. */
  weaponsLeft?: Weapon[];
  counter: { eligible: boolean; why: string };
  lines: string[];
  /** Armour, Guard, Life as they will be: shown only before the damage is applied. */
  preview: string[];
  rules: string[];
  ignored: SituationKey[];
  rolls: DiceRoll[];
}

/** The damage roll, and with two weapons both rolled, keeping the single highest. */
function rollAttack(c: Ctx, mode: AttackMode, die: DieSpec, why: string, edge: Edge) {
  const { input, weapon, sit } = c;
  let bonus = 0;
  if (mode === "reach" && input.defender.sheet.flying) {
    bonus = 2;
    c.rules.add(R.actions);
    c.lines.push("Reach attack against a flying foe: +2.");
  }
  const edgeDice =
    edge === "none"
      ? ""
      : die.count === 1
        ? `, ${edge}: 2d6 keep the ${edge === "impaired" ? "lower" : "higher"}${edge === "impaired" ? ` (at most ${die.sides})` : ""}`
        : `, ${edge}: rolled twice, keep the ${edge === "impaired" ? "lower" : "higher"}`;
  c.lines.unshift(`${input.attacker.name} attacks ${input.defender.name} with ${why}: ${formatDie(die)}${edgeDice}.`);
  const main = rollDamage(c.bag, `damage (${weapon.name})`, die, edge, bonus);
  if (main.capped)
    c.lines.push(
      `Impaired: the 2d6 kept ${main.capped.rolled}, more than a ${formatDie(die)} can roll: ${main.capped.max}.`,
    );
  if (sit.twoWeapons !== undefined) c.used.add("twoWeapons");
  if (!sit.twoWeapons) {
    c.lines.push(`Damage: ${main.total}.`);
    return { main, total: main.total, mainKept: true };
  }
  if (mode !== "melee") throw new RuleError("Two weapons at once is a melee attack: drop the two-weapons option.");
  if (c.tags.has("two-handed"))
    throw new RuleError(`${weapon.name} is two-handed: it cannot be paired with another weapon.`);
  const other = input.attacker.sheet.weapons.find(
    (w) => w !== weapon && w.name !== weapon.name && !w.tags.includes("two-handed") && !w.tags.includes("ranged"),
  );
  if (!other) throw new RuleError(`${input.attacker.name} has no second one-handed melee weapon on the sheet.`);
  const second = rollDamage(c.bag, `damage (${other.name})`, parseDie(other.die) ?? { count: 1, sides: 6 }, edge);
  const total = Math.max(main.total, second.total);
  c.lines.push(`Two weapons: ${weapon.name} ${main.total}, ${other.name} ${second.total}: keep ${total}.`);
  return { main, total, mainKept: main.total >= second.total };
}

/** seed 004, "Enchantment": a double six with an enchanted weapon slays outright. */
function doubleSix(c: Ctx, enchanted: boolean, kept: number[] | null): boolean {
  if (!enchanted || !kept || kept.length !== 2 || !kept.every((f) => f === 6)) return false;
  const d = c.input.defender;
  if (d.sheet.slayImmune) {
    c.lines.push(`6.6 with an enchanted weapon, but ${d.name} cannot be slain outright.`);
    return false;
  }
  c.lines.push(`6.6 with an enchanted weapon: ${d.name} is slain outright!`);
  return true;
}

/** seed 004, "Movement": a ranged attack into a melee risks hitting an ally. */
function targetOf(c: Ctx, mode: AttackMode, setVsCharge: boolean): C {
  const { attacker, defender, others } = c.input;
  if (mode !== "ranged" || setVsCharge) return defender;
  const risk = alliesAtRisk(attacker, defender, others);
  if (!risk.length) return defender;
  c.rules.add(R.movement);
  c.rules.add(R.choice("Ranged attacks risk hitting allies"));
  const ff = friendlyFire(risk, c.bag);
  if (!ff.hit) {
    c.lines.push(`Risk to allies: d6 = ${ff.roll}, the shot flies true.`);
    return defender;
  }
  c.lines.push(`Risk to allies: d6 = 1 — the shot hits ${ff.hit.name} instead!`);
  return ff.hit;
}

/** Through Armour into Guard and Life: the plan, and what it will do, shown while the attack waits. */
function damagePlan(c: Ctx, target: C, total: number, slain: boolean, given?: { armour: number; line: string }) {
  const tState = readState(target);
  const armourPiercing = c.tags.has("armour-piercing");
  // Enchanted armour (docs/rules/life-guard.md, "Enchanted armour"): its 2d6 is rolled with the blow, so what it soaks is known now.
  const warded = slain ? undefined : findArmourEnchantment(tState);
  // A group's attackers meet the one roll of the armour (resolveGroupAttack): it is said once, there.
  const rolled = warded ? (given ?? armourRoll(c.bag, warded.name, target.sheet.armour)) : undefined;
  if (rolled && !given) {
    c.rules.add(R.enchantment);
    c.lines.push(`${target.name}'s ${rolled.line[0]!.toLowerCase()}${rolled.line.slice(1)}.`);
  }
  const armour = rolled?.armour ?? target.sheet.armour;
  const plan = planDamage(tState, armour, total, {
    pc: target.kind === "pc",
    ...(armourPiercing ? { armourCap: 2 } : {}),
  });
  const effectDamage = total;
  const preview: string[] = [];
  if (slain) return { plan, effectDamage, armourPiercing, preview };
  const ap = armourPiercing && armour > 2 ? " (armour-piercing: at most 2)" : "";
  preview.push(`Armour ${armour} soaks ${plan.soaked}${ap}: ${plan.dealt} to ${target.name}.`);
  preview.push(
    `Guard ${plan.guardBefore} → ${plan.guardAfter}${plan.toLife > 0 ? `; ${plan.toLife} Critical Damage to Life ${tState.life} → ${plan.lifeAfter}` : ""}.`,
  );
  if (plan.scarRow !== undefined) {
    c.rules.add(R.scars);
    preview.push(`Guard exactly to 0: ${target.name} gains a Scar (row ${plan.scarRow}).`);
  }
  if (plan.toLife > 0) {
    c.rules.add(R.choice("Critical Damage"));
    if (plan.lifeAfter === 0)
      preview.push(isWarband(target) ? "The warband is destroyed." : `${target.name} falls: 0 Life.`);
    else
      preview.push(
        isWarband(target)
          ? "Critical Damage to a warband: Life save or routed (weakened on a save)."
          : `Critical Damage: ${target.name} must make a Life save or be out of action.`,
      );
  }
  return { plan, effectDamage, armourPiercing, preview, ...(rolled ? { armour: rolled.armour } : {}) };
}

/** seed 004, "Movement": the attacked unit counterattacks unless the attacker is next to an ally. */
function counterOf(
  c: Ctx,
  mode: AttackMode,
  setVsCharge: boolean,
  target: C,
  slain: boolean,
  plan: DamagePlan,
): { eligible: boolean; why: string } {
  const { attacker, defender, others } = c.input;
  const allies = adjacentAllies(
    attacker,
    others.filter((o) => o.id !== defender.id),
    defender.id,
  );
  if (c.sit.flank !== undefined) c.used.add("flank");
  if (target.id !== defender.id) return { eligible: false, why: "the shot hit an ally" };
  if (mode !== "melee" || setVsCharge) return { eligible: false, why: "not a melee attack" };
  if (c.sit.flank || c.sit.allyAdjacent || allies.length)
    return {
      eligible: false,
      why: `${attacker.name} is next to an ally${allies.length ? ` (${allies.map((a) => a.name).join(", ")})` : ""}`,
    };
  if (slain || !canFight(c.dState) || plan.lifeAfter === 0 || plan.scarRow === 11)
    return { eligible: false, why: `${defender.name} cannot fight back` };
  return { eligible: true, why: `${attacker.name} stands alone in melee` };
}

const OWN_KEYS = ["halfsword", "thrust", "cramped", "blast", "allyAdjacent"];

/** Roll one attack (no state machine): used by `begin`, group attacks and blasts. */
export function computeAttack(
  input: AttackInput<LifeGuardSheet>,
  bag: DiceBag,
  opts: { blastTarget?: boolean; armour?: { armour: number; line: string } } = {},
): AttackCalc {
  const mark = bag.log.length;
  const c = startAttack(input, bag, opts.blastTarget === true);
  checkBattlefield(input.attacker, input.defender);
  const mode = modeOf(c);
  const setVsCharge = setAgainstCharge(c, mode);
  const magic = magicOf(c);
  const warbandVsIndividual =
    isWarband(input.attacker) && !isWarband(input.defender) && !c.aState.conditions.includes(COND.weakened);
  const { die, why } = dieOf(c, mode, magic, warbandVsIndividual);
  const edge = edgeOf(c, warbandVsIndividual);
  const { main, total, mainKept } = rollAttack(c, mode, die, why, edge);
  let slain = doubleSix(c, magic.enchanted, mainKept ? main.kept : null);
  const target = targetOf(c, mode, setVsCharge);
  if (target.id !== input.defender.id) slain = false;
  const { plan, effectDamage, armourPiercing, preview, armour } = damagePlan(
    c,
    target,
    total,
    slain,
    target.id === input.defender.id ? opts.armour : undefined,
  );
  if (magic.applyCondition && !slain)
    c.lines.push(
      `The enchantment applies its condition: ${argOf(magic.applyCondition, "applied") ?? magic.applyCondition}.`,
    );
  if (magic.expended) c.lines.push(`${c.weapon.name} is expended.`);
  else if (magic.enchantmentKey) c.lines.push(`${c.weapon.name}'s Enchantment is spent.`);
  const counter = counterOf(c, mode, setVsCharge, target, slain, plan);
  // A key counts as given when it has any value (false too): the ones this system neither read nor owns are ignored.
  const ignored = ignoredKeys(c.sit, [...c.used, ...OWN_KEYS], (v) => v !== undefined);
  return {
    attackerId: input.attacker.id,
    defenderId: input.defender.id,
    targetId: target.id,
    weapon: c.weapon.name,
    die: formatDie(die),
    mode,
    edge,
    total,
    slain,
    armourPiercing,
    plan,
    effectDamage,
    ...(armour !== undefined ? { armour } : {}),
    ...(magic.applyCondition ? { applyCondition: magic.applyCondition } : {}),
    ...(magic.enchantmentKey ? { enchantmentKey: magic.enchantmentKey } : {}),
    ...(magic.expended
      ? { expended: magic.expended, weaponsLeft: withoutOne(input.attacker.sheet.weapons, c.weapon) }
      : {}),
    counter,
    lines: c.lines,
    preview,
    rules: [...c.rules],
    ignored,
    rolls: bag.since(mark),
  };
}

/** The weapons list with one of `used` taken out (seed 004, "Enchantment": torches "are expended upon use"). */
function withoutOne(weapons: Weapon[], used: Weapon): Weapon[] {
  const i = weapons.findIndex((w) => w === used || w.name === used.name);
  return i < 0 ? weapons : [...weapons.slice(0, i), ...weapons.slice(i + 1)];
}

/** The effects of a computed attack: damage (or slaying) on the target, conditions, spent enchantments. */
export function attackEffects(calc: AttackCalc): Effect[] {
  const effects: Effect[] = [];
  // The attack's own line says it ("slain outright!"): a death is told once.
  if (calc.slain) effects.push({ targetId: calc.targetId, addConditions: [COND.dead] });
  else {
    const e: Effect = {
      targetId: calc.targetId,
      damage: calc.effectDamage,
      damageKind: "normal",
      note: `${calc.weapon}: ${calc.total} damage`,
      ...(calc.armourPiercing ? { armourCap: 2 } : {}),
      ...(calc.armour !== undefined ? { armour: calc.armour } : {}),
    };
    if (calc.applyCondition) e.addConditions = [calc.applyCondition];
    effects.push(e);
  }
  if (calc.enchantmentKey)
    effects.push({
      targetId: calc.attackerId,
      removeConditions: [calc.enchantmentKey],
      note: `${calc.weapon}: Enchantment spent`,
    });
  if (calc.expended)
    effects.push({
      targetId: calc.attackerId,
      note: `${calc.expended} expended: struck from the sheet`,
      ...(calc.weaponsLeft ? { sheet: { weapons: calc.weaponsLeft } } : {}),
    });
  return effects;
}

export const outcomeOf = (calc: AttackCalc): string =>
  calc.targetId !== calc.defenderId
    ? "ally hit"
    : calc.slain
      ? "slain"
      : calc.plan.toLife > 0
        ? calc.plan.lifeAfter === 0
          ? "lethal"
          : "critical"
        : calc.plan.scarRow !== undefined
          ? "scar"
          : calc.plan.dealt === 0
            ? "soaked"
            : "hit";

/** For the attacker, as outcomeOf reads: a shot that hits an ally, or damage all soaked, goes badly; the rest lands. */
export const toneOf = (calc: AttackCalc): Tone =>
  calc.targetId !== calc.defenderId ||
  (!calc.slain && !(calc.plan.toLife > 0) && calc.plan.scarRow === undefined && calc.plan.dealt === 0)
    ? "bad"
    : "good";
