/**
 * The plan of one Life & Guard attack (seed 004, "Attacks", "Actions and Modifiers", "Enchantment",
 * "Oils", "Warbands"): the weapon, the mode it strikes in, the die and whether it is impaired or enhanced.
 */
import { applied, type Mark } from "../../marks.js";
import { oil } from "./marks.js";
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type AttackInput, type Combatant, type Situation, type SituationKey } from "../types.js";
import { formatDie, parseDie, stepDown, type DieSpec, type Edge } from "./dice.js";
import { checkRanks, type AttackMode } from "./ranks.js";
import { R } from "./refs.js";
import { words } from "./round.js";
import { conditionLabels, declares } from "../../round/words.js";
import { canFight, COND, findEnchantment, readState, type LifeGuardSheet, type Weapon } from "./sheet.js";

export type C = Combatant<LifeGuardSheet>;

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
    throw new RuleError(
      `${attacker.name} has no weapon "${name}": use ${list ? `one of ${list}, ` : ""}"unarmed" or a die like d8.`,
    );
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
      ? (ws.find((w) => w.tags.includes("ranged")) ?? ws.find((w) => w.tags.includes("reach")))
      : rank === "reach"
        ? (ws.find((w) => w.tags.includes("reach")) ?? ws.find((w) => w.tags.includes("ranged")))
        : ws.find(melee);
  return pick ?? ws[0];
}

/** Declared marks (seed 004, "Actions and Modifiers") read as situation keys; an explicit option still counts. */
export function withDeclared(sit: LifeGuardSituation, conditions: string[]): LifeGuardSituation {
  const has = (c: string) => conditions.includes(c);
  return {
    ...sit,
    ...(has("halfswording") ? { halfsword: true } : {}),
    ...(has("thrusting") ? { thrust: true } : {}),
    ...(has("cramped") ? { cramped: true } : {}),
    ...(has("beside an ally") ? { allyAdjacent: true } : {}),
  };
}

export const isWarband = (c: C) => c.sheet.warband;

/** What every step of one attack reads and adds to: the input, the dice, the lines and rules so far. */
export interface Ctx {
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

export function startAttack(input: AttackInput<LifeGuardSheet>, bag: DiceBag, blastTarget: boolean): Ctx {
  const { attacker, defender } = input;
  const aState = readState(attacker);
  const dState = readState(defender);
  if (!canFight(aState))
    throw new RuleError(`${attacker.name} cannot fight (${conditionLabels(words, aState.conditions).join(", ")}).`);
  if (dState.conditions.includes(COND.dead) || dState.conditions.includes(COND.destroyed))
    throw new RuleError(`${defender.name} is already beyond harm: pick another target.`);
  const sit = withDeclared(input.situation as LifeGuardSituation, attacker.state.conditions);
  const weapon = resolveWeapon(attacker, input.weapon);
  const tags = new Set(weapon.tags);
  const blast = tags.has("blast") || sit.blast === true || blastTarget;
  return {
    input,
    bag,
    sit,
    used: new Set(),
    lines: [],
    rules: new Set([R.attacks]),
    aState,
    dState,
    weapon,
    tags,
    blast,
  };
}

/** seed 004, "Movement", "Actions and Modifiers": melee, reach, ranged, thrown or a spell. */
export function modeOf(c: Ctx): AttackMode {
  const { sit, tags, weapon } = c;
  if (sit.mode !== undefined) c.used.add("mode");
  let mode: AttackMode;
  if (sit.mode === "spell") mode = "spell";
  else if (sit.mode === "thrown") mode = "thrown";
  else if (tags.has("ranged")) mode = "ranged";
  else if (tags.has("reach")) mode = sit.halfsword ? "melee" : "reach";
  else mode = "melee";
  if (sit.mode === "ranged" && mode !== "ranged")
    throw new RuleError(
      `${weapon.name} is not a ranged weapon: pick one tagged "ranged", or throw it (mode thrown) from the Reach rank.`,
    );
  if (sit.mode === "melee" && mode === "ranged")
    throw new RuleError(`${weapon.name} is a ranged weapon: pick a melee weapon.`);
  if (sit.halfsword && !tags.has("reach"))
    throw new RuleError(`Only a long (reach) weapon can be halfsworded; ${weapon.name} is not one.`);
  return mode;
}

/** seed 004, "Actions and Modifiers", Charge: a weapon set (declared) against a foe that declared a charge skips the rank checks. */
export function setAgainstCharge(c: Ctx, mode: AttackMode): boolean {
  const { aState, dState, tags } = c;
  const set =
    aState.conditions.includes("set weapon") &&
    dState.conditions.includes("charging") &&
    (tags.has("set") || tags.has("reach"));
  if (set) {
    c.used.add("charge");
    c.rules.add(R.actions);
    c.lines.push(
      `Set weapon against a charge: ${c.weapon.name} strikes the charging ${c.input.defender.name} in the shooting phase for normal damage.`,
    );
  } else checkRanks(mode, aState.rank, dState.rank);
  if (aState.rank !== "melee" || dState.rank !== "melee") c.rules.add(R.movement);
  return set;
}

export interface Magic {
  enchanted: boolean;
  applyCondition?: Mark;
  enchantmentKey?: Mark;
  expended?: string;
  oiled: boolean;
}

/**
 * The mark an Enchantment's condition leaves (seed 004, "Enchantment": "applies a condition"): a condition Life &
 * Guard's words name is that condition; any other word the player gave is kept in their words.
 */
export const appliedMark = (word: string): Mark => (declares(words, word) ? word : applied(word));

/** seed 004, "Enchantment", "Oils": what makes the weapon roll 2d6. */
export function magicOf(c: Ctx): Magic {
  const { sit, aState, weapon, input } = c;
  if (sit.enchanted !== undefined) c.used.add("enchanted");
  const out: Magic = { enchanted: false, oiled: false };
  if (c.tags.has("expendable")) {
    Object.assign(out, {
      enchanted: true,
      expended: weapon.name,
      ...(weapon.enchantment ? { applyCondition: appliedMark(weapon.enchantment) } : {}),
    });
    c.rules.add(R.enchantment);
  } else if (sit.enchanted !== false) {
    // An Enchantment applied to this weapon takes effect on its next blow without being asked for;
    // `enchanted: false` keeps it for a later one.
    const e = findEnchantment(aState, weapon.name);
    if (!e && sit.enchanted)
      throw new RuleError(
        `${input.attacker.name}'s ${weapon.name} carries no Enchantment now (single use, gone after a rest): attack without "enchanted".`,
      );
    if (e) {
      Object.assign(out, {
        enchanted: true,
        enchantmentKey: e.key,
        ...(e.condition ? { applyCondition: appliedMark(e.condition) } : {}),
      });
      c.rules.add(R.enchantment);
    }
  }
  // An oil applied to this weapon (a declaration) for this encounter, against its own monster type.
  const type = input.defender.sheet.type;
  out.oiled = type !== undefined && aState.conditions.includes(oil(weapon.name.toLowerCase(), type));
  if (sit.oiled !== undefined) c.used.add("oiled");
  if (sit.oiled && !out.oiled) {
    if (!type)
      throw new RuleError(
        `${input.defender.name} has no monster type: oils work only against their own type of monster.`,
      );
    throw new RuleError(
      `${input.attacker.name}'s ${weapon.name} carries no oil against ${type}: apply one first (/declare oil ${type}); it lasts the encounter.`,
    );
  }
  if (out.oiled) c.rules.add(R.oils);
  return out;
}

/** The die: the weapon's, 2d6 enchanted or oiled or a warband's, d3 thrown, a size less halfsworded. */
export function dieOf(
  c: Ctx,
  mode: AttackMode,
  magic: Magic,
  warbandVsIndividual: boolean,
): { die: DieSpec; why: string } {
  const { weapon } = c;
  if (magic.enchanted || magic.oiled) {
    const why = magic.enchanted
      ? magic.expended
        ? "burning/expendable: an enchanted weapon"
        : "enchanted"
      : `oiled against ${c.input.defender.sheet.type}`;
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
export function edgeOf(c: Ctx, warbandVsIndividual: boolean): Edge {
  const { sit, input, tags } = c;
  for (const k of ["impaired", "enhanced", "highGround", "lowGround", "cover"] as const)
    if (sit[k] !== undefined) c.used.add(k);
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
  if (impaired.length && enhanced.length)
    c.lines.push(`Impaired (${impaired.join(", ")}) and enhanced (${enhanced.join(", ")}) cancel out.`);
  else if (impaired.length) return "impaired";
  else if (enhanced.length) return "enhanced";
  return "none";
}
