/**
 * Attacks (seed 004, "Attacks"): there is no to-hit roll; the attacker rolls
 * damage, the target's Armour soaks, Guard takes the rest, then Life. The
 * attack is a state machine: "reactions" (only "Take it": the seed gives
 * defenders no defence) → "followups" (the defender's Counterattack (d3)) →
 * "done".
 */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import {
  nothingNew,
  RuleError,
  type AttackInput,
  type AttackState,
  type Combatant,
  type Effect,
  type ReactionOption,
  type RuleResult,
  type Situation,
  type SituationKey,
  type Tone,
} from "../types.js";
import { formatDie, parseDie, rollDamage, stepDown, type DieSpec, type Edge } from "./dice.js";
import { planDamage, type DamagePlan } from "./damage.js";
import { adjacentAllies, alliesAtRisk, areaOfEffectTargets, checkRanks, friendlyFire, type AttackMode } from "./ranks.js";
import { R } from "./refs.js";
import { waitingBehind, words } from "./round.js";
import { conditionLabels } from "../../round/words.js";
import { canFight, COND, findEnchantment, readState, type LifeGuardSheet, type Weapon } from "./sheet.js";
import { attacking, oil, struck, type Mark } from "../../marks.js";

type C = Combatant<LifeGuardSheet>;

/** Situation keys beyond the shared `Situation` that Life & Guard reads (the play layer may pass them). */
export interface LifeGuardSituation extends Situation {
  /** Halfswording: a reach weapon shortened for tight spaces, one die size less. */
  halfsword?: boolean;
  /** Thrust: avoids the long-weapon penalty in cramped conditions. */
  thrust?: boolean;
  /** Cramped conditions (tunnels, doorways): long weapons are impaired unless thrusting. */
  cramped?: boolean;
  /** The attack is a Blast (also a weapon tag). */
  blast?: boolean;
  /** The attacker is next to an ally (no counterattack), as the referee sees it. */
  allyAdjacent?: boolean;
}

/** Situation keys of the shared `Situation` this system reads. */
export const SITUATIONS: SituationKey[] = [
  "mode",
  "cover",
  "charge",
  "flank",
  "highGround",
  "lowGround",
  "twoWeapons",
  "enchanted",
  "oiled",
  "impaired",
  "enhanced",
];

export const UNARMED: Weapon = { name: "Unarmed", die: "d4", tags: [] };

/** The weapon named (case-insensitive), a dice expression ("d8", "2d6"), the first on the sheet, or unarmed d4. */
export function resolveWeapon(attacker: C, name?: string): Weapon {
  const weapons = attacker.sheet.weapons;
  if (name !== undefined && name.trim() !== "") {
    const w = weapons.find((x) => x.name.toLowerCase() === name.trim().toLowerCase());
    if (w) return w;
    const d = parseDie(name);
    if (d) return { name: formatDie(d), die: formatDie(d), tags: [] };
    if (name.trim().toLowerCase() === "unarmed") return UNARMED;
    const list = weapons.map((x) => x.name).join(", ");
    throw new RuleError(`${attacker.name} has no weapon "${name}": use ${list ? `one of ${list}, ` : ""}"unarmed" or a die like d8.`);
  }
  return weaponForRank(attacker) ?? UNARMED;
}

/** The weapon a combatant uses from where it stands when none is named: one that works from its rank, else the first. */
export function weaponForRank(attacker: C): Weapon | undefined {
  const rank = readState(attacker).rank;
  const ws = attacker.sheet.weapons;
  const melee = (w: Weapon) => !w.tags.includes("ranged") && !w.tags.includes("reach");
  const pick =
    rank === "ranged"
      ? ws.find((w) => w.tags.includes("ranged")) ?? ws.find((w) => w.tags.includes("reach"))
      : rank === "reach"
        ? ws.find((w) => w.tags.includes("reach")) ?? ws.find((w) => w.tags.includes("ranged"))
        : ws.find(melee);
  return pick ?? ws[0];
}

/** Declared marks (seed 004, "Actions and Modifiers") read as situation keys; an explicit option still counts. */
function withDeclared(sit: LifeGuardSituation, conditions: string[]): LifeGuardSituation {
  const has = (c: string) => conditions.includes(c);
  return {
    ...sit,
    ...(has("halfswording") ? { halfsword: true } : {}),
    ...(has("thrusting") ? { thrust: true } : {}),
    ...(has("cramped") ? { cramped: true } : {}),
    ...(has("beside an ally") ? { allyAdjacent: true } : {}),
  };
}

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

const isWarband = (c: C) => c.sheet.warband;

/** What every step of one attack reads and adds to: the input, the dice, the lines and rules so far. */
interface Ctx {
  input: AttackInput<LifeGuardSheet>;
  bag: DiceBag;
  sit: LifeGuardSituation;
  used: Set<SituationKey>;
  lines: string[];
  rules: Set<string>;
  aState: ReturnType<typeof readState>;
  dState: ReturnType<typeof readState>;
  weapon: Weapon;
  tags: Set<string>;
  blast: boolean;
}

function startAttack(input: AttackInput<LifeGuardSheet>, bag: DiceBag, blastTarget: boolean): Ctx {
  const { attacker, defender } = input;
  const aState = readState(attacker);
  const dState = readState(defender);
  if (!canFight(aState)) throw new RuleError(`${attacker.name} cannot fight (${conditionLabels(words, aState.conditions).join(", ")}).`);
  if (dState.conditions.includes(COND.dead) || dState.conditions.includes(COND.destroyed))
    throw new RuleError(`${defender.name} is already beyond harm: pick another target.`);
  const sit = withDeclared(input.situation as LifeGuardSituation, attacker.state.conditions);
  const weapon = resolveWeapon(attacker, input.weapon);
  const tags = new Set(weapon.tags);
  const blast = tags.has("blast") || sit.blast === true || blastTarget;
  return { input, bag, sit, used: new Set(), lines: [], rules: new Set([R.attacks]), aState, dState, weapon, tags, blast };
}

/** seed 004, "Movement", "Actions and Modifiers": melee, reach, ranged, thrown or a spell. */
function modeOf(c: Ctx): AttackMode {
  const { sit, tags, weapon } = c;
  if (sit.mode !== undefined) c.used.add("mode");
  let mode: AttackMode;
  if (sit.mode === "spell") mode = "spell";
  else if (sit.mode === "thrown") mode = "thrown";
  else if (tags.has("ranged")) mode = "ranged";
  else if (tags.has("reach")) mode = sit.halfsword ? "melee" : "reach";
  else mode = "melee";
  if (sit.mode === "ranged" && mode !== "ranged")
    throw new RuleError(`${weapon.name} is not a ranged weapon: pick one tagged "ranged", or throw it (mode thrown) from the Reach rank.`);
  if (sit.mode === "melee" && mode === "ranged") throw new RuleError(`${weapon.name} is a ranged weapon: pick a melee weapon.`);
  if (sit.halfsword && !tags.has("reach")) throw new RuleError(`Only a long (reach) weapon can be halfsworded; ${weapon.name} is not one.`);
  return mode;
}

/** seed 004, "Actions and Modifiers", Charge: a weapon set (declared) against a foe that declared a charge skips the rank checks. */
function setAgainstCharge(c: Ctx, mode: AttackMode): boolean {
  const { aState, dState, tags } = c;
  const set = aState.conditions.includes("set weapon") && dState.conditions.includes("charging") && (tags.has("set") || tags.has("reach"));
  if (set) {
    c.used.add("charge");
    c.rules.add(R.actions);
    c.lines.push(`Set weapon against a charge: ${c.weapon.name} strikes the charging ${c.input.defender.name} in the shooting phase for normal damage.`);
  } else checkRanks(mode, aState.rank, dState.rank);
  if (aState.rank !== "melee" || dState.rank !== "melee") c.rules.add(R.movement);
  return set;
}

interface Magic {
  enchanted: boolean;
  applyCondition?: Mark;
  enchantmentKey?: Mark;
  expended?: string;
  oiled: boolean;
}

/** seed 004, "Enchantment", "Oils": what makes the weapon roll 2d6. */
function magicOf(c: Ctx): Magic {
  const { sit, aState, weapon, input } = c;
  if (sit.enchanted !== undefined) c.used.add("enchanted");
  const out: Magic = { enchanted: false, oiled: false };
  if (c.tags.has("expendable")) {
    Object.assign(out, { enchanted: true, expended: weapon.name, ...(weapon.enchantment ? { applyCondition: weapon.enchantment } : {}) });
    c.rules.add(R.enchantment);
  } else if (sit.enchanted !== false) {
    // An Enchantment applied to this weapon takes effect on its next blow without being asked for;
    // `enchanted: false` keeps it for a later one.
    const e = findEnchantment(aState, weapon.name);
    if (!e && sit.enchanted) throw new RuleError(`${input.attacker.name}'s ${weapon.name} carries no Enchantment now (single use, gone after a rest): attack without "enchanted".`);
    if (e) {
      Object.assign(out, { enchanted: true, enchantmentKey: e.key, ...(e.condition ? { applyCondition: e.condition } : {}) });
      c.rules.add(R.enchantment);
    }
  }
  // An oil applied to this weapon (a declaration) for this encounter, against its own monster type.
  const type = input.defender.sheet.type;
  out.oiled = type !== undefined && aState.conditions.includes(oil(weapon.name.toLowerCase(), type));
  if (sit.oiled !== undefined) c.used.add("oiled");
  if (sit.oiled && !out.oiled) {
    if (!type) throw new RuleError(`${input.defender.name} has no monster type: oils work only against their own type of monster.`);
    throw new RuleError(`${input.attacker.name}'s ${weapon.name} carries no oil against ${type}: apply one first (/declare oil ${type}); it lasts the encounter.`);
  }
  if (out.oiled) c.rules.add(R.oils);
  return out;
}

/** The die: the weapon's, 2d6 enchanted or oiled or a warband's, d3 thrown, a size less halfsworded. */
function dieOf(c: Ctx, mode: AttackMode, magic: Magic, warbandVsIndividual: boolean): { die: DieSpec; why: string } {
  const { weapon } = c;
  if (magic.enchanted || magic.oiled) {
    const why = magic.enchanted ? (magic.expended ? "burning/expendable: an enchanted weapon" : "enchanted") : `oiled against ${c.input.defender.sheet.type}`;
    return { die: { count: 2, sides: 6 }, why: `${weapon.name}, ${why}` };
  }
  if (mode === "thrown") return { die: { count: 1, sides: 3 }, why: `${weapon.name}, thrown` };
  if (warbandVsIndividual) {
    c.rules.add(R.warbands);
    return { die: { count: 2, sides: 6 }, why: "warband against an individual" };
  }
  const die = parseDie(weapon.die) ?? { count: 1, sides: 6 };
  if (!c.sit.halfsword) return { die, why: weapon.name };
  c.rules.add(R.actions);
  return { die: stepDown(die), why: `${weapon.name}, halfsworded (one die size less)` };
}

/** seed 004, "Actions and Modifiers": impaired and enhanced attacks (2d6 keep lower / higher); both cancel out. */
function edgeOf(c: Ctx, warbandVsIndividual: boolean): Edge {
  const { sit, input, tags } = c;
  for (const k of ["impaired", "enhanced", "highGround", "lowGround", "cover"] as const) if (sit[k] !== undefined) c.used.add(k);
  const impaired: string[] = [];
  const enhanced: string[] = [];
  if (sit.impaired) impaired.push("disadvantage");
  if (sit.lowGround) impaired.push("low ground");
  if (sit.cover !== undefined && sit.cover !== "none") impaired.push(`${sit.cover} cover`);
  if (isWarband(input.defender) && !isWarband(input.attacker)) {
    c.rules.add(R.warbands);
    if (c.blast) c.lines.push("Blast against a warband: not impaired.");
    else impaired.push("an individual against a warband");
  }
  if (sit.cramped && (tags.has("reach") || tags.has("two-handed")) && !sit.halfsword) {
    c.rules.add(R.actions);
    if (sit.thrust) c.lines.push("Thrust: no long-weapon penalty in cramped conditions.");
    else impaired.push("long weapon in cramped conditions");
  }
  if (sit.enhanced) enhanced.push("advantage");
  if (sit.highGround) enhanced.push("high ground");
  if (warbandVsIndividual) enhanced.push("a warband against an individual");
  if (impaired.length || enhanced.length) c.rules.add(R.actions);
  if (impaired.length && enhanced.length) c.lines.push(`Impaired (${impaired.join(", ")}) and enhanced (${enhanced.join(", ")}) cancel out.`);
  else if (impaired.length) return "impaired";
  else if (enhanced.length) return "enhanced";
  return "none";
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
  const edgeDice = edge === "none" ? "" : die.count === 1 ? `, ${edge}: 2d6 keep the ${edge === "impaired" ? "lower" : "higher"}${edge === "impaired" ? ` (at most ${die.sides})` : ""}` : `, ${edge}: rolled twice, keep the ${edge === "impaired" ? "lower" : "higher"}`;
  c.lines.unshift(`${input.attacker.name} attacks ${input.defender.name} with ${why}: ${formatDie(die)}${edgeDice}.`);
  const main = rollDamage(c.bag, `damage (${weapon.name})`, die, edge, bonus);
  if (main.capped) c.lines.push(`Impaired: the 2d6 kept ${main.capped.rolled}, more than a ${formatDie(die)} can roll: ${main.capped.max}.`);
  if (sit.twoWeapons !== undefined) c.used.add("twoWeapons");
  if (!sit.twoWeapons) {
    c.lines.push(`Damage: ${main.total}.`);
    return { main, total: main.total, mainKept: true };
  }
  if (mode !== "melee") throw new RuleError("Two weapons at once is a melee attack: drop the two-weapons option.");
  if (c.tags.has("two-handed")) throw new RuleError(`${weapon.name} is two-handed: it cannot be paired with another weapon.`);
  const other = input.attacker.sheet.weapons.find((w) => w !== weapon && w.name !== weapon.name && !w.tags.includes("two-handed") && !w.tags.includes("ranged"));
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
function damagePlan(c: Ctx, target: C, total: number, slain: boolean) {
  const tState = readState(target);
  const armourPiercing = c.tags.has("armour-piercing");
  const plan = planDamage(tState, target.sheet.armour, total, { pc: target.kind === "pc", ...(armourPiercing ? { armourCap: 2 } : {}) });
  const effectDamage = total;
  const preview: string[] = [];
  if (slain) return { plan, effectDamage, armourPiercing, preview };
  const ap = armourPiercing && target.sheet.armour > 2 ? " (armour-piercing: at most 2)" : "";
  preview.push(`Armour ${target.sheet.armour} soaks ${plan.soaked}${ap}: ${plan.dealt} to ${target.name}.`);
  preview.push(`Guard ${plan.guardBefore} → ${plan.guardAfter}${plan.toLife > 0 ? `; ${plan.toLife} Critical Damage to Life ${tState.life} → ${plan.lifeAfter}` : ""}.`);
  if (plan.scarRow !== undefined) {
    c.rules.add(R.scars);
    preview.push(`Guard exactly to 0: ${target.name} gains a Scar (row ${plan.scarRow}).`);
  }
  if (plan.toLife > 0) {
    c.rules.add(R.choice("Critical Damage"));
    if (plan.lifeAfter === 0) preview.push(isWarband(target) ? "The warband is destroyed." : `${target.name} falls: 0 Life.`);
    else preview.push(isWarband(target) ? "Critical Damage to a warband: Life save or routed (weakened on a save)." : `Critical Damage: ${target.name} must make a Life save or be out of action.`);
  }
  return { plan, effectDamage, armourPiercing, preview };
}

/** seed 004, "Movement": the attacked unit counterattacks unless the attacker is next to an ally. */
function counterOf(c: Ctx, mode: AttackMode, setVsCharge: boolean, target: C, slain: boolean, plan: DamagePlan): { eligible: boolean; why: string } {
  const { attacker, defender, others } = c.input;
  const allies = adjacentAllies(attacker, others.filter((o) => o.id !== defender.id), defender.id);
  if (c.sit.flank !== undefined) c.used.add("flank");
  if (target.id !== defender.id) return { eligible: false, why: "the shot hit an ally" };
  if (mode !== "melee" || setVsCharge) return { eligible: false, why: "not a melee attack" };
  if (c.sit.flank || c.sit.allyAdjacent || allies.length)
    return { eligible: false, why: `${attacker.name} is next to an ally${allies.length ? ` (${allies.map((a) => a.name).join(", ")})` : ""}` };
  if (slain || !canFight(c.dState) || plan.lifeAfter === 0 || plan.scarRow === 11) return { eligible: false, why: `${defender.name} cannot fight back` };
  return { eligible: true, why: `${attacker.name} stands alone in melee` };
}

const OWN_KEYS = ["halfsword", "thrust", "cramped", "blast", "allyAdjacent"];

/** Roll one attack (no state machine): used by `begin`, group attacks and blasts. */
export function computeAttack(input: AttackInput<LifeGuardSheet>, bag: DiceBag, opts: { blastTarget?: boolean } = {}): AttackCalc {
  const mark = bag.log.length;
  const c = startAttack(input, bag, opts.blastTarget === true);
  const mode = modeOf(c);
  const setVsCharge = setAgainstCharge(c, mode);
  const magic = magicOf(c);
  const warbandVsIndividual = isWarband(input.attacker) && !isWarband(input.defender) && !c.aState.conditions.includes(COND.weakened);
  const { die, why } = dieOf(c, mode, magic, warbandVsIndividual);
  const edge = edgeOf(c, warbandVsIndividual);
  const { main, total, mainKept } = rollAttack(c, mode, die, why, edge);
  let slain = doubleSix(c, magic.enchanted, mainKept ? main.kept : null);
  const target = targetOf(c, mode, setVsCharge);
  if (target.id !== input.defender.id) slain = false;
  const { plan, effectDamage, armourPiercing, preview } = damagePlan(c, target, total, slain);
  if (magic.applyCondition && !slain) c.lines.push(`The enchantment applies its condition: ${magic.applyCondition}.`);
  if (magic.expended) c.lines.push(`${c.weapon.name} is expended.`);
  else if (magic.enchantmentKey) c.lines.push(`${c.weapon.name}'s Enchantment is spent.`);
  const counter = counterOf(c, mode, setVsCharge, target, slain, plan);
  const sit = c.sit as Record<string, unknown>;
  const ignored = (Object.keys(sit) as SituationKey[]).filter((k) => sit[k] !== undefined && !c.used.has(k) && !OWN_KEYS.includes(k));
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
    ...(magic.applyCondition ? { applyCondition: magic.applyCondition } : {}),
    ...(magic.enchantmentKey ? { enchantmentKey: magic.enchantmentKey } : {}),
    ...(magic.expended ? { expended: magic.expended, weaponsLeft: withoutOne(input.attacker.sheet.weapons, c.weapon) } : {}),
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
    const e: Effect = { targetId: calc.targetId, damage: calc.effectDamage, damageKind: "normal", note: `${calc.weapon}: ${calc.total} damage`, ...(calc.armourPiercing ? { armourCap: 2 } : {}) };
    if (calc.applyCondition) e.addConditions = [calc.applyCondition];
    effects.push(e);
  }
  if (calc.enchantmentKey) effects.push({ targetId: calc.attackerId, removeConditions: [calc.enchantmentKey], note: `${calc.weapon}: Enchantment spent` });
  if (calc.expended)
    effects.push({ targetId: calc.attackerId, note: `${calc.expended} expended: struck from the sheet`, ...(calc.weaponsLeft ? { sheet: { weapons: calc.weaponsLeft } } : {}) });
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
const toneOf = (calc: AttackCalc): Tone =>
  calc.targetId !== calc.defenderId || (!calc.slain && !(calc.plan.toLife > 0) && calc.plan.scarRow === undefined && calc.plan.dealt === 0) ? "bad" : "good";

// ---- the state machine ------------------------------------------------------

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
  return attackerIds.map((id) => ({ targetId: id, addConditions: [struck(defenderId)], removeConditions: [attacking(defenderId), ...extra] }));
}

/** What one step changes: the attack's effects when it becomes final, a counterattack's damage. */
interface Step {
  final?: boolean;
  followup?: Effect[];
}

/** Damage, conditions and marks of the attack (or of the group or blast that replaced it). */
function finalEffects(data: AttackData): Effect[] {
  const { calc } = data;
  return data.many ? [...data.many.effects] : [...attackEffects(calc), ...struckMarks([calc.attackerId], calc.defenderId, ["blasting"])];
}

function render(phase: AttackState["phase"], data: AttackData, step: Step = {}): AttackState {
  const { calc } = data;
  const options: ReactionOption[] = [];
  if (phase === "reactions") options.push({ id: "take", label: "Take it", by: calc.defenderId, cost: "no cost", rule: R.attacks });
  if (phase === "followups") {
    options.push({ id: "counter", label: "Counterattack (d3)", by: calc.defenderId, cost: "no cost", rule: COUNTER_RULE });
    options.push({ id: "pass", label: "No counterattack", by: calc.defenderId, cost: "no cost", rule: COUNTER_RULE });
  }
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
  return {
    phase,
    attackerId: calc.attackerId,
    defenderId: calc.defenderId,
    outcome,
    tone: toneOf(calc),
    data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
    options,
    pay: [],
    final: step.final ? finalEffects(data) : [],
    followup: step.followup ?? [],
    ignored: calc.ignored,
    result,
  };
}

const dataOf = (state: AttackState): AttackData => JSON.parse(JSON.stringify(state.data)) as AttackData;

/** Allies who declared an attack on this defender and have not struck yet: they resolve together (seed 004, "Attacks"). */
export function declaredWith(input: AttackInput<LifeGuardSheet>): C[] {
  return input.others.filter(
    (o) =>
      o.side === input.attacker.side &&
      o.state.conditions.includes(attacking(input.defender.id)) &&
      !o.state.conditions.some((c) => c.startsWith("struck:")) &&
      // Who cannot act this round (a failed roll against Guard, waiting behind the 3 v 3) adds nothing.
      !o.state.conditions.includes("cannot act") &&
      !waitingBehind(o, [input.attacker, ...input.others.filter((x) => x.id !== o.id)], input.round ?? 1) &&
      canFight(readState(o)),
  );
}

function beginGroup(input: AttackInput<LifeGuardSheet>, co: C[], bag: DiceBag): AttackData {
  const attacks: DeclaredAttack[] = [
    { attacker: input.attacker, ...(input.weapon ? { weapon: input.weapon } : {}), situation: input.situation as LifeGuardSituation },
    ...co.map((c) => ({ attacker: c })),
  ];
  const others = input.others.filter((o) => !co.some((c) => c.id === o.id));
  const g = resolveGroupAttack({ defender: input.defender, others, attacks }, bag);
  const calc: AttackCalc = { ...g.kept, attackerId: input.attacker.id, counter: { eligible: false, why: "several attackers stand together" } };
  const ids = attacks.map((x) => x.attacker.id);
  return { calc, many: { title: g.title, lines: g.lines, effects: [...g.effects, ...struckMarks(ids, input.defender.id)], rolls: g.rolls, rules: g.rules } };
}

function blastOf(input: AttackInput<LifeGuardSheet>): { count?: number } | undefined {
  const mark = input.attacker.state.conditions.find((c) => c === "blasting" || c.startsWith("blasting:"));
  const sit = input.situation as LifeGuardSituation;
  const w = resolveWeapon(input.attacker, input.weapon);
  if (!mark && !sit.blast && !w.tags.includes("blast")) return undefined;
  const n = mark?.startsWith("blasting:") ? Number(mark.slice(9)) : undefined;
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
    targets = [input.defender, ...areaOfEffectTargets(input.others)];
    lines.push(`Area of effect: the entire battlefield (${targets.length}).`);
  } else {
    const count = blast.count ?? blastTargetCount(bag).count;
    const rank = readState(input.defender).rank;
    const near = input.others.filter((o) => o.side === input.defender.side && canFight(readState(o)));
    near.sort((x, y) => Number(readState(y).rank === rank) - Number(readState(x).rank === rank));
    targets = [input.defender, ...near].slice(0, count);
    lines.push(`The blast catches ${count} target${count === 1 ? "" : "s"}${targets.length < count ? ` (${targets.length} there)` : ""}.`);
  }
  const others = input.others.filter((o) => !targets.some((t) => t.id === o.id));
  const b = resolveBlast({ attacker: input.attacker, targets, others, ...(input.weapon ? { weapon: input.weapon } : {}), situation: input.situation as LifeGuardSituation }, bag);
  const calc: AttackCalc = { ...b.calcs[0]!, counter: { eligible: false, why: "a blast" } };
  return {
    calc,
    many: { title: b.title, lines: [...lines, ...b.lines], effects: [...b.effects, ...struckMarks([input.attacker.id], input.defender.id, ["blasting"])], rolls: bag.since(mark), rules: [...new Set([R.movement, ...b.rules])] },
  };
}

export const attack = {
  begin(input: AttackInput<LifeGuardSheet>, bag: DiceBag): AttackState {
    const blast = blastOf(input);
    if (blast) return render("reactions", beginBlast(input, blast, bag));
    const co = declaredWith(input);
    if (co.length) return render("reactions", beginGroup(input, co, bag));
    return render("reactions", { calc: computeAttack(input, bag) });
  },
  react(state: AttackState, optionId: string, input: AttackInput<LifeGuardSheet>, bag: DiceBag): AttackState {
    if (!state.options.some((o) => o.id === optionId))
      throw new RuleError(
        `"${optionId}" is not open on this attack any more${state.options.length ? ` (open: ${state.options.map((o) => o.label).join(", ")})` : ""}.`,
      );
    const data = dataOf(state);
    if (optionId === "take") {
      data.took = true;
      return render(data.calc.counter.eligible ? "followups" : "done", data, { final: true });
    }
    if (optionId === "counter") {
      // The damage is applied by now: a defender who failed the Life save (out of action) cannot strike back.
      const d = readState(input.defender);
      if (input.defender.id === data.calc.defenderId && !canFight(d)) {
        data.noCounter = `${input.defender.name} is ${d.conditions.find((c) => !canFight({ conditions: [c] })) ?? "down"}: no counterattack.`;
        return render("done", data);
      }
      const mark = bag.log.length;
      // seed 004, "Warbands": "Attacks against warbands by individuals are Impaired": a counterattack too.
      const impaired = isWarband(input.attacker) && !isWarband(input.defender);
      const roll = impaired ? rollDamage(bag, "counterattack", { count: 1, sides: 3 }, "impaired").total : bag.d("counterattack", 3);
      data.counter = { roll, rolls: bag.since(mark), ...(impaired ? { impaired } : {}) };
      return render("done", data, { followup: [{ targetId: data.calc.attackerId, damage: roll, damageKind: "normal", note: `counterattack: ${roll} damage` }] });
    }
    return render("done", data); // "pass"
  },
  /** From "reactions": final as if taken; from "followups": already final, the counterattack skipped. */
  lapse(state: AttackState, _input: AttackInput<LifeGuardSheet>, _bag: DiceBag): AttackState {
    if (state.phase === "done") return nothingNew(state);
    const data = dataOf(state);
    data.took = true;
    return render("done", data, { final: state.phase === "reactions" });
  },
};

// ---- several attackers, blasts ------------------------------------------------

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
  input.attacks.forEach((a, i) => {
    // Each attacker's companions count as "next to an ally" among others.
    const others = [...input.others, ...input.attacks.map((x) => x.attacker)].filter((o) => o.id !== a.attacker.id);
    try {
      calcs.push(
        computeAttack({ attacker: a.attacker, defender: input.defender, others, ...(a.weapon ? { weapon: a.weapon } : {}), situation: a.situation ?? {} }, bag),
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
const nameOf = (input: { attacks: DeclaredAttack[] }, id: string) => input.attacks.find((a) => a.attacker.id === id)?.attacker.name ?? id;

/** A d6 for the number of targets of a Blast when unsure (seed 004, "Actions and Modifiers"). */
export function blastTargetCount(bag: DiceBag): RuleResult & { count: number } {
  const mark = bag.log.length;
  const count = bag.d("blast: number of targets", 6);
  return { title: "Blast", lines: [`The blast catches ${count} target${count === 1 ? "" : "s"}.`], rules: [R.actions], rolls: bag.since(mark), count };
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
    lines: calcs.map((c) => `${input.targets.find((t) => t.id === c.defenderId)?.name ?? c.defenderId}: ${c.total} damage, ${outcomeOf(c)}.`),
    rules: [R.actions],
    rolls: bag.since(mark),
    calcs,
    effects,
  };
}
