/**
 * The plan of one Third Age attack, before a die is rolled (seed 000, "Attack Rolls", "Two-Weapon
 * Fighting and One Hand Free", "Movement"): the weapon, its modifiers and the defender's ACs.
 * The attack rolls from it and /odds reads it: one plan, so the two cannot drift apart.
 */
import { modifierLabel, RuleError, type AttackInput, type SituationKey } from "../types.js";
import { isDiceExpr, parseDice } from "./dice.js";
import type { Mod } from "../../numbers.js";
import { fightsWithTwo, lightWeapons } from "./round.js";
import { attributeLabel, partialAC, stateOf, type AttributeKey, type TAC, type ThirdAgeSheet } from "./sheet.js";

export type Mode = "melee" | "ranged" | "thrown" | "spell";

/** The Situation keys The Third Age reads. */
export const SITUATIONS: SituationKey[] = ["mode", "twoWeapons", "oneHandFree", "modifier"];

/** Unarmed: 1d2 (choice; the seed gives no unarmed damage). */
export const UNARMED = { name: "Fists", damage: "1d2", kind: "melee" as const, proficient: true };

export interface WeaponUse {
  name: string;
  damage: string;
  kind: "melee" | "ranged" | "thrown";
  proficient: boolean;
  /** Spell name when the attack is a named spell. */
  spell?: string;
  spellAttribute?: AttributeKey;
  spellSource?: "magic" | "divinity";
}

export interface AttackPlan {
  mode: Mode;
  weapon: WeaponUse;
  /** 1 = the first (or only) attack; 2 = the second attack of two-weapon fighting. */
  step: 1 | 2;
  /** The attack roll's modifiers (a clumsy −2 is added only when the proficiency roll is a partial). */
  mods: Mod[];
  successAC: number;
  partialAC: number;
  acNotes: string[];
  /** What the attacker is not proficient with ("weapon Axe", "armour"): an attribute roll comes first. */
  needs: string[];
}

function findWeapon(sheet: ThirdAgeSheet, name: string) {
  const n = name.trim().toLowerCase();
  return sheet.weapons.find((w) => w.name.toLowerCase() === n);
}

function pickWeapon(attacker: TAC, weapon: string | undefined, mode: Mode | undefined): WeaponUse {
  const sheet = attacker.sheet;
  if (mode === "spell") {
    if (weapon?.trim()) {
      const n = weapon.trim().toLowerCase();
      const sp = sheet.spells.find((s) => s.name.toLowerCase() === n);
      if (sp)
        return {
          name: sp.name,
          damage: sp.damage,
          kind: "ranged",
          proficient: true,
          spell: sp.name,
          spellAttribute: sp.attribute,
          spellSource: sp.source,
        };
      if (isDiceExpr(weapon))
        return {
          name: `spell (${weapon.trim()})`,
          damage: weapon.trim(),
          kind: "ranged",
          proficient: true,
          spellAttribute: "mind",
          spellSource: "magic",
        };
      throw new RuleError(
        `${attacker.name} has no spell "${weapon}" on the sheet${sheet.spells.length ? ` (spells: ${sheet.spells.map((s) => s.name).join(", ")})` : ""}: add it under spells with its damage, or give dice like 1d6`,
      );
    }
    const sp = sheet.spells[0];
    if (!sp)
      throw new RuleError(
        `${attacker.name} has no spells on the sheet: name the spell's damage dice as the weapon (e.g. 1d6), or add spells to the sheet`,
      );
    return {
      name: sp.name,
      damage: sp.damage,
      kind: "ranged",
      proficient: true,
      spell: sp.name,
      spellAttribute: sp.attribute,
      spellSource: sp.source,
    };
  }
  if (weapon?.trim()) {
    const w = findWeapon(sheet, weapon);
    if (w) return { ...w };
    if (isDiceExpr(weapon)) {
      parseDice(weapon);
      return {
        name: weapon.trim(),
        damage: weapon.trim(),
        kind: mode === "ranged" || mode === "thrown" ? mode : "melee",
        proficient: true,
      };
    }
    throw new RuleError(
      `${attacker.name} has no weapon "${weapon}"${sheet.weapons.length ? ` (weapons: ${sheet.weapons.map((w) => w.name).join(", ")})` : ""}: pick one from the sheet or give dice like 1d8`,
    );
  }
  const ranged = mode === "ranged" || mode === "thrown";
  const fit = sheet.weapons.find((w) => (ranged ? w.kind !== "melee" : w.kind === "melee")) ?? sheet.weapons[0];
  return fit ? { ...fit } : { ...UNARMED };
}

/** The counter's weapon: a proficient one that reaches as the attack came (melee answers melee). */
export function counterWeapon(defender: TAC, mode: Mode): WeaponUse | undefined {
  const ws = defender.sheet.weapons;
  if (mode === "melee") {
    const melee = ws.filter((w) => w.kind === "melee");
    const w = melee.find((x) => x.proficient) ?? melee[0];
    return w ? { ...w } : { ...UNARMED };
  }
  const far = ws.filter((w) => w.kind !== "melee");
  const w = far.find((x) => x.proficient) ?? far[0];
  return w ? { ...w } : undefined;
}

/** The plan of an attack. `step` 2 is the second attack of two-weapon fighting (−4). */
export function planAttack(input: AttackInput<ThirdAgeSheet>, step: 1 | 2 = 1): AttackPlan {
  const { attacker: att, defender: def, situation: sit } = input;
  const twoWeapons = step === 2 || fightsWithTwo(att, sit);
  // Two weapons without a named one: the first light weapon, then the second (the off hand).
  const named =
    input.weapon ?? (twoWeapons && sit.mode !== "spell" ? lightWeapons(att.sheet)[step - 1]?.name : undefined);
  const w = pickWeapon(att, named, sit.mode);
  const mode: Mode = sit.mode ?? w.kind;
  if (twoWeapons) {
    if (mode === "spell")
      throw new RuleError("Two-weapon fighting is for weapons, not spells: drop the two-weapons option.");
    const e = parseDice(w.damage);
    if (e.count > 1 || e.sides > 6)
      throw new RuleError(`Two-weapon fighting needs weapons of d6 damage or less: ${w.name} is ${w.damage}.`);
    if (sit.oneHandFree)
      throw new RuleError("A character wielding two weapons has no hand free: choose two weapons or one hand free.");
  }
  const sheet = att.sheet;
  const mods: Mod[] = [];
  if (mode === "spell") {
    const attrKey = w.spellAttribute ?? "mind";
    mods.push({ label: attributeLabel(attrKey), value: sheet[attrKey] });
    const src = w.spellSource ?? "magic";
    mods.push({ label: src === "magic" ? "Magic" : "Divinity", value: src === "magic" ? sheet.magic : sheet.divinity });
  } else {
    const attrKey: AttributeKey = mode === "melee" ? "body" : "dexterity";
    mods.push({ label: attributeLabel(attrKey), value: sheet[attrKey] });
    mods.push({ label: "Attack Bonus", value: sheet.attackBonus });
  }
  if (twoWeapons)
    mods.push({
      label: step === 2 ? "two weapons, second attack" : "two weapons, first attack",
      value: step === 2 ? -4 : -2,
    });
  if (sit.oneHandFree && mode !== "spell") mods.push({ label: "one hand free", value: 1 });
  if (stateOf(att).conditions.includes("prone")) mods.push({ label: "attacking while prone", value: -2 });
  if (sit.modifier) mods.push({ label: modifierLabel(input.modifierBy, "referee's modifier"), value: sit.modifier });

  const defState = stateOf(def);
  let successAC = def.sheet.successAC;
  let pAC = partialAC(def.sheet);
  const acNotes: string[] = [];
  if (defState.conditions.includes("moved-in-melee")) {
    successAC -= 2;
    pAC -= 2;
    acNotes.push("−2 AC: moved in melee");
  }
  if (defState.conditions.includes("prone")) {
    successAC -= 2;
    pAC -= 2;
    acNotes.push("−2 AC: prone");
  }
  const needs: string[] = [];
  if (!w.proficient && mode !== "spell") needs.push(`weapon ${w.name}`);
  if (!sheet.armourProficient) needs.push("armour");
  return { mode, weapon: w, step, mods, successAC, partialAC: pAC, acNotes, needs };
}

/**
 * The round's attacks (`input.attackIndex`): with two weapons (declared, or asked for on the first attack)
 * the second is the off hand at −4; anything else is an ordinary attack (a third only by the referee's override).
 */
export function roundStep(input: AttackInput<ThirdAgeSheet>): { input: AttackInput<ThirdAgeSheet>; step: 1 | 2 } {
  const second = input.attackIndex === 1 && fightsWithTwo(input.attacker, input.situation);
  return second
    ? { input: { ...input, situation: { ...input.situation, twoWeapons: true } }, step: 2 }
    : { input, step: 1 };
}

/** The plan of the attack this is in the round: what /attack rolls from, and what /odds reads. */
export function planOfRound(input: AttackInput<ThirdAgeSheet>): AttackPlan {
  const r = roundStep(input);
  return planAttack(r.input, r.step);
}
