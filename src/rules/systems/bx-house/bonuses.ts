/** seed 001, "COMBAT": DEX and AC, to-hit and damage bonuses by class group, ranged weapons. */
import { abilityModifier, type BxWeapon, type Mod } from "../bx/index.js";
import { classGroupOf, type HouseSheet } from "./sheet.js";
import type { Mark } from "../../marks.js";

export const H = (heading: string): string => `seed 001, "${heading}"`;
export const R_COMBAT = H("COMBAT");
export const R_MISC = H("MISC COMBAT RULES");
export const R_ORDER = H("ENCOUNTER ORDER");
export const R_SURPRISE = H("SURPRISE(examples)");
export const R_EVASION = H("EVASION AND PURSUIT");
export const R_MASS = H("Mass Combat");

/** A weapon's kind by its tags, or by its name when untagged ("spear", "crossbow", "whip"). */
export const hasTag = (w: BxWeapon | undefined, ...tags: string[]): boolean =>
  !!w && (w.tags.length ? w.tags : [w.name]).some((t) => tags.includes(t.trim().toLowerCase()));
export const isGreatBow = (w: BxWeapon): boolean => hasTag(w, "great bow", "greatbow");
export const isBow = (w: BxWeapon): boolean => isGreatBow(w) || hasTag(w, "bow", "longbow", "shortbow");

/** The swashbuckler option applies: fighter group, light or no armour, a one-handed weapon, and DEX is the better bonus. */
export function swashbucklerApplies(s: HouseSheet, w: BxWeapon): boolean {
  return (
    s.swashbuckler &&
    classGroupOf(s) === "fighter" &&
    s.armour !== "heavy" &&
    !w.twoHanded &&
    abilityModifier(s.dex) > abilityModifier(s.str)
  );
}

/**
 * The class-group bonus used for melee to-hit and damage and thrown-weapon
 * damage: fighter types STR (or DEX as swashbucklers), thieves DEX, all
 * others +1 with STR 16+. `source` says which ability it came from.
 */
export function classBonus(s: HouseSheet, w: BxWeapon): { value: number; source: "STR" | "DEX" | "STR 16+" } {
  const g = classGroupOf(s);
  if (g === "fighter")
    return swashbucklerApplies(s, w)
      ? { value: abilityModifier(s.dex), source: "DEX" }
      : { value: abilityModifier(s.str), source: "STR" };
  if (g === "thief") return { value: abilityModifier(s.dex), source: "DEX" };
  return { value: s.str >= 16 ? 1 : 0, source: "STR 16+" };
}

/** Melee to-hit and damage bonus. */
export function meleeBonus(s: HouseSheet, w: BxWeapon): Mod[] {
  const b = classBonus(s, w);
  return b.value
    ? [
        {
          label: b.source === "STR 16+" ? "STR 16+" : `${b.source} (${classGroupOf(s)})`,
          value: b.value,
          rule: R_COMBAT,
        },
      ]
    : [];
}

/** Ranged to-hit: DEX for bows, thrown weapons and other missiles; great bows STR. */
export function rangedToHit(s: HouseSheet, w: BxWeapon): Mod[] {
  const v = isGreatBow(w) ? abilityModifier(s.str) : abilityModifier(s.dex);
  return v ? [{ label: isGreatBow(w) ? "STR (great bow)" : "DEX", value: v, rule: R_COMBAT }] : [];
}

/** Ranged damage: thrown by class group, bows DEX, great bows STR; crossbows and slings none. */
export function rangedDamage(s: HouseSheet, w: BxWeapon): Mod[] {
  if (w.kind === "thrown") return meleeBonus(s, w).map((m) => ({ ...m, label: `${m.label}, thrown` }));
  if (isGreatBow(w)) {
    const v = abilityModifier(s.str);
    return v ? [{ label: "STR (great bow)", value: v, rule: R_COMBAT }] : [];
  }
  if (isBow(w)) {
    const v = abilityModifier(s.dex);
    return v ? [{ label: "DEX (bow)", value: v, rule: R_COMBAT }] : [];
  }
  return [];
}

/** DEX bonus to AC (lowers descending AC), unless the defender is stationary, unaware, or otherwise cannot use it. */
export const NO_DEX_CONDITIONS: Mark[] = [
  "stationary",
  "unaware",
  "surprised",
  "helpless",
  "pinned",
  "charging",
  "unconscious",
  "entangled",
];
/**
 * The change to the defender's AC from DEX: without it in the sheet's AC, the bonus lowers AC when usable; with it
 * already in (`acIncludesDex`), nothing when usable and the bonus taken back out when not (issue 30: it counted twice).
 */
export function dexAcChange(s: HouseSheet, conditions: Mark[], ignored: boolean): number {
  const usable = !ignored && dexAc(s, conditions) !== 0;
  const mod = abilityModifier(s.dex);
  if (s.acIncludesDex) return usable ? 0 : mod;
  return usable ? -mod : 0;
}
export function dexAc(s: HouseSheet, conditions: Mark[]): number {
  if (conditions.some((c) => NO_DEX_CONDITIONS.includes(c))) return 0;
  return abilityModifier(s.dex);
}
