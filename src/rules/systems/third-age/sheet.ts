/**
 * The Third Age sheet: five attributes from -3 to +3, a success AC and a
 * partial AC, attack bonus / Magic / Divinity, HP, stamina, weapons, spells.
 * One schema factory serves PCs/retainers and monsters (same shape, other defaults).
 */
import { z } from "zod";
import type { CombatState, Combatant, StateView } from "../types.js";
import { combineClasses } from "./character.js";
import { signed } from "../../numbers.js";

export const ATTRIBUTES = ["Body", "Dexterity", "Mind", "Soul", "Charisma"] as const;
export type AttributeName = (typeof ATTRIBUTES)[number];
export type AttributeKey = "body" | "dexterity" | "mind" | "soul" | "charisma";
export const ATTRIBUTE_KEYS: readonly AttributeKey[] = ["body", "dexterity", "mind", "soul", "charisma"];

/** seed 000, "Languages": the list a character picks extra languages from. */
export const LANGUAGES = [
  "Elvish",
  "Dwarvish",
  "Orcish",
  "Gnomish",
  "Draconic",
  "Abyssal",
  "Goblin",
  "Infernal",
  "Celestial",
] as const;

export interface LanguageInfo {
  /** Extra languages beyond the common tongue. */
  extra: number;
  illiterate: boolean;
  choices: readonly string[];
}

/** One extra language per point of Mind above 0; a Mind of −3 is illiterate. */
export function languagesFor(mind: number): LanguageInfo {
  return { extra: Math.max(0, mind), illiterate: mind <= -3, choices: LANGUAGES };
}

/** Damage dice a player may write: "1d8", "d6", "2d4+1", "1d6-1", or a flat "3". */
export const DICE_RE = /^\s*(?:(\d*)d(\d+)(?:\s*([+-]\s*\d+))?|(\d+))\s*$/i;

/** Hit dice as monsters write them: "1", "1/2", "4+1", "1-1". */
export const HD_RE = /^(\d{1,2}|1\/2|½)\s*([+-]\s*\d{1,2})?$/;

/** Partial AC sits this far below the success AC unless the sheet says otherwise (choice). */
export const PARTIAL_AC_GAP = 4;

const attr = (label: string) =>
  z
    .number({ error: `${label} must be a whole number between -3 and 3` })
    .int(`${label} must be a whole number between -3 and 3`)
    .min(-3, `${label} must be between -3 and 3`)
    .max(3, `${label} must be between -3 and 3`)
    .default(0);

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number between ${min} and ${max}` })
    .int(`${label} must be a whole number between ${min} and ${max}`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const dice = (label: string) =>
  z.string({ error: `${label} must be dice like 1d8` }).regex(DICE_RE, `${label} must be dice like 1d8, 1d6+1 or 2d4`);

export const weaponSchema = z.object({
  name: z
    .string({ error: "Weapon name is required" })
    .trim()
    .min(1, "Weapon name must not be empty")
    .max(40, "Weapon name must be 40 characters or fewer"),
  damage: dice("Weapon damage"),
  kind: z
    .enum(["melee", "ranged", "thrown"], { error: "Weapon kind must be melee, ranged or thrown" })
    .default("melee"),
  proficient: z.boolean().default(true),
});
export type Weapon = z.output<typeof weaponSchema>;

export const spellSchema = z.object({
  name: z
    .string({ error: "Spell name is required" })
    .trim()
    .min(1, "Spell name must not be empty")
    .max(40, "Spell name must be 40 characters or fewer"),
  damage: dice("Spell damage").default("1d6"),
  /** The caster's attribute added to the spell's attack roll. */
  attribute: z
    .enum(["body", "dexterity", "mind", "soul", "charisma"], {
      error: "Spell attribute must be body, dexterity, mind, soul or charisma",
    })
    .default("mind"),
  /** Which bonus the caster adds: Magic (arcane) or Divinity (divine). */
  source: z.enum(["magic", "divinity"], { error: "Spell source must be magic or divinity" }).default("magic"),
});
export type Spell = z.output<typeof spellSchema>;

export const classSchema = z.object({
  name: z
    .string({ error: "Class name is required" })
    .trim()
    .min(1, "Class name must not be empty")
    .max(30, "Class name must be 30 characters or fewer"),
  level: int("Class level", 1, 20).default(1),
  xp: int("Class XP", 0, 10_000_000).default(0),
  /** This class's own HP, Magic, Divinity and Attack Bonus, for a character with several (seed 000, "Multiclassing"). */
  hp: int("Class HP", 0, 999).optional(),
  magic: int("Class Magic", 0, 20).optional(),
  divinity: int("Class Divinity", 0, 20).optional(),
  attackBonus: int("Class Attack Bonus", -5, 20).optional(),
});

function makeSheet(monster: boolean) {
  return z
    .object({
      body: attr("Body"),
      dexterity: attr("Dexterity"),
      mind: attr("Mind"),
      soul: attr("Soul"),
      charisma: attr("Charisma"),
      hp: int("HP", 1, 999).default(monster ? 5 : 6),
      successAC: int("Success AC", 2, 40).default(12),
      /** Defaults to successAC - 4 (choice; the seed is silent). */
      partialAC: int("Partial AC", 2, 40).optional(),
      attackBonus: int("Attack Bonus", -5, 20).default(monster ? 1 : 0),
      magic: int("Magic", 0, 20).default(0),
      divinity: int("Divinity", 0, 20).default(0),
      /** Stamina pool; defaults to max(1, 1 + Body) for characters, 0 for monsters (choice). */
      stamina: int("Stamina", 0, 20).optional(),
      weapons: z.array(weaponSchema).max(10, "At most 10 weapons").default([]),
      /** False when wearing armour none of the character's classes lists. */
      armourProficient: z.boolean().default(true),
      spells: z.array(spellSchema).max(30, "At most 30 spells").default([]),
      /** Spell names memorised now (Counterspell needs the same spell memorised). */
      memorised: z
        .array(z.string().trim().min(1, "Memorised spell names must not be empty"))
        .max(30, "At most 30 memorised spells")
        .default([]),
      /** Extra languages beyond the common tongue, one per point of Mind above 0. */
      languages: z.array(z.enum(LANGUAGES, { error: `Languages must be from: ${LANGUAGES.join(", ")}` })).default([]),
      classes: z.array(classSchema).max(4, "At most 4 classes").default([]),
      /** Morale rating 2..12 (monsters, retainers). */
      morale: int("Morale", 2, 12).optional(),
      /** Hit dice in words ("1", "1/2", "4+1", "1-1"), for monsters: their hit points are rolled from them. */
      hd: z.string().trim().regex(HD_RE, "HD must look like 1, 1/2, 4+1 or 1-1").optional(),
      monster: z.boolean().default(monster),
    })
    .superRefine((s, ctx) => {
      if (s.partialAC !== undefined && s.partialAC > s.successAC)
        ctx.addIssue({
          code: "custom",
          path: ["partialAC"],
          message: `Partial AC must be at most Success AC (${s.successAC})`,
        });
      const allowed = languagesFor(s.mind).extra;
      if (s.languages.length > allowed)
        ctx.addIssue({
          code: "custom",
          path: ["languages"],
          message: `Languages: a Mind of ${s.mind} allows ${allowed} extra language${allowed === 1 ? "" : "s"} besides the common tongue`,
        });
      if (new Set(s.languages).size !== s.languages.length)
        ctx.addIssue({ code: "custom", path: ["languages"], message: "Languages must not repeat" });
    })
    .transform(multiclassed);
}

/**
 * seed 000, "Multiclassing": "divide hp by the number of classes" and "Take the
 * max of Magic, Divinity, Attack Bonus". With two classes or more, the sheet's
 * own HP, Magic, Divinity and Attack Bonus are the combined ones wherever the
 * classes give them (HP when every class gives its own), so the number the sheet
 * shows is the one play uses.
 */
function multiclassed<
  T extends {
    classes: z.output<typeof classSchema>[];
    hp: number;
    magic: number;
    divinity: number;
    attackBonus: number;
  },
>(s: T): T {
  if (s.classes.length < 2) return s;
  const m = combineClasses(s.classes);
  const given = (k: "magic" | "divinity" | "attackBonus") => s.classes.some((c) => c[k] !== undefined);
  return {
    ...s,
    ...(s.classes.every((c) => c.hp !== undefined) ? { hp: m.hp } : {}),
    ...(given("magic") ? { magic: m.magic } : {}),
    ...(given("divinity") ? { divinity: m.divinity } : {}),
    ...(given("attackBonus") ? { attackBonus: m.attackBonus } : {}),
  };
}

export const sheetSchema = makeSheet(false);
export const monsterSchema = makeSheet(true);
export type ThirdAgeSheet = z.output<typeof sheetSchema>;

export interface ThirdAgeState extends CombatState {
  hp: number;
  maxHp: number;
  stamina: number;
  maxStamina: number;
}

export type TAC = Combatant<ThirdAgeSheet>;

export function partialAC(sheet: ThirdAgeSheet): number {
  return sheet.partialAC ?? sheet.successAC - PARTIAL_AC_GAP;
}

/** Stamina pool: the sheet's value, else 1 + Body (at least 1) for characters, 0 for monsters. */
export function staminaPool(sheet: ThirdAgeSheet): number {
  if (sheet.stamina !== undefined) return sheet.stamina;
  return sheet.monster ? 0 : Math.max(1, 1 + sheet.body);
}

export function attributeLabel(key: AttributeKey): AttributeName {
  return ATTRIBUTES[ATTRIBUTE_KEYS.indexOf(key)]!;
}

/** "dex", "Dexterity", "DEX" → "dexterity"; undefined if not an attribute. */
export function parseAttribute(name: string): AttributeKey | undefined {
  const n = name.trim().toLowerCase();
  if (n === "chr") return "charisma";
  if (n.length < 3) return undefined;
  return ATTRIBUTE_KEYS.find((k) => k.startsWith(n));
}

export function initialState(sheet: ThirdAgeSheet): ThirdAgeState {
  const st = staminaPool(sheet);
  return { conditions: [], hp: sheet.hp, maxHp: sheet.hp, stamina: st, maxStamina: st };
}

/** Reads a combatant's state, filling anything missing from the sheet. */
export function stateOf(c: { sheet: ThirdAgeSheet; state: CombatState }): ThirdAgeState {
  const s = c.state as Partial<ThirdAgeState>;
  const init = initialState(c.sheet);
  return {
    ...c.state,
    conditions: [...(c.state.conditions ?? [])],
    hp: typeof s.hp === "number" ? s.hp : init.hp,
    maxHp: typeof s.maxHp === "number" ? s.maxHp : init.maxHp,
    stamina: typeof s.stamina === "number" ? s.stamina : init.stamina,
    maxStamina: typeof s.maxStamina === "number" ? s.maxStamina : init.maxStamina,
  };
}

export const DOWN_CONDITIONS = ["unconscious", "dying", "dead"];

/** Down: unconscious or dead (HP 0 or below). */
export function isDown(c: { sheet: ThirdAgeSheet; state: CombatState }): boolean {
  const s = stateOf(c);
  return s.hp <= 0 || s.conditions.some((x) => DOWN_CONDITIONS.includes(x));
}

export function statusOf(s: ThirdAgeState): string {
  if (s.conditions.includes("dead")) return "dead";
  if (s.conditions.includes("unconscious") || s.hp <= 0) return "unconscious";
  if (s.conditions.includes("prone")) return "prone";
  // What is true of someone still up: hurt, spent, both, or nothing to say.
  const words = [s.hp < s.maxHp ? "wounded" : "", s.maxStamina > 0 && s.stamina <= 0 ? "out of stamina" : ""];
  return words.filter(Boolean).join(", ");
}

export function view(c: TAC): StateView {
  const s = stateOf(c);
  return {
    // A combatant with no stamina pool (most monsters) shows none, not "Stamina 0/0".
    summary: `HP ${s.hp}/${s.maxHp}${s.maxStamina > 0 ? ` · Stamina ${s.stamina}/${s.maxStamina}` : ""}`,
    fraction: s.maxHp > 0 ? Math.min(1, Math.max(0, s.hp / s.maxHp)) : 0,
    status: statusOf(s),
  };
}

export function describeSheet(sheet: ThirdAgeSheet): [string, string][] {
  const rows: [string, string][] = [
    [
      "Attributes",
      `Body ${signed(sheet.body)} · Dexterity ${signed(sheet.dexterity)} · Mind ${signed(sheet.mind)} · Soul ${signed(sheet.soul)} · Charisma ${signed(sheet.charisma)}`,
    ],
    ["HP", String(sheet.hp)],
    ["AC", `Success ${sheet.successAC} · Partial ${partialAC(sheet)}`],
    ["Attack Bonus", signed(sheet.attackBonus)],
  ];
  if (sheet.magic || sheet.divinity) rows.push(["Magic / Divinity", `${sheet.magic} / ${sheet.divinity}`]);
  rows.push(["Stamina", String(staminaPool(sheet))]);
  if (sheet.classes.length)
    rows.push(["Classes", sheet.classes.map((c) => `${c.name} ${c.level} (${c.xp} XP)`).join(" / ")]);
  if (sheet.classes.length > 1) rows.push(["Multiclass", multiclassWords(sheet)]);
  if (sheet.weapons.length)
    rows.push([
      "Weapons",
      sheet.weapons
        .map(
          (w) =>
            `${w.name} ${w.damage}${w.kind !== "melee" ? ` (${w.kind})` : ""}${w.proficient ? "" : " — not proficient"}`,
        )
        .join(", "),
    ]);
  if (!sheet.armourProficient) rows.push(["Armour", "not proficient: every action needs an attribute roll"]);
  if (sheet.spells.length) rows.push(["Spells", sheet.spells.map((s) => `${s.name} ${s.damage}`).join(", ")]);
  if (sheet.memorised.length) rows.push(["Memorised", sheet.memorised.join(", ")]);
  if (!sheet.monster) {
    const l = languagesFor(sheet.mind);
    const open = l.extra - sheet.languages.length;
    const langs = `${["Common", ...sheet.languages].join(", ")}${l.illiterate ? " (illiterate)" : ""}${open > 0 ? ` · ${open} more to pick (one per point of Mind)` : ""}`;
    rows.push(["Languages", langs]);
  }
  if (sheet.morale !== undefined) rows.push(["Morale", String(sheet.morale)]);
  if (sheet.hd) rows.push(["HD", sheet.hd]);
  return rows;
}

/** seed 000, "Multiclassing": the combined HP (when each class gives its own) and the highest Magic, Divinity and Attack Bonus. */
function multiclassWords(sheet: ThirdAgeSheet): string {
  const m = combineClasses(sheet.classes);
  const allHp = sheet.classes.every((c) => c.hp !== undefined);
  const given = (k: "magic" | "divinity" | "attackBonus") => sheet.classes.some((c) => c[k] !== undefined);
  const best =
    given("magic") || given("divinity") || given("attackBonus")
      ? `${m.lines[1]} `
      : "Magic, Divinity and Attack Bonus as written (give each class its own to take the highest). ";
  return `${allHp ? `${m.lines[0]} ` : "HP as written (give each class its own HP, and the sheet divides their sum by the number of classes). "}${best}New XP is split betwixt the classes; a class added later takes all of it until it catches up.`;
}
