/**
 * The house attack's plan (seed 001 "COMBAT", "MISC COMBAT RULES"), built on bx's attack pieces: the weapon,
 * every modifier and mark, and the number to hit, before any die is rolled. /attack and /odds read the same plan.
 */
import {
  attackMode,
  canHurt,
  resolveWeapon,
  type AttackMode,
  type BxSettings,
  type BxWeapon,
  type DiceExpr,
  type Mod,
} from "../bx/index.js";
import { RuleError, type AttackInput, type Effect, type SituationKey } from "../types.js";
import { routineAttacks } from "../../round/economy.js";
import { R_COMBAT, R_MISC, hasTag } from "./bonuses.js";
import { isNormalType, type HouseSheet } from "./sheet.js";
import { attacksAgainstNormalMen } from "./maneuvers.js";
import { distanceStep } from "./distance.js";
import {
  bonusStep,
  chargeStep,
  damageStep,
  defenderStep,
  engagedStep,
  groundStep,
  positionStep,
  refuseActing,
  targetOf,
  type Build,
} from "./plan-steps.js";

export { R_BACKSTAB } from "./plan-steps.js";

export const HOUSE_SITUATIONS: SituationKey[] = [
  "mode",
  "range",
  "cover",
  "charge",
  "flank",
  "rear",
  "highGround",
  "lowGround",
  "twoWeapons",
  "mounted",
  "modifier",
  "distance",
];

type HIn = AttackInput<HouseSheet>;

export const UNARMED_NAMES = ["unarmed", "fist", "empty hand", "empty-hand", "punch"];

export interface HousePlan {
  weapon: BxWeapon;
  mode: AttackMode;
  toHit: Mod[];
  /** Descending-AC changes to the defender (+ = easier to hit). */
  acMods: Mod[];
  target: number;
  targetText: string;
  advantage: boolean;
  disadvantage: boolean;
  damage: DiceExpr;
  damageMods: Mod[];
  multiplier: number;
  canHurt: boolean;
  /** Empty-hand / subdual attack: temporary damage. */
  subdual: null | { pulled: boolean; realPerPair: number };
  parry: boolean;
  /** Extra effects (conditions) the attack causes whatever its outcome. */
  marks: Effect[];
  notes: string[];
  used: SituationKey[];
  rules: string[];
  /** A weapon pair whose damage differs (Florentine: roll which one hit). */
  florentinePair: [string, string] | null;
}

function houseWeapon(a: HouseSheet, input: HIn): BxWeapon {
  const name = input.weapon?.trim().toLowerCase();
  if (name && UNARMED_NAMES.some((u) => name === u || name === `${u} (pulled)`)) {
    return {
      name: input.weapon!.trim(),
      damage: "1d4",
      kind: "melee",
      slow: false,
      twoHanded: false,
      magic: 0,
      silver: false,
      tags: name.endsWith("(pulled)") ? ["unarmed", "pulled"] : ["unarmed"],
      trained: true,
    };
  }
  return resolveWeapon(a, input.weapon, input.situation);
}

export function planHouse(input: HIn, settings: BxSettings, opts: { parry?: boolean; pick?: string } = {}): HousePlan {
  const att = input.attacker;
  let weapon = houseWeapon(att.sheet, input);
  if (opts.pick) weapon = att.sheet.weapons.find((w) => w.name === opts.pick) ?? weapon;
  const mode = attackMode(weapon, input.situation);
  refuseActing(att);
  const overridden = normalMenOnly(input, mode);
  const b: Build = {
    input,
    weapon,
    mode,
    melee: mode === "melee",
    first: (input.attackIndex ?? 0) === 0,
    toHit: [],
    acMods: [],
    damageMods: [],
    marks: [],
    notes: [],
    used: ["mode"],
    rules: new Set([R_COMBAT]),
    multiplier: 1,
    advantage: false,
    disadvantage: false,
    shieldIgnored: false,
    dexIgnored: false,
    charging: false,
    surpriseAttack: false,
  };
  if (overridden) b.notes.push(overridden);
  distanceStep(b);
  chargeStep(b);
  bonusStep(b);
  if (b.charging) b.toHit.push({ label: "charge", value: 2, rule: R_MISC }), (b.multiplier *= 2);
  const { damage, ...line } = damageStep(b, settings);
  groundStep(b);
  positionStep(b);
  const florentinePair = engagedStep(b);
  const parry = defenderStep(b, !!opts.parry);
  const { target, targetText } = targetOf(b, line);
  const both = b.advantage && b.disadvantage;
  const subdual = hasTag(weapon, "unarmed", "subdue", "improvised")
    ? { pulled: hasTag(weapon, "pulled"), realPerPair: att.sheet.str >= 16 ? 2 : 1 }
    : null;
  if (subdual) b.rules.add(R_MISC);
  return {
    weapon,
    mode,
    toHit: b.toHit,
    acMods: b.acMods,
    target,
    targetText,
    advantage: b.advantage && !both,
    disadvantage: b.disadvantage && !both,
    damage,
    damageMods: b.damageMods,
    multiplier: b.multiplier,
    canHurt: canHurt(input.defender.sheet, weapon),
    subdual,
    parry,
    marks: b.marks,
    notes: b.notes,
    used: [...new Set(b.used)],
    rules: [...b.rules],
    florentinePair,
  };
}

/**
 * Attacks beyond the combatant's own are Normal Men's: melee against a normal type only. The referee's override
 * is a separate thing (issue 30): it lets the attack through, and the note says so.
 */
function normalMenOnly(input: HIn, mode: AttackMode): string | null {
  const att = input.attacker;
  const own = Math.max(att.sheet.attacksPerRound, routineAttacks(att.sheet));
  if ((input.attackIndex ?? 0) < own) return null;
  if (input.attackIndex! >= attacksAgainstNormalMen(att)) return null;
  if (mode === "melee" && isNormalType(input.defender.sheet)) return null;
  // No Normal Man among its foes: no extra attacks to speak of (the round's allowance refused it, or the referee allowed it).
  if (
    !input.others.some(
      (o) =>
        o.side !== att.side && !o.state.conditions.some((x) => ["dead", "fled"].includes(x)) && isNormalType(o.sheet),
    ) &&
    !isNormalType(input.defender.sheet)
  )
    return null;
  if (input.override)
    return `Referee override: ${att.name}'s extra attack goes at ${input.defender.name}, who is not a Normal Man (the extra attacks are for Normal Men).`;
  throw new RuleError(
    `${att.name}'s extra attacks this round are melee attacks against Normal Men only (goblins, orcs, men…): ${input.defender.name} is not one.`,
  );
}
