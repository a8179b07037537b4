/**
 * What an attack will roll, before any die: the weapon or special attack, its
 * mode, the to-hit modifiers and the armour class in parts, the defender's
 * declared Dodge or Evade. Split by concern so each piece reads as its rule.
 */
import type { AttackInput, Combatant, SituationKey } from "../types.js";
import { modifierLabel, RuleError } from "../types.js";
import {
  COVER_AC,
  COVER_NAME,
  dexLost,
  DISARM_CLASSES,
  disarmAc,
  grappleAc,
  overbearAc,
  RANGE_PENALTY,
  rangeBand,
  roundAcPenalties,
  shieldApplies,
  SITUATION_RANGE,
  situationalModifiers,
  strayShots,
  sumMods,
  touchAc,
  twoWeaponPenalties,
  type AttackMode,
  type Mod,
  type StrayShot,
} from "./combat.js";
import { routineAttacks } from "../../round/economy.js";
import { attributeModifier, formatDice, parseDice, ref, signed, type DiceExpr, type SiegeSheet, type Weapon } from "./sheet.js";
import type { Mark } from "../../marks.js";

export type Special = "weapon" | "grapple" | "break" | "pummel" | "overbear" | "touch" | "disarm";
export const SPECIAL_ATTACKS = ["grapple", "pummel", "overbear", "touch", "disarm"] as const;

export interface SwingPlan {
  label: string;
  bonus: number;
  mods: Mod[];
  acMods: Mod[];
  damage: DiceExpr | null;
  damageMods: Mod[];
  damageKind: "normal" | "subdual";
}

export type Declared = { kind: "dodge"; count: number } | { kind: "evade" } | null;

export interface Plan {
  special: Special;
  mode: AttackMode;
  swings: SwingPlan[];
  attackerAdds: Mark[];
  defenderAdds: Mark[];
  notes: string[];
  rules: string[];
  ignored: SituationKey[];
  /** Declared before the round by the defender. */
  declared: Declared;
  /** Where a missile that misses may still hit something ("Ranged Combat"). */
  stray: StrayShot[];
}

/** Marks a hasty disengager with each foe that has attacked it this round (one attack each): `struck fleeing:<attacker id>`. */
export const STRUCK_FLEEING = "struck fleeing:";
/** Marks a charger with the foe it charges ("Charging"): first strike and the +2 are against that foe only. */
export const CHARGING_AT = "charging at:";
/** Whether `charger`'s charge is at `foeId` (a charge declared without a target, as before, is at any foe). */
export const chargesAt = (charger: { state: { conditions: string[] } }, foeId: string): boolean => {
  const at = charger.state.conditions.filter((c) => c.startsWith(CHARGING_AT));
  return !at.length || at.includes(`${CHARGING_AT}${foeId}`);
};
/** Marks a combatant that closed within 10 ft of a larger foe by a move in the first round: that foe strikes first ("Initiative"). */
export const CLOSED_ON = "closed on:";
/** Marks the one that closed once the foe it closed on has struck at it: its own attack at that foe may follow. */
export const STRUCK_FIRST_BY = "struck first by:";
/** Marks a hasty disengager with each foe it names as in melee with it: only those get the free attack. */
export const FLEEING_FROM = "fleeing from:";
/** Whether a foe may take the free attack at a hasty disengager: in melee with it (every foe when none was named). */
export const inMeleeWith = (fleeing: { state: { conditions: string[] } }, foeId: string): boolean => {
  const from = fleeing.state.conditions.filter((c) => c.startsWith(FLEEING_FROM));
  return !from.length || from.includes(`${FLEEING_FROM}${foeId}`);
};

export const NOT_ABLE = ["dead", "unconscious", "grievously wounded", "mortally wounded", "dying"];
const UNAWARE = ["surprised", "unaware", "held", "restrained", "immobile", "unconscious", "helpless", "paralyzed", "paralysed", "stunned"];

/** Everything the pieces share while planning one attack. */
interface Ctx {
  input: AttackInput<SiegeSheet>;
  attacker: Combatant<SiegeSheet>;
  defender: Combatant<SiegeSheet>;
  a: SiegeSheet;
  d: SiegeSheet;
  used: Set<SituationKey>;
  rules: string[];
  notes: string[];
  attackerAdds: Mark[];
  defenderAdds: Mark[];
  strMod: number;
  dexMod: number;
  charging: boolean;
  rear: boolean;
  special: Special;
  weapon: Weapon | undefined;
  mode: AttackMode;
  common: Mod[];
  acCommon: Mod[];
  dexLostMod: Mod[];
  stray: StrayShot[];
}

const natural = (name: string, damage: string): Weapon => ({ name, damage, kind: "melee", range: 0, bonus: 0, reach: 5, crossbow: false });

/** The weapon named (or a dice expression), a special attack, or the sheet's first weapon. */
function pickWeapon(c: Pick<Ctx, "input" | "attacker" | "a" | "used">): { special: Special; weapon: Weapon | undefined } {
  const { input, attacker, a } = c;
  const sit = input.situation;
  const wname = input.weapon?.trim().toLowerCase();
  if (sit.mode === "spell" && (!wname || wname === "touch")) {
    c.used.add("mode");
    return { special: "touch", weapon: undefined };
  }
  if (wname && (SPECIAL_ATTACKS as readonly string[]).includes(wname)) return { special: wname as Special, weapon: undefined };
  // "Disarm": the weapon in hand (the sheet's first) is gone until the referee ends the condition.
  const lost = attacker.state.conditions.includes("disarmed") && !(a.attacks && a.attacks > 1) ? a.weapons[0] : undefined;
  const carried = lost ? a.weapons.slice(1) : a.weapons;
  if (wname) {
    if (lost && lost.name.toLowerCase() === wname) throw new RuleError(`${attacker.name} is disarmed: the ${lost.name} is out of reach until the referee ends the condition. Attack with ${[...carried.map((w) => w.name), "pummel"].join(" or ")}.`);
    const found = carried.find((w) => w.name.toLowerCase() === wname);
    if (found) return { special: "weapon", weapon: found };
    try {
      const dx = parseDice(wname);
      const kind: Weapon["kind"] = sit.mode === "ranged" ? "ranged" : sit.mode === "thrown" ? "thrown" : "melee";
      return { special: "weapon", weapon: { ...natural(formatDice(dx), formatDice(dx)), kind } };
    } catch {
      const names = a.weapons.map((w) => w.name);
      throw new RuleError(`${attacker.name} has no weapon "${input.weapon}": use ${[...names, ...SPECIAL_ATTACKS].join(", ")} or a dice expression like 1d8.`);
    }
  }
  // A routine of several attacks (claw, claw, bite) uses the sheet's weapons in turn.
  const next = a.attacks && a.attacks > 1 ? a.weapons[(input.attackIndex ?? 0) % a.weapons.length] : undefined;
  if (next ?? carried[0]) return { special: "weapon", weapon: (next ?? carried[0])! };
  if (lost) return { special: "pummel", weapon: undefined };
  return attacker.kind === "monster" ? { special: "weapon", weapon: natural("natural attack", "1d6") } : { special: "pummel", weapon: undefined };
}

function attackMode(c: Ctx): AttackMode {
  const sit = c.input.situation;
  if (c.special === "weapon" && c.weapon) {
    if (sit.mode && sit.mode !== "spell") c.used.add("mode");
    if (c.weapon.kind === "ranged") return "ranged";
    if (c.weapon.kind === "thrown") return sit.mode === "melee" ? "melee" : "thrown";
    if (sit.mode === "ranged" || sit.mode === "thrown") throw new RuleError(`${c.weapon.name} is a melee weapon: it cannot be shot or thrown.`);
    return "melee";
  }
  if (sit.mode === "ranged" || sit.mode === "thrown") throw new RuleError(`A ${c.special} attack is made in melee: leave the mode out or choose melee.`);
  if (sit.mode) c.used.add("mode");
  return "melee";
}

/** To-hit modifiers common to every swing: flank, rear, the situational table, the Castle Keeper's own. */
function commonMods(c: Ctx): Mod[] {
  const sit = c.input.situation;
  const out: Mod[] = [];
  if (sit.rear) {
    c.used.add("rear");
    if (sit.flank) c.used.add("flank");
    if (["rogue", "assassin"].includes(c.a.class)) c.notes.push(`${c.a.class === "rogue" ? "A rogue" : "An assassin"} takes the back attack ability instead of the rear +2.`);
    else out.push({ label: "rear attack", value: 2, rule: ref("Rear Attack") });
  } else if (sit.flank) {
    c.used.add("flank");
    out.push({ label: "flank attack", value: 1, rule: ref("Flank Attack") });
  }
  out.push(...situationalModifiers(c.attacker, c.defender, sit, c.mode));
  for (const k of ["highGround", "mounted", "concealment"] as const) if (sit[k] && sit[k] !== "none") c.used.add(k);
  if (sit.intoMelee && c.mode !== "melee") c.used.add("intoMelee");
  if (sit.modifier) {
    c.used.add("modifier");
    out.push({ label: modifierLabel(c.input.modifierBy, "Castle Keeper's modifier"), value: sit.modifier, rule: ref("Situational Modifiers") });
  }
  return out;
}

const COVER_KEYS = ["light", "partial", "heavy", "full"] as const;
/** A combatant's declared cover ("cover:heavy"), if any. */
export const declaredCover = (c: Combatant<SiegeSheet>): (typeof COVER_KEYS)[number] | undefined =>
  COVER_KEYS.find((k) => c.state.conditions.includes(`cover:${k}`));

/**
 * Armour-class pieces common to every swing: cover (given, or declared by the
 * defender; in melee, the attacker's own cover counts for the defender too:
 * "the cover applies to both the attacker and defender"), the round's penalties.
 */
function commonAc(c: Ctx): Mod[] {
  const sit = c.input.situation;
  const out: Mod[] = [];
  if (sit.cover) c.used.add("cover");
  const own = sit.cover && sit.cover !== "none" ? sit.cover : declaredCover(c.defender);
  const shared = c.mode === "melee" && !own ? declaredCover(c.attacker) : undefined;
  if (own) out.push({ label: COVER_NAME[own], value: COVER_AC[own], rule: ref("Cover") });
  else if (shared) out.push({ label: `${COVER_NAME[shared]} (the attacker's, shared in melee)`, value: COVER_AC[shared], rule: ref("Cover") });
  out.push(...roundAcPenalties(c.defender));
  return out;
}

function normalAc(c: Ctx): Mod[] {
  const out: Mod[] = [{ label: "AC", value: c.d.ac, rule: ref("Armor Class") }, ...c.dexLostMod];
  const sh = shieldApplies(c.defender, c.attacker.id, c.rear);
  if (sh.applies) out.push({ label: `${c.d.shield} shield`, value: 1, rule: ref("Shields") });
  if (sh.newCondition) c.defenderAdds.push(sh.newCondition);
  return out;
}

function rangeMod(c: Ctx, weapon: Weapon): Mod | null {
  if (c.mode === "melee") return null;
  const sit = c.input.situation;
  let band = sit.range ? SITUATION_RANGE[sit.range] : "close";
  if (sit.range) c.used.add("range");
  if (sit.distance !== undefined && weapon.range > 0) {
    c.used.add("distance");
    const b = rangeBand(sit.distance, weapon.range);
    if (!b) throw new RuleError(`${c.defender.name} is ${sit.distance} ft away, beyond ${weapon.name}'s long range (${3 * weapon.range} ft): no attack.`);
    band = b;
    c.stray = strayShots(sit.distance, weapon);
  }
  return { label: `${band} range`, value: RANGE_PENALTY[band], rule: ref("Ranged Combat") };
}

/** A weapon line that is the monk's own hands: its damage is the monk special ability chart's, copied onto the sheet. */
const BARE_HANDS = /^(fists?|hands?|open hand|empty hand|unarmed|palm)$/i;

type Hand = "primary" | "off" | "secondary";

/**
 * The hands: one weapon, or two ("Two Weapon Fighting"; a monk's second hand-to-hand attack is a 1d2 fist at the
 * two-weapon penalties). A monk of 6th level or more fighting with bare hands "gains a secondary hand-to-hand attack"
 * without the penalties, at the chart's damage: the sheet's hand line.
 */
function hands(c: Ctx, weapon: Weapon): { w: Weapon; hand?: Hand }[] {
  const monk = c.a.class === "monk";
  if (monk && c.attacker.kind !== "monster" && c.a.level >= 6 && c.mode === "melee" && BARE_HANDS.test(weapon.name.trim())) {
    if (c.input.situation.twoWeapons) c.used.add("twoWeapons");
    c.rules.push(ref("Two Weapon Fighting"));
    c.notes.push(`A monk of 6th level or more has a secondary hand-to-hand attack: no two-weapon penalty, ${weapon.damage} by the monk's chart (the sheet's ${weapon.name}).`);
    return [{ w: weapon }, { w: weapon, hand: "secondary" }];
  }
  if (!c.input.situation.twoWeapons || c.mode !== "melee") return [{ w: weapon }];
  c.used.add("twoWeapons");
  const off = monk ? natural("fist", "1d2") : c.a.weapons.find((x) => x !== weapon && x.kind !== "ranged");
  if (!off) throw new RuleError(`${c.attacker.name} needs a second melee weapon on the sheet to fight with two weapons.`);
  c.rules.push(ref("Two Weapon Fighting"));
  if (monk) c.notes.push(`A monk's second attack is hand to hand: a fist for 1d2, both at the two-weapon penalties${c.a.level >= 6 ? " (a weapon in one hand: the standard penalties)" : ""}.`);
  return [{ w: weapon, hand: "primary" }, { w: off, hand: "off" }];
}

function weaponSwings(c: Ctx, weapon: Weapon): SwingPlan[] {
  const { a, mode, strMod, dexMod, attacker } = c;
  c.rules.push(ref(mode === "melee" ? "Melee Combat" : "Ranged Combat"));
  const ac = normalAc(c);
  const range = rangeMod(c, weapon);
  const chargeDamage: Mod[] = [];
  if (c.charging) {
    if (mode !== "melee") throw new RuleError("A charge ends in a melee attack: drop the charge or attack in melee.");
    c.rules.push(ref("Charging"));
    if (!chargesAt(attacker, c.defender.id)) c.notes.push(`${attacker.name} charged another foe: no extra damage against ${c.defender.name}.`);
    else if (attacker.state.conditions.includes("charge negated")) c.notes.push(`${attacker.name}'s charge was negated by an earlier hit: no extra damage.`);
    else chargeDamage.push({ label: "charge", value: 2, rule: ref("Charging") });
    c.notes.push(`${attacker.name} charged: −4 AC for the rest of the round, hit or miss.`);
  }
  // "Subdual Damage": "An attacker can use weapons to deliver subdual damage"; a monster's subdual attack is on its line.
  if (c.input.situation.subdue) c.used.add("subdue");
  const subdue = (w: Weapon): boolean => !!c.input.situation.subdue || !!w.subdual;
  const held = hands(c, weapon);
  if (held.some(({ w }) => subdue(w))) {
    c.rules.push(ref("Subdual Damage"));
    c.notes.push(`Subdual damage: one point in five is normal damage, and always at least one; the blow deals at least 1.`);
  }
  const attrMod: Mod = mode === "melee" ? { label: "STR", value: strMod, rule: ref("Melee Combat") } : { label: "DEX", value: dexMod, rule: ref("Ranged Combat") };
  const twp = twoWeaponPenalties(dexMod);
  return held.map(({ w, hand }) => {
    const mods: Mod[] = [{ label: "BtH", value: a.bth, rule: ref("Melee Combat") }];
    if (hand && hand !== "secondary") mods.push({ label: `${hand === "primary" ? "primary hand" : "off hand"} (−${hand === "primary" ? 3 : 6}, DEX ${signed(dexMod)})`, value: hand === "primary" ? twp.primary : twp.off, rule: ref("Two Weapon Fighting") });
    else mods.push(attrMod);
    if (w.bonus) mods.push({ label: "magic weapon", value: w.bonus, rule: ref("Melee Combat") });
    if (range) mods.push(range);
    mods.push(...c.common);
    const damageMods: Mod[] = [];
    if (mode !== "ranged" && strMod) damageMods.push({ label: "STR", value: strMod, rule: ref(mode === "thrown" ? "Ranged Combat" : "Weapon Damage") });
    if (w.bonus) damageMods.push({ label: "magic", value: w.bonus, rule: ref("Weapon Damage") });
    return {
      label: hand ? `${w.name} (${hand === "off" ? "off hand" : hand})` : w.name,
      bonus: sumMods(mods),
      mods,
      acMods: [...ac, ...c.acCommon],
      damage: parseDice(w.damage),
      damageMods: [...damageMods, ...chargeDamage],
      damageKind: subdue(w) ? "subdual" : "normal",
    };
  });
}

const swing = (label: string, mods: Mod[], acMods: Mod[], damage: DiceExpr | null = null, damageMods: Mod[] = [], damageKind: "normal" | "subdual" = "normal"): SwingPlan => ({
  label, bonus: sumMods(mods), mods, acMods, damage, damageMods, damageKind,
});

/** Grappling (and breaking a hold), overbearing, pummeling, touch attacks and disarming. */
function specialSwing(c: Ctx): SwingPlan {
  const { a, d, attacker, defender, strMod, common, acCommon, special } = c;
  if (c.charging) c.notes.push("A charge adds damage to a weapon attack only: no extra damage here.");
  const bth = (h: string): Mod[] => [{ label: "BtH", value: a.bth, rule: ref(h) }, { label: "STR", value: strMod, rule: ref(h) }, ...common];
  const d2: DiceExpr = { count: 1, sides: 2, modifier: 0 };
  switch (special) {
    case "grapple":
    case "break":
      c.rules.push(ref("Grappling"));
      return swing(special === "break" ? "break the hold" : "grapple", bth("Grappling"), [...grappleAc(a, d).mods, ...acCommon]);
    case "overbear":
      c.rules.push(ref("Overbearing"));
      c.attackerAdds.push("overbearing");
      c.notes.push(`${attacker.name} overbears: −2 AC for the rest of the round.`);
      return swing("overbear", [{ label: "STR", value: strMod, rule: ref("Overbearing") }, ...common], [...overbearAc(a, d).mods, ...acCommon], d2, [], "subdual");
    case "pummel": {
      c.rules.push(ref("Pummeling"));
      // "A monk's unarmed attack is normal damage, unless the monk chooses to subdue as if using a weapon."
      const monk = a.class === "monk";
      if (monk) {
        if (c.input.situation.subdue) c.used.add("subdue");
        c.rules.push(ref("Subdual Damage"));
      }
      const kind = monk && !c.input.situation.subdue ? "normal" : "subdual";
      return swing("pummel", bth("Pummeling"), [...normalAc(c), ...acCommon], d2, strMod ? [{ label: "STR", value: strMod, rule: ref("Pummeling") }] : [], kind);
    }
    case "touch":
      c.rules.push(ref("Touch Attack"));
      return swing("touch", bth("Melee Combat"), [...touchAc(defender).mods, ...(defender.kind === "monster" ? [] : c.dexLostMod), ...acCommon]);
    default: {
      c.rules.push(ref("Disarm"));
      if (attacker.kind === "monster" || !DISARM_CLASSES.includes(a.class))
        throw new RuleError(`Only a fighter, ranger, knight, rogue, assassin, cleric or paladin can disarm; ${attacker.name} cannot.`);
      const ddex = attributeModifier(d.dex);
      // disarmAc(level, DEX bonus) = 18 + level + DEX bonus, shown in parts.
      const acMods: Mod[] = [
        { label: "disarm base 18", value: disarmAc(0, 0), rule: ref("Disarm") },
        { label: `${defender.kind === "monster" ? "hit dice" : "level"}`, value: d.level, rule: ref("Disarm") },
      ];
      if (ddex > 0 && !c.dexLostMod.length) acMods.push({ label: "DEX", value: ddex, rule: ref("Disarm") });
      return swing("disarm", bth("Melee Combat"), [...acMods, ...acCommon]);
    }
  }
}

/**
 * The defender's Dodge or Evade, declared before the round ("Dodge", "Evade"):
 * only against an attacker it faces and is aware of (not from the rear, not
 * while unaware or down); Evade only against the one opponent named.
 */
function declaredDefence(attacker: Combatant<SiegeSheet>, defender: Combatant<SiegeSheet>, rear: boolean, notes: string[]): Declared {
  const dConds = defender.state.conditions;
  const evading = dConds.find((c) => c.startsWith("evading:"));
  const dodging = dConds.includes("dodging");
  if (!evading && !dodging) return null;
  const unaware = dConds.find((c) => NOT_ABLE.includes(c) || UNAWARE.includes(c));
  if (rear || unaware) {
    notes.push(`${defender.name} ${dodging ? "dodges" : "evades"} only a foe they face and are aware of: no bonus ${rear ? "against an attack from the rear" : `while ${unaware}`}.`);
    return null;
  }
  if (evading) {
    if (evading === `evading:${attacker.id}`) return { kind: "evade" };
    notes.push(`${defender.name} is evading another opponent this round: no bonus against ${attacker.name}.`);
    return null;
  }
  const dodged = dConds.filter((c) => c.startsWith("dodged:")).map((c) => Number(c.slice(7))).filter(Number.isFinite);
  return { kind: "dodge", count: dodged.length ? Math.max(...dodged) : 0 };
}

function checkAble(input: AttackInput<SiegeSheet>) {
  const { attacker, defender } = input;
  if (attacker.id === defender.id) throw new RuleError("A combatant cannot attack itself: choose another target.");
  const aBad = attacker.state.conditions.find((c) => NOT_ABLE.includes(c));
  if (aBad) throw new RuleError(`${attacker.name} is ${aBad} and cannot attack.`);
  if (defender.state.conditions.includes("dead")) throw new RuleError(`${defender.name} is already dead: choose another target.`);
  // "Hasty Disengagement": the extra attack a foe's flight gives is at the fleeing one (beyond it, the referee's override).
  const own = routineAttacks(attacker.sheet);
  const fleeing = input.others.filter((o) => o.side !== attacker.side && o.state.conditions.includes("disengaging") && inMeleeWith(o, attacker.id)).concat(
    defender.side !== attacker.side && defender.state.conditions.includes("disengaging") && inMeleeWith(defender, attacker.id) ? [defender] : [],
  );
  const index = input.attackIndex ?? 0;
  // "The opponent may not make a second attack against the fleeing character": one attack at each, free or not.
  const struck = (c: { state: { conditions: string[] } }) => c.state.conditions.includes(`${STRUCK_FLEEING}${attacker.id}`);
  if (fleeing.some((f) => f.id === defender.id) && struck(defender))
    throw new RuleError(`${attacker.name} has already attacked ${defender.name} as they fled: the opponent may not make a second attack against the fleeing character (Castles & Crusades · Disengaging from Combat).`);
  const atFleeing = [...new Set(fleeing.filter(struck).map((f) => f.id))].length;
  if (!fleeing.some((f) => f.id === defender.id) && index - atFleeing >= own && index < own + fleeing.length && fleeing.some((f) => !struck(f)))
    throw new RuleError(`${attacker.name}'s extra attack this round is the free attack at ${fleeing.filter((f) => !struck(f)).map((f) => f.name).join(" or ")}, disengaging hastily (Castles & Crusades · Disengaging from Combat).`);
  // The free attack is in melee, "as they run away": not a shot from afar.
  const free = fleeing.some((f) => f.id === defender.id) && index >= own;
  const far = input.situation.distance !== undefined && input.situation.distance > 10;
  if (free && (far || input.situation.mode === "ranged" || input.situation.mode === "thrown" || attacker.sheet.weapons.find((w) => w.name.toLowerCase() === input.weapon?.trim().toLowerCase())?.kind === "ranged"))
    throw new RuleError(`${attacker.name}'s free attack at ${defender.name} is made in melee as they run away, not from afar (Castles & Crusades · Disengaging from Combat).`);
  // "Initiative": the smaller one that approached within ten feet waits for the larger one's strike, unless the larger one's place came first.
  const closed = attacker.state.conditions.includes(`${CLOSED_ON}${defender.id}`) && !attacker.state.conditions.includes(`${STRUCK_FIRST_BY}${defender.id}`);
  if (closed && input.order !== "defender first" && !defender.state.conditions.some((c) => NOT_ABLE.includes(c)))
    throw new RuleError(`${defender.name} strikes first: ${attacker.name} closed within ten feet of it in the first round, so ${defender.name} attacks ${attacker.name} before ${attacker.name}'s attack, out of its turn (Castles & Crusades · Initiative).`);
  if (input.situation.charge && !attacker.state.conditions.includes("charging"))
    throw new RuleError(`A charge must be announced before initiative is rolled (Castles & Crusades · Charging): ${attacker.name} did not declare one this round. Declare Charge at the start of the next round, or attack without it.`);
}

export function plan(input: AttackInput<SiegeSheet>): Plan {
  checkAble(input);
  const { attacker, defender } = input;
  const sit = input.situation;
  const base = { input, attacker, defender, a: attacker.sheet, d: defender.sheet, used: new Set<SituationKey>(sit.charge ? ["charge"] : []) };
  let { special, weapon } = pickWeapon(base);
  if (attacker.state.conditions.includes("casting") && special !== "touch")
    throw new RuleError(`${attacker.name} is casting a spell this round: the only attack left is the spell's touch attack (\`/attack weapon:touch\`) (Castles & Crusades · Cast a Spell).`);
  const adds: Mark[] = defender.side !== attacker.side && defender.state.conditions.includes("disengaging") ? [`${STRUCK_FLEEING}${attacker.id}`] : [];
  if (defender.state.conditions.includes(`${CLOSED_ON}${attacker.id}`)) adds.push(`${STRUCK_FIRST_BY}${attacker.id}`);
  if (attacker.state.conditions.includes("held")) {
    if (special !== "grapple") throw new RuleError(`${attacker.name} is held: the only action is a grapple to break the hold.`);
    if (!defender.state.conditions.includes("grappling")) throw new RuleError(`${attacker.name} is held: grapple the one holding them to break free.`);
    special = "break";
  }
  const rear = !!sit.rear;
  const dl = dexLost(defender, rear);
  const c: Ctx = {
    ...base, rules: [], notes: [], attackerAdds: [], defenderAdds: adds,
    strMod: attributeModifier(attacker.sheet.str), dexMod: attributeModifier(attacker.sheet.dex),
    charging: attacker.state.conditions.includes("charging"), rear, special, weapon, mode: "melee",
    common: [], acCommon: [], dexLostMod: dl.lost ? [{ label: `no DEX (${dl.why})`, value: -dl.lost, rule: ref("Dexterity") }] : [], stray: [],
  };
  c.mode = attackMode(c);
  c.common = commonMods(c);
  c.acCommon = commonAc(c);
  const swings = special === "weapon" && weapon ? weaponSwings(c, weapon) : [specialSwing(c)];
  const declared = declaredDefence(attacker, defender, rear, c.notes);
  if (declared) c.rules.push(ref(declared.kind === "dodge" ? "Dodge" : "Evade"));
  const ignored = (Object.keys(sit) as SituationKey[]).filter((k) => {
    const v = sit[k];
    return v !== undefined && v !== false && v !== "none" && v !== 0 && !c.used.has(k);
  });
  return { special, mode: c.mode, swings, attackerAdds: c.attackerAdds, defenderAdds: c.defenderAdds, notes: c.notes, rules: c.rules, ignored, declared, stray: c.stray };
}
