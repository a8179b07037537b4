/**
 * What an attack will roll, before any die: the weapon or special attack, its
 * mode, the to-hit modifiers and the armour class in parts, the defender's
 * declared Dodge or Evade. Split by concern so each piece reads as its rule.
 */
import { argOf, markIn, marksIn, type Mark } from "../../marks.js";
import type { AttackInput, Combatant, SituationKey } from "../types.js";
import { modifierLabel, RuleError } from "../types.js";
import {
  COVER_AC,
  COVER_NAME,
  dexLost,
  roundAcPenalties,
  situationalModifiers,
  type AttackMode,
  type Mod,
  type StrayShot,
} from "./combat.js";
import { routineAttacks } from "../../round/economy.js";
import { attributeModifier, formatDice, parseDice, ref, type SiegeSheet, type Weapon } from "./sheet.js";
import { CLOSED_ON, DISENGAGED, inMeleeWith, NOT_ABLE, STRUCK_FIRST_BY, STRUCK_FLEEING, UNNOTICED } from "./marks.js";
import {
  natural,
  SPECIAL_ATTACKS,
  specialSwing,
  weaponSwings,
  type Ctx,
  type Special,
  type SwingPlan,
} from "./swings.js";

export { NOT_ABLE } from "./marks.js";
export { SPECIAL_ATTACKS, type Special, type SwingPlan } from "./swings.js";

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

const UNAWARE = [
  "surprised",
  "unaware",
  "held",
  "restrained",
  "immobile",
  "unconscious",
  "helpless",
  "paralyzed",
  "paralysed",
  "stunned",
];

/** The weapon named (or a dice expression), a special attack, or the sheet's first weapon. */
function pickWeapon(c: Pick<Ctx, "input" | "attacker" | "a" | "used">): {
  special: Special;
  weapon: Weapon | undefined;
} {
  const { input, attacker, a } = c;
  const sit = input.situation;
  const wname = input.weapon?.trim().toLowerCase();
  if (sit.mode === "spell" && (!wname || wname === "touch")) {
    c.used.add("mode");
    return { special: "touch", weapon: undefined };
  }
  if (wname && (SPECIAL_ATTACKS as readonly string[]).includes(wname))
    return { special: wname as Special, weapon: undefined };
  // "Disarm": the weapon in hand (the sheet's first) is gone until the referee ends the condition.
  const lost =
    attacker.state.conditions.includes("disarmed") && !(a.attacks && a.attacks > 1) ? a.weapons[0] : undefined;
  const carried = lost ? a.weapons.slice(1) : a.weapons;
  if (wname) {
    if (lost && lost.name.toLowerCase() === wname)
      throw new RuleError(
        `${attacker.name} is disarmed: the ${lost.name} is out of reach until the referee ends the condition. Attack with ${[...carried.map((w) => w.name), "pummel"].join(" or ")}.`,
      );
    const found = carried.find((w) => w.name.toLowerCase() === wname);
    if (found) return { special: "weapon", weapon: found };
    try {
      const dx = parseDice(wname);
      const kind: Weapon["kind"] = sit.mode === "ranged" ? "ranged" : sit.mode === "thrown" ? "thrown" : "melee";
      return { special: "weapon", weapon: { ...natural(formatDice(dx), formatDice(dx)), kind } };
    } catch {
      const names = a.weapons.map((w) => w.name);
      throw new RuleError(
        `${attacker.name} has no weapon "${input.weapon}": use ${[...names, ...SPECIAL_ATTACKS].join(", ")} or a dice expression like 1d8.`,
      );
    }
  }
  // A routine of several attacks (claw, claw, bite) uses the sheet's weapons in turn.
  const next = a.attacks && a.attacks > 1 ? a.weapons[(input.attackIndex ?? 0) % a.weapons.length] : undefined;
  if (next ?? carried[0]) return { special: "weapon", weapon: (next ?? carried[0])! };
  if (lost) return { special: "pummel", weapon: undefined };
  return attacker.kind === "monster"
    ? { special: "weapon", weapon: natural("natural attack", "1d6") }
    : { special: "pummel", weapon: undefined };
}

function attackMode(c: Ctx): AttackMode {
  const sit = c.input.situation;
  if (c.special === "weapon" && c.weapon) {
    if (sit.mode && sit.mode !== "spell") c.used.add("mode");
    if (c.weapon.kind === "ranged") return "ranged";
    if (c.weapon.kind === "thrown") return sit.mode === "melee" ? "melee" : "thrown";
    if (sit.mode === "ranged" || sit.mode === "thrown")
      throw new RuleError(`${c.weapon.name} is a melee weapon: it cannot be shot or thrown.`);
    return "melee";
  }
  if (sit.mode === "ranged" || sit.mode === "thrown")
    throw new RuleError(`A ${c.special} attack is made in melee: leave the mode out or choose melee.`);
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
    if (["rogue", "assassin"].includes(c.a.class))
      c.notes.push(
        `${c.a.class === "rogue" ? "A rogue" : "An assassin"} takes the back attack ability instead of the rear +2.`,
      );
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
    out.push({
      label: modifierLabel(c.input.modifierBy, "Castle Keeper's modifier"),
      value: sit.modifier,
      rule: ref("Situational Modifiers"),
    });
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
  else if (shared)
    out.push({
      label: `${COVER_NAME[shared]} (the attacker's, shared in melee)`,
      value: COVER_AC[shared],
      rule: ref("Cover"),
    });
  out.push(...roundAcPenalties(c.defender));
  return out;
}

/**
 * The defender's Dodge or Evade, declared before the round ("Dodge", "Evade"):
 * only against an attacker it faces and is aware of (not from the rear, not
 * while unaware or down); Evade only against the one opponent named.
 */
function declaredDefence(
  attacker: Combatant<SiegeSheet>,
  defender: Combatant<SiegeSheet>,
  rear: boolean,
  notes: string[],
): Declared {
  const dConds = defender.state.conditions;
  const evading = markIn(dConds, "evading");
  const dodging = dConds.includes("dodging");
  if (!evading && !dodging) return null;
  const unaware = dConds.find((c) => NOT_ABLE.includes(c) || UNAWARE.includes(c));
  if (rear || unaware) {
    notes.push(
      `${defender.name} ${dodging ? "dodges" : "evades"} only a foe they face and are aware of: no bonus ${rear ? "against an attack from the rear" : `while ${unaware}`}.`,
    );
    return null;
  }
  if (evading) {
    if (evading === `evading:${attacker.id}`) return { kind: "evade" };
    notes.push(`${defender.name} is evading another opponent this round: no bonus against ${attacker.name}.`);
    return null;
  }
  const dodged = marksIn(dConds, "dodged")
    .map((c) => Number(argOf(c, "dodged")))
    .filter(Number.isFinite);
  return { kind: "dodge", count: dodged.length ? Math.max(...dodged) : 0 };
}

function checkAble(input: AttackInput<SiegeSheet>) {
  const { attacker, defender } = input;
  if (attacker.id === defender.id) throw new RuleError("A combatant cannot attack itself: choose another target.");
  const aBad = attacker.state.conditions.find((c) => NOT_ABLE.includes(c));
  if (aBad) throw new RuleError(`${attacker.name} is ${aBad} and cannot attack.`);
  if (defender.state.conditions.includes("dead"))
    throw new RuleError(`${defender.name} is already dead: choose another target.`);
  // "Situational Modifiers": "In all instances, attackers must know of a defender's presence".
  if (defender.side !== attacker.side && defender.state.conditions.includes(UNNOTICED))
    throw new RuleError(
      `${attacker.name} does not know ${defender.name} is there: attackers must know of a defender's presence (Castles & Crusades · Situational Modifiers). The referee removes "unnoticed" once they do.`,
    );
  // "Hasty Disengagement": the extra attack a foe's flight gives is at the fleeing one (beyond it, the referee's override).
  const own = routineAttacks(attacker.sheet);
  const fleeing = input.others
    .filter(
      (o) => o.side !== attacker.side && o.state.conditions.includes("disengaging") && inMeleeWith(o, attacker.id),
    )
    .concat(
      defender.side !== attacker.side &&
        defender.state.conditions.includes("disengaging") &&
        inMeleeWith(defender, attacker.id)
        ? [defender]
        : [],
    );
  const index = input.attackIndex ?? 0;
  // "The opponent may not make a second attack against the fleeing character": one attack at each, free or not.
  const struck = (c: { state: { conditions: string[] } }) =>
    c.state.conditions.includes(`${STRUCK_FLEEING}${attacker.id}`);
  if (fleeing.some((f) => f.id === defender.id) && struck(defender))
    throw new RuleError(
      `${attacker.name} has already attacked ${defender.name} as they fled: the opponent may not make a second attack against the fleeing character (Castles & Crusades · Disengaging from Combat).`,
    );
  const atFleeing = [...new Set(fleeing.filter(struck).map((f) => f.id))].length;
  if (
    !fleeing.some((f) => f.id === defender.id) &&
    index - atFleeing >= own &&
    index < own + fleeing.length &&
    fleeing.some((f) => !struck(f))
  )
    throw new RuleError(
      `${attacker.name}'s extra attack this round is the free attack at ${fleeing
        .filter((f) => !struck(f))
        .map((f) => f.name)
        .join(" or ")}, disengaging hastily (Castles & Crusades · Disengaging from Combat).`,
    );
  // The free attack is in melee, "as they run away": not a shot from afar.
  const free = fleeing.some((f) => f.id === defender.id) && index >= own;
  const far = input.situation.distance !== undefined && input.situation.distance > 10;
  if (
    free &&
    (far ||
      input.situation.mode === "ranged" ||
      input.situation.mode === "thrown" ||
      attacker.sheet.weapons.find((w) => w.name.toLowerCase() === input.weapon?.trim().toLowerCase())?.kind ===
        "ranged")
  )
    throw new RuleError(
      `${attacker.name}'s free attack at ${defender.name} is made in melee as they run away, not from afar (Castles & Crusades · Disengaging from Combat).`,
    );
  // "Initiative": the smaller one that approached within ten feet waits for the larger one's strike, unless the larger one's place came first.
  const closed =
    attacker.state.conditions.includes(`${CLOSED_ON}${defender.id}`) &&
    !attacker.state.conditions.includes(`${STRUCK_FIRST_BY}${defender.id}`);
  if (closed && input.order !== "defender first" && !defender.state.conditions.some((c) => NOT_ABLE.includes(c)))
    throw new RuleError(
      `${defender.name} strikes first: ${attacker.name} closed within ten feet of it in the first round, so ${defender.name} attacks ${attacker.name} before ${attacker.name}'s attack, out of its turn (Castles & Crusades · Initiative).`,
    );
  if (input.situation.charge && !attacker.state.conditions.includes("charging"))
    throw new RuleError(
      `A charge must be announced before initiative is rolled (Castles & Crusades · Charging): ${attacker.name} did not declare one this round. Declare Charge at the start of the next round, or attack without it.`,
    );
}

export function plan(input: AttackInput<SiegeSheet>): Plan {
  checkAble(input);
  const { attacker, defender } = input;
  const sit = input.situation;
  const base = {
    input,
    attacker,
    defender,
    a: attacker.sheet,
    d: defender.sheet,
    used: new Set<SituationKey>(sit.charge ? ["charge"] : []),
  };
  let { special, weapon } = pickWeapon(base);
  if (attacker.state.conditions.includes("casting") && special !== "touch")
    throw new RuleError(
      `${attacker.name} is casting a spell this round: the only attack left is the spell's touch attack (\`/attack weapon:touch\`) (Castles & Crusades · Cast a Spell).`,
    );
  const adds: Mark[] =
    defender.side !== attacker.side && defender.state.conditions.includes("disengaging")
      ? [`${STRUCK_FLEEING}${attacker.id}`]
      : [];
  if (defender.state.conditions.includes(`${CLOSED_ON}${attacker.id}`)) adds.push(`${STRUCK_FIRST_BY}${attacker.id}`);
  if (attacker.state.conditions.includes("held")) {
    if (special !== "grapple")
      throw new RuleError(`${attacker.name} is held: the only action is a grapple to break the hold.`);
    if (!defender.state.conditions.includes("grappling"))
      throw new RuleError(`${attacker.name} is held: grapple the one holding them to break free.`);
    special = "break";
  }
  const rear = !!sit.rear;
  const dl = dexLost(defender, rear);
  const c: Ctx = {
    ...base,
    rules: [],
    notes: [],
    attackerAdds: [],
    defenderAdds: adds,
    strMod: attributeModifier(attacker.sheet.str),
    dexMod: attributeModifier(attacker.sheet.dex),
    charging: attacker.state.conditions.includes("charging"),
    rear,
    special,
    weapon,
    mode: "melee",
    common: [],
    acCommon: [],
    dexLostMod: dl.lost ? [{ label: `no DEX (${dl.why})`, value: -dl.lost, rule: ref("Dexterity") }] : [],
    stray: [],
  };
  c.mode = attackMode(c);
  // "Disengaging from Combat": the distance a disengagement put between foes holds until a move closes it.
  const apart = [defender, attacker].find((x) => x.state.conditions.includes(DISENGAGED));
  if (apart && c.mode === "melee" && defender.side !== attacker.side)
    throw new RuleError(
      `${apart.name} put distance between ${apart.id === attacker.id ? `itself and ${defender.name}` : `itself and its foes`} by disengaging: no melee until a move closes it (\`/declare move detail:${apart.id === attacker.id ? defender.name : apart.name} 20\`), or a missile (Castles & Crusades · Disengaging from Combat).`,
    );
  c.common = commonMods(c);
  c.acCommon = commonAc(c);
  const swings = special === "weapon" && weapon ? weaponSwings(c, weapon) : [specialSwing(c)];
  const declared = declaredDefence(attacker, defender, rear, c.notes);
  if (declared) c.rules.push(ref(declared.kind === "dodge" ? "Dodge" : "Evade"));
  const ignored = (Object.keys(sit) as SituationKey[]).filter((k) => {
    const v = sit[k];
    return v !== undefined && v !== false && v !== "none" && v !== 0 && !c.used.has(k);
  });
  return {
    special,
    mode: c.mode,
    swings,
    attackerAdds: c.attackerAdds,
    defenderAdds: c.defenderAdds,
    notes: c.notes,
    rules: c.rules,
    ignored,
    declared,
    stray: c.stray,
  };
}
