/**
 * Pure combat arithmetic: to-hit modifiers, armour class (with shields,
 * cover, DEX loss and the round's maneuvers), the special ACs of grappling,
 * overbearing, touch attacks and disarming, range increments, stray missiles,
 * two-weapon penalties and the first-round reach/size exception.
 */
import type { Combatant, Situation } from "../types.js";
import { RuleError } from "../types.js";
import {
  attributeModifier,
  ref,
  SHIELD_ATTACKERS,
  sizeIndex,
  type SiegeSheet,
  type Size,
  type Weapon,
} from "./sheet.js";
import { sumMods, type Mod } from "../../numbers.js";
import { marksIn, shieldVs, type Mark } from "../../marks.js";

export { modText as describeMods, sumMods, type Mod } from "../../numbers.js";

export type Concealment = "none" | "quarter" | "half" | "three-quarters" | "full";

/** The shared Situation: concealment (−2 / −4 / −6 / −10 to hit), a missile into melee (−4), distance in feet (range bands). */
export type SiegeSituation = Situation;

export type AttackMode = "melee" | "ranged" | "thrown";

/** "Situational Modifiers" (cumulative), from the defender's and attacker's conditions and the situation. */
export function situationalModifiers(
  attacker: Combatant<SiegeSheet>,
  defender: Combatant<SiegeSheet>,
  situation: SiegeSituation,
  mode: AttackMode,
): Mod[] {
  const r = ref("Situational Modifiers");
  const dc = defender.state.conditions;
  const ac = attacker.state.conditions;
  const mods: Mod[] = [];
  const defenceless = dc.some((c) =>
    ["held", "defenceless", "defenseless", "unconscious", "helpless", "paralyzed", "paralysed"].includes(c),
  );
  const prone = dc.includes("prone");
  const blind = dc.includes("blind");
  // "The modifiers are cumulative": a missile at a prone foe takes the +5 and the −4 (one row of the table covers prone and into melee).
  if (defenceless) mods.push({ label: "defender prone and defenceless", value: 10, rule: r });
  else if (blind || prone) mods.push({ label: `defender ${blind ? "blind" : "prone"}`, value: 5, rule: r });
  if (mode !== "melee" && (prone || situation.intoMelee))
    mods.push({ label: prone ? "ranged attack against a prone foe" : "ranged attack into melee", value: -4, rule: r });
  if (situation.highGround) mods.push({ label: "defender at lower elevation", value: 1, rule: r });
  if (dc.includes("stunned") || dc.includes("cowering"))
    mods.push({ label: "defender stunned or cowering", value: 2, rule: r });
  if (dc.includes("invisible") || ac.includes("blind"))
    mods.push({ label: dc.includes("invisible") ? "defender invisible" : "attacker blind", value: -10, rule: r });
  if (situation.mounted)
    mods.push({
      label: `${mode === "melee" ? "melee" : "ranged"} attack from a mount`,
      value: mode === "melee" ? -2 : -4,
      rule: r,
    });
  const conceal: Record<Concealment, number> = { none: 0, quarter: -2, half: -4, "three-quarters": -6, full: -10 };
  if (situation.concealment && situation.concealment !== "none") {
    const v = conceal[situation.concealment];
    if (v === undefined) throw new RuleError("Concealment must be none, quarter, half, three-quarters or full.");
    mods.push({ label: `defender ${situation.concealment} concealed`, value: v, rule: r });
  }
  return mods;
}

/** "Cover": 1/4 +2, 1/2 +4, 3/4 +6, full +10 AC. The shared names map light → 1/4, partial → 1/2, heavy → 3/4. */
export const COVER_AC: Record<NonNullable<Situation["cover"]>, number> = {
  none: 0,
  light: 2,
  partial: 4,
  heavy: 6,
  full: 10,
};
export const COVER_NAME: Record<NonNullable<Situation["cover"]>, string> = {
  none: "no cover",
  light: "1/4 cover",
  partial: "1/2 cover",
  heavy: "3/4 cover",
  full: "full cover",
};

/** Conditions that cost the defender its DEX bonus ("Dexterity"). */
export const NO_DEX_CONDITIONS = [
  "surprised",
  "unaware",
  "restrained",
  "held",
  "immobile",
  "unconscious",
  "helpless",
  "paralyzed",
  "paralysed",
];

/** The DEX bonus the defender loses (only a bonus is lost; a penalty stays). */
export function dexLost(defender: Combatant<SiegeSheet>, rear: boolean): { lost: number; why?: string } {
  const dm = attributeModifier(defender.sheet.dex);
  if (dm <= 0) return { lost: 0 };
  const why = rear ? "attacked from the rear" : defender.state.conditions.find((c) => NO_DEX_CONDITIONS.includes(c));
  return why ? { lost: dm, why } : { lost: 0 };
}

/** The shield's +1 works against the first 1/2/3 attackers of the round (tracked with "shield vs <id>" conditions). */
export function shieldApplies(
  defender: Combatant<SiegeSheet>,
  attackerId: string,
  rear: boolean,
): { applies: boolean; newCondition?: Mark } {
  const cap = SHIELD_ATTACKERS[defender.sheet.shield];
  if (cap === 0 || rear) return { applies: false };
  const cond = shieldVs(attackerId);
  const used = marksIn(defender.state.conditions, "shield vs");
  if (used.includes(cond)) return { applies: true };
  if (used.length < cap) return { applies: true, newCondition: cond };
  return { applies: false };
}

/** AC changes from the defender's own round: charging −4, overbearing −2, hasty disengagement −2 ("Charging", "Overbearing", "Disengaging from Combat"). */
export function roundAcPenalties(defender: Combatant<SiegeSheet>): Mod[] {
  const dc = defender.state.conditions;
  const mods: Mod[] = [];
  if (dc.includes("charging")) mods.push({ label: "charged this round", value: -4, rule: ref("Charging") });
  if (dc.includes("overbearing")) mods.push({ label: "overbore this round", value: -2, rule: ref("Overbearing") });
  if (dc.includes("disengaging"))
    mods.push({ label: "hasty disengagement", value: -2, rule: ref("Disengaging from Combat") });
  return mods;
}

export const clampAc = (ac: number): number => Math.max(1, ac);

/** Size difference in categories, attacker minus defender. */
export const sizeDiff = (a: Size, d: Size): number => sizeIndex(a) - sizeIndex(d);

/**
 * "Grappling": 12 (18 with Strength as a prime) + the defender's STR and DEX
 * modifiers, +2 per size category the attacker is larger, −2 per category
 * smaller (as written). Armour does not count.
 */
export function grappleAc(attacker: SiegeSheet, defender: SiegeSheet): { ac: number; mods: Mod[] } {
  const r = ref("Grappling");
  const base = defender.primes.includes("str") ? 18 : 12;
  const mods: Mod[] = [
    { label: `base ${base} (${base === 18 ? "Strength is a prime" : "Strength not a prime"})`, value: base, rule: r },
    { label: "defender STR", value: attributeModifier(defender.str), rule: r },
    { label: "defender DEX", value: attributeModifier(defender.dex), rule: r },
  ];
  const diff = sizeDiff(attacker.size, defender.size);
  if (diff !== 0)
    mods.push({
      label: `attacker ${Math.abs(diff)} size${Math.abs(diff) > 1 ? "s" : ""} ${diff > 0 ? "larger" : "smaller"}`,
      value: 2 * diff,
      rule: r,
    });
  return { ac: clampAc(sumMods(mods)), mods };
}

/** "Overbearing": as grappling, plus the defender's BtH. Impossible against a defender two sizes larger. */
export function overbearAc(attacker: SiegeSheet, defender: SiegeSheet): { ac: number; mods: Mod[] } {
  if (sizeDiff(defender.size, attacker.size) >= 2)
    throw new RuleError(
      `A ${attacker.size} attacker cannot knock over a ${defender.size} defender (two or more sizes larger): choose another attack.`,
    );
  const g = grappleAc(attacker, defender);
  const mods = [
    ...g.mods.map((m) => ({ ...m, rule: ref("Overbearing") })),
    { label: "defender BtH", value: defender.bth, rule: ref("Overbearing") },
  ];
  return { ac: clampAc(sumMods(mods)), mods };
}

/** "Touch Attack": 10 + DEX + magic (rings, robes, spells) for characters; 10 flat for monsters. */
export function touchAc(defender: Combatant<SiegeSheet>): { ac: number; mods: Mod[] } {
  const r = ref("Touch Attack");
  if (defender.kind === "monster") return { ac: 10, mods: [{ label: "base 10 (monster)", value: 10, rule: r }] };
  const mods: Mod[] = [
    { label: "base 10", value: 10, rule: r },
    { label: "DEX", value: attributeModifier(defender.sheet.dex), rule: r },
    { label: "magic", value: defender.sheet.magicAc, rule: ref("Magic") },
  ];
  return { ac: clampAc(sumMods(mods)), mods };
}

/** Classes that may disarm ("Disarm"). */
export const DISARM_CLASSES = ["fighter", "ranger", "knight", "rogue", "assassin", "cleric", "paladin"];

/** "Disarm": AC 18 + the defender's hit dice or level + its DEX bonus (if any). A ranger against 5 HD needs 23. */
export function disarmAc(defenderLevel: number, defenderDexMod = 0): number {
  return 18 + defenderLevel + Math.max(0, defenderDexMod);
}

export type RangeBand = "close" | "medium" | "long";
export const RANGE_PENALTY: Record<RangeBand, number> = { close: 0, medium: -2, long: -6 };

/** "Ranged Combat": up to 1 increment close, 2 medium (−2), 3 long (−6), beyond nothing (null). */
export function rangeBand(distanceFt: number, increment: number): RangeBand | null {
  if (increment <= 0) throw new RuleError("This weapon has no range increment: it cannot shoot or be thrown.");
  if (distanceFt <= increment) return "close";
  if (distanceFt <= 2 * increment) return "medium";
  if (distanceFt <= 3 * increment) return "long";
  return null;
}

/** Shared `range` names → bands. */
export const SITUATION_RANGE: Record<NonNullable<Situation["range"]>, RangeBand> = {
  short: "close",
  medium: "medium",
  long: "long",
};

export interface StrayShot {
  /** Distance from the archer, in feet. */
  distanceFt: number;
  /** To-hit modifier for the new roll. */
  modifier: number;
}

/**
 * "Ranged Combat": a missile that misses flies on; for each 10 ft beyond the
 * target, while within close range, roll to hit again at −1 per 10 ft beyond
 * the target. Crossbow bolts fly on to long range, with the medium and long
 * range penalties added.
 */
export function strayShots(targetDistanceFt: number, weapon: Pick<Weapon, "range" | "crossbow">): StrayShot[] {
  const inc = weapon.range;
  if (inc <= 0) return [];
  const limit = weapon.crossbow ? 3 * inc : inc;
  const out: StrayShot[] = [];
  for (let step = 1; targetDistanceFt + 10 * step <= limit; step++) {
    const d = targetDistanceFt + 10 * step;
    const band = rangeBand(d, inc)!;
    out.push({ distanceFt: d, modifier: -step + (weapon.crossbow ? RANGE_PENALTY[band] : 0) });
  }
  return out;
}

/** "Two Weapon Fighting": primary −3, off hand −6, each reduced by a DEX bonus (never above 0) or worsened by a DEX penalty. */
export function twoWeaponPenalties(dexMod: number): { primary: number; off: number } {
  return { primary: Math.min(0, -3 + dexMod), off: Math.min(0, -6 + dexMod) };
}

/**
 * "Initiative" exception: in the first round only, a creature with more than
 * 10 ft of reach against one with less than 6 ft, or a large (or larger)
 * creature against a medium or smaller one, strikes first if the other closes
 * within 10 ft — and that strike is its action for the round.
 */
export function firstStrike(
  a: SiegeSheet,
  b: SiegeSheet,
  opts: { round: number; closesWithin10ft?: boolean },
): { first: boolean; why?: string } {
  if (opts.round !== 1 || opts.closesWithin10ft === false) return { first: false };
  const reachA = Math.max(0, ...a.weapons.filter((w) => w.kind !== "ranged").map((w) => w.reach));
  const reachB = Math.max(
    0,
    ...b.weapons.filter((w) => w.kind !== "ranged").map((w) => w.reach),
    b.weapons.length ? 0 : 5,
  );
  if (reachA > 10 && reachB < 6) return { first: true, why: `reach ${reachA} ft against ${reachB} ft` };
  if (
    sizeIndex(a.size) >= sizeIndex("large") &&
    sizeIndex(b.size) <= sizeIndex("medium") &&
    sizeIndex(a.size) > sizeIndex(b.size)
  )
    return { first: true, why: `${a.size} against ${b.size}` };
  return { first: false };
}
