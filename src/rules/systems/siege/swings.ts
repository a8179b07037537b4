/**
 * The swings an attack will roll, before any die (Castles & Crusades): a weapon in one hand or two, or a
 * special attack (grapple, overbear, pummel, touch, disarm), each with its to-hit and armour-class parts.
 */
import type { Mark } from "../../marks.js";
import type { AttackInput, Combatant, SituationKey } from "../types.js";
import { RuleError } from "../types.js";
import {
  DISARM_CLASSES,
  disarmAc,
  grappleAc,
  overbearAc,
  RANGE_PENALTY,
  rangeBand,
  shieldApplies,
  SITUATION_RANGE,
  strayShots,
  sumMods,
  touchAc,
  twoWeaponPenalties,
  type AttackMode,
  type Mod,
  type StrayShot,
} from "./combat.js";
import { attributeModifier, parseDice, ref, signed, type DiceExpr, type SiegeSheet, type Weapon } from "./sheet.js";
import { chargesAt } from "./marks.js";

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

/** Everything the pieces share while planning one attack. */
export interface Ctx {
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

export const natural = (name: string, damage: string): Weapon => ({
  name,
  damage,
  kind: "melee",
  range: 0,
  bonus: 0,
  reach: 5,
  crossbow: false,
});

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
    if (!b)
      throw new RuleError(
        `${c.defender.name} is ${sit.distance} ft away, beyond ${weapon.name}'s long range (${3 * weapon.range} ft): no attack.`,
      );
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
  if (
    monk &&
    c.attacker.kind !== "monster" &&
    c.a.level >= 6 &&
    c.mode === "melee" &&
    BARE_HANDS.test(weapon.name.trim())
  ) {
    if (c.input.situation.twoWeapons) c.used.add("twoWeapons");
    c.rules.push(ref("Two Weapon Fighting"));
    c.notes.push(
      `A monk of 6th level or more has a secondary hand-to-hand attack: no two-weapon penalty, ${weapon.damage} by the monk's chart (the sheet's ${weapon.name}).`,
    );
    return [{ w: weapon }, { w: weapon, hand: "secondary" }];
  }
  if (!c.input.situation.twoWeapons || c.mode !== "melee") return [{ w: weapon }];
  c.used.add("twoWeapons");
  const off = monk ? natural("fist", "1d2") : c.a.weapons.find((x) => x !== weapon && x.kind !== "ranged");
  if (!off)
    throw new RuleError(`${c.attacker.name} needs a second melee weapon on the sheet to fight with two weapons.`);
  c.rules.push(ref("Two Weapon Fighting"));
  if (monk)
    c.notes.push(
      `A monk's second attack is hand to hand: a fist for 1d2, both at the two-weapon penalties${c.a.level >= 6 ? " (a weapon in one hand: the standard penalties)" : ""}.`,
    );
  return [
    { w: weapon, hand: "primary" },
    { w: off, hand: "off" },
  ];
}

export function weaponSwings(c: Ctx, weapon: Weapon): SwingPlan[] {
  const { a, mode, strMod, dexMod, attacker } = c;
  c.rules.push(ref(mode === "melee" ? "Melee Combat" : "Ranged Combat"));
  const ac = normalAc(c);
  const range = rangeMod(c, weapon);
  const chargeDamage: Mod[] = [];
  if (c.charging) {
    if (mode !== "melee") throw new RuleError("A charge ends in a melee attack: drop the charge or attack in melee.");
    c.rules.push(ref("Charging"));
    if (!chargesAt(attacker, c.defender.id))
      c.notes.push(`${attacker.name} charged another foe: no extra damage against ${c.defender.name}.`);
    else if (attacker.state.conditions.includes("charge negated"))
      c.notes.push(`${attacker.name}'s charge was negated by an earlier hit: no extra damage.`);
    else chargeDamage.push({ label: "charge", value: 2, rule: ref("Charging") });
    c.notes.push(`${attacker.name} charged: −4 AC for the rest of the round, hit or miss.`);
  }
  // "Subdual Damage": "An attacker can use weapons to deliver subdual damage"; a monster's subdual attack is on its line.
  if (c.input.situation.subdue) c.used.add("subdue");
  const subdue = (w: Weapon): boolean => !!c.input.situation.subdue || !!w.subdual;
  const held = hands(c, weapon);
  if (held.some(({ w }) => subdue(w))) {
    c.rules.push(ref("Subdual Damage"));
    c.notes.push(
      `Subdual damage: one point in five is normal damage, and always at least one; the blow deals at least 1.`,
    );
  }
  const attrMod: Mod =
    mode === "melee"
      ? { label: "STR", value: strMod, rule: ref("Melee Combat") }
      : { label: "DEX", value: dexMod, rule: ref("Ranged Combat") };
  const twp = twoWeaponPenalties(dexMod);
  return held.map(({ w, hand }) => {
    const mods: Mod[] = [{ label: "BtH", value: a.bth, rule: ref("Melee Combat") }];
    if (hand && hand !== "secondary")
      mods.push({
        label: `${hand === "primary" ? "primary hand" : "off hand"} (−${hand === "primary" ? 3 : 6}, DEX ${signed(dexMod)})`,
        value: hand === "primary" ? twp.primary : twp.off,
        rule: ref("Two Weapon Fighting"),
      });
    else mods.push(attrMod);
    if (w.bonus) mods.push({ label: "magic weapon", value: w.bonus, rule: ref("Melee Combat") });
    if (range) mods.push(range);
    mods.push(...c.common);
    const damageMods: Mod[] = [];
    if (mode !== "ranged" && strMod)
      damageMods.push({
        label: "STR",
        value: strMod,
        rule: ref(mode === "thrown" ? "Ranged Combat" : "Weapon Damage"),
      });
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

const swing = (
  label: string,
  mods: Mod[],
  acMods: Mod[],
  damage: DiceExpr | null = null,
  damageMods: Mod[] = [],
  damageKind: "normal" | "subdual" = "normal",
): SwingPlan => ({
  label,
  bonus: sumMods(mods),
  mods,
  acMods,
  damage,
  damageMods,
  damageKind,
});

/** Grappling (and breaking a hold), overbearing, pummeling, touch attacks and disarming. */
export function specialSwing(c: Ctx): SwingPlan {
  const { a, d, attacker, defender, strMod, common, acCommon, special } = c;
  if (c.charging) c.notes.push("A charge adds damage to a weapon attack only: no extra damage here.");
  const bth = (h: string): Mod[] => [
    { label: "BtH", value: a.bth, rule: ref(h) },
    { label: "STR", value: strMod, rule: ref(h) },
    ...common,
  ];
  const d2: DiceExpr = { count: 1, sides: 2, modifier: 0 };
  switch (special) {
    case "grapple":
    case "break":
      c.rules.push(ref("Grappling"));
      return swing(special === "break" ? "break the hold" : "grapple", bth("Grappling"), [
        ...grappleAc(a, d).mods,
        ...acCommon,
      ]);
    case "overbear":
      c.rules.push(ref("Overbearing"));
      c.attackerAdds.push("overbearing");
      c.notes.push(`${attacker.name} overbears: −2 AC for the rest of the round.`);
      return swing(
        "overbear",
        [{ label: "STR", value: strMod, rule: ref("Overbearing") }, ...common],
        [...overbearAc(a, d).mods, ...acCommon],
        d2,
        [],
        "subdual",
      );
    case "pummel": {
      c.rules.push(ref("Pummeling"));
      // "A monk's unarmed attack is normal damage, unless the monk chooses to subdue as if using a weapon."
      const monk = a.class === "monk";
      if (monk) {
        if (c.input.situation.subdue) c.used.add("subdue");
        c.rules.push(ref("Subdual Damage"));
      }
      const kind = monk && !c.input.situation.subdue ? "normal" : "subdual";
      return swing(
        "pummel",
        bth("Pummeling"),
        [...normalAc(c), ...acCommon],
        d2,
        strMod ? [{ label: "STR", value: strMod, rule: ref("Pummeling") }] : [],
        kind,
      );
    }
    case "touch":
      c.rules.push(ref("Touch Attack"));
      return swing("touch", bth("Melee Combat"), [
        ...touchAc(defender).mods,
        ...(defender.kind === "monster" ? [] : c.dexLostMod),
        ...acCommon,
      ]);
    default: {
      c.rules.push(ref("Disarm"));
      if (attacker.kind === "monster" || !DISARM_CLASSES.includes(a.class))
        throw new RuleError(
          `Only a fighter, ranger, knight, rogue, assassin, cleric or paladin can disarm; ${attacker.name} cannot.`,
        );
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
