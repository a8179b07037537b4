/**
 * Life & Guard sheets (PCs, retainers, monsters), the enemy-type presets, and
 * the combat state every combatant carries (Life, Guard, rank, scars).
 */
import { z } from "zod";
import type { Combatant, CombatState, StateView } from "../types.js";
import { argIn, argOf, markIn, type Mark } from "../../marks.js";

export const RANKS = ["melee", "reach", "ranged"] as const;
export type Rank = (typeof RANKS)[number];

export const WEAPON_TAGS = [
  "reach",
  "ranged",
  "enchanted",
  "armour-piercing",
  "two-handed",
  "expendable",
  "blast",
  "set",
] as const;
export type WeaponTag = (typeof WEAPON_TAGS)[number];

/** A die as players write it: d6, d8, 2d6 (1–3 dice of d2–d12). */
export const DIE_PATTERN = /^([1-3])?d(2|3|4|6|8|10|12)$/i;
const die = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DIE_PATTERN, "Die must be like d6, d8 or 2d6 (1 to 3 dice of d2, d3, d4, d6, d8, d10 or d12)");

const int = (label: string, lo: number, hi: number, dflt: number) =>
  z
    .number({ message: `${label} must be a whole number between ${lo} and ${hi}` })
    .int(`${label} must be a whole number between ${lo} and ${hi}`)
    .min(lo, `${label} must be between ${lo} and ${hi}`)
    .max(hi, `${label} must be between ${lo} and ${hi}`)
    .default(dflt);

export const weaponSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Weapon name must be 1 to 40 characters")
    .max(40, "Weapon name must be 1 to 40 characters"),
  die: die.default("d6"),
  tags: z.array(z.enum(WEAPON_TAGS, { message: `Weapon tags must be among: ${WEAPON_TAGS.join(", ")}` })).default([]),
  /** The Condition this weapon's Enchantment applies ("burning"); an enchanted weapon with none applies no condition. */
  enchantment: z.string().trim().toLowerCase().max(40, "Enchantment must be at most 40 characters").optional(),
});
export type Weapon = z.output<typeof weaponSchema>;

const words = (label: string) =>
  z
    .array(z.string().trim().toLowerCase().min(1, `${label} entries must not be empty`))
    .max(20, `${label}: at most 20 entries`)
    .default([]);

/** The sheet of a PC or retainer (monsters share the shape; see `monsterSchema`). */
export const sheetSchema = z.object({
  /** Maximum Life. */
  life: int("Life", 1, 20, 10),
  /** Maximum Guard (Scars can raise it, up to 12). */
  guard: int("Guard", 0, 12, 3),
  armour: int("Armour", 0, 4, 0),
  /**
   * An Enchantment applied to the armour, by name ("warding"): its next hit is soaked by 2d6 in place of the
   * Armour, once, until a rest (seed 004, "Enchantment": "to their weapons and armour").
   */
  armourEnchantment: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Name the armour's Enchantment (e.g. warding)")
    .max(30, "The armour's Enchantment: at most 30 characters")
    .optional(),
  /** Morale (monsters) / starting loyalty (retainers). */
  morale: int("Morale", 2, 12, 7),
  str: int("STR", 3, 18, 10),
  dex: int("DEX", 3, 18, 10),
  wil: int("WIL", 3, 18, 10),
  weapons: z.array(weaponSchema).max(10, "Weapons: at most 10").default([]),
  /** Monster types this character carries oils for ("undead"). */
  oils: words("Oils"),
  /** Scars gained before play (play adds new ones to the state). */
  scars: words("Scars"),
  /** A warband: many similar fighters treated as one. */
  warband: z.boolean().default(false),
  /** Monster type, for oils ("undead", "beast"). */
  type: z.string().trim().toLowerCase().max(40, "Type must be at most 40 characters").optional(),
  flying: z.boolean().default(false),
  /** "Slays outright where possible": the referee marks foes that cannot be slain that way. */
  slayImmune: z.boolean().default(false),
});
export type LifeGuardSheet = z.output<typeof sheetSchema>;

/** Custom monster stats: Life, Guard, Morale, Armour (as the Enemy Types table) plus a damage die. */
const monsterInput = z.object({
  life: int("Life", 1, 30, 7),
  guard: int("Guard", 0, 30, 7),
  morale: int("Morale", 2, 12, 7),
  armour: int("Armour", 0, 6, 1),
  damage: die.default("d6"),
  warband: z.boolean().default(false),
  type: z.string().trim().toLowerCase().max(40, "Type must be at most 40 characters").optional(),
  flying: z.boolean().default(false),
  slayImmune: z.boolean().default(false),
  weapons: z.array(weaponSchema).max(10, "Weapons: at most 10").optional(),
});
export const monsterSchema: z.ZodType<LifeGuardSheet> = monsterInput.transform(
  (m): LifeGuardSheet => ({
    life: m.life,
    guard: m.guard,
    armour: m.armour,
    morale: m.morale,
    str: 10,
    dex: 10,
    wil: 10,
    weapons: m.weapons ?? [{ name: "Attack", die: m.damage, tags: [] }],
    oils: [],
    scars: [],
    warband: m.warband,
    type: m.type,
    flying: m.flying,
    slayImmune: m.slayImmune,
  }),
);

// ---- state ---------------------------------------------------------------

export const COND = {
  dead: "dead",
  out: "out of action",
  routed: "routed",
  weakened: "weakened",
  fled: "fled",
  deprived: "deprived",
  doomed: "doomed",
  mortal: "mortal wound",
  destroyed: "destroyed",
} as const;

/** Conditions that keep a combatant from fighting. */
export const OUT_CONDITIONS: Mark[] = [COND.dead, COND.out, COND.routed, COND.fled, COND.destroyed];

export interface LifeGuardState extends CombatState {
  life: number;
  /** Max Life from the sheet; the effective max is lifeMax − lifeMaxPenalty. */
  lifeMax: number;
  /** Scar 6 (Reorienting Head Wound): max Life lost until treated (stored as `lifeMaxPenalty` before version 1, ./versions.ts). */
  headWoundLoss: number;
  guard: number;
  /** Max Guard (Scars can raise it above the sheet's). */
  guardMax: number;
  rank: Rank;
  /** Scars gained in play. */
  scars: string[];
}

/** The condition that marks an applied, unspent Enchantment on a weapon. */
export const enchantmentCondition = (weapon: string, condition?: string): Mark =>
  `enchanted:${weapon.trim().toLowerCase()}:${(condition ?? "").trim().toLowerCase()}`;
/** The condition that marks an applied, unspent Enchantment on the armour. */
export const armourEnchantmentCondition = (name?: string): Mark =>
  `enchanted armour:${(name ?? "").trim().toLowerCase()}`;
export const findArmourEnchantment = (state: CombatState): { key: Mark; name: string } | undefined => {
  const key = markIn(state.conditions, "enchanted armour");
  return key === undefined ? undefined : { key, name: argOf(key, "enchanted armour")! };
};
export function findEnchantment(state: CombatState, weapon: string): { key: Mark; condition: string } | undefined {
  const part = `${weapon.trim().toLowerCase()}:`;
  const key = state.conditions.find((c) => argOf(c, "enchanted", part) !== undefined);
  return key === undefined ? undefined : { key, condition: argOf(key, "enchanted", part)! };
}

/**
 * The rank a combatant starts a fight in, from the weapon it holds first
 * (docs/rules/life-guard.md, "Ranks"): a ranged weapon starts in the Ranged
 * rank, a reach weapon in the Reach rank, anything else in the Melee rank.
 */
export function defaultRank(sheet: Pick<LifeGuardSheet, "weapons">): Rank {
  const first = sheet.weapons[0];
  if (first?.tags.includes("ranged")) return "ranged";
  if (first?.tags.includes("reach")) return "reach";
  return "melee";
}

/** A rank set in this fight (a placement or a move) is the fight mark `rank:<rank>`. */
export const rankCondition = (r: Rank) => `rank:${r}` as const;
export const rankFromConditions = (conditions: Mark[]): Rank | undefined => {
  const r = argIn(conditions, "rank");
  return RANKS.find((x) => x === r);
};

/**
 * "Each combat occurs on one or more battlefields" (seed 004, "Positioning"): the battlefield a combatant moved
 * to is the fight mark `field:<name>`; without one it stands on the battlefield the fight started on ("").
 */
export const fieldCondition = (name: string) => `field:${name.trim().toLowerCase()}` as const;
export const fieldOf = (state: CombatState): string => argIn(state.conditions, "field") ?? "";

/** Fresh state. No rank is stored: it comes from the weapons until the fight places or moves the combatant. */
export function initialState(sheet: LifeGuardSheet): CombatState {
  const conditions = sheet.weapons
    .filter((w) => w.tags.includes("enchanted") || w.enchantment !== undefined)
    .map((w) => enchantmentCondition(w.name, w.enchantment));
  if (sheet.armourEnchantment) conditions.push(armourEnchantmentCondition(sheet.armourEnchantment));
  return {
    conditions,
    life: sheet.life,
    lifeMax: sheet.life,
    headWoundLoss: 0,
    guard: sheet.guard,
    guardMax: sheet.guard,
    scars: [],
  };
}

const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v : d);

/** The state of a combatant, with anything missing filled from its sheet. */
export function readState(c: Combatant<LifeGuardSheet>): LifeGuardState {
  const s = c.state;
  const lifeMax = num(s.lifeMax, c.sheet.life);
  const guardMax = num(s.guardMax, c.sheet.guard);
  const conditions = Array.isArray(s.conditions) ? [...s.conditions] : [];
  // The rank this fight set (a fight mark) wins over a stored one; else the weapons decide.
  const rank =
    rankFromConditions(conditions) ?? (RANKS.includes(s.rank as Rank) ? (s.rank as Rank) : defaultRank(c.sheet));
  return {
    ...s,
    conditions,
    life: num(s.life, lifeMax),
    lifeMax,
    headWoundLoss: num(s.headWoundLoss, 0),
    guard: num(s.guard, guardMax),
    guardMax,
    rank,
    scars: Array.isArray(s.scars) ? [...(s.scars as string[])] : [],
  };
}

/** The state to store: the rank is the fight's (a condition) or the weapons', never kept on a sheet. */
export function stored(s: LifeGuardState): CombatState {
  const { rank: _rank, ...rest } = s;
  return rest;
}

/** Scar 6's loss counts while the head wound is untreated (treatment takes the condition away). */
export const effectiveLifeMax = (s: LifeGuardState) =>
  Math.max(0, s.lifeMax - (s.conditions.includes("head wound") ? s.headWoundLoss : 0));
export const canFight = (s: CombatState) => !s.conditions.some((c) => OUT_CONDITIONS.includes(c));

export function view(c: Combatant<LifeGuardSheet>): StateView {
  const s = readState(c);
  const max = effectiveLifeMax(s) + s.guardMax;
  const status =
    [
      COND.dead,
      COND.destroyed,
      COND.out,
      COND.routed,
      COND.fled,
      COND.mortal,
      COND.weakened,
      COND.deprived,
      COND.doomed,
    ].find((k) => s.conditions.includes(k)) ?? (s.life < effectiveLifeMax(s) ? "wounded" : "");
  return {
    summary: `Guard ${s.guard}/${s.guardMax} · Life ${s.life}/${effectiveLifeMax(s)}${c.sheet.warband ? " · warband" : ""} · ${s.rank[0]!.toUpperCase()}${s.rank.slice(1)} rank`,
    fraction: max > 0 ? Math.max(0, Math.min(1, (s.guard + s.life) / max)) : 0,
    status,
  };
}

export function describeSheet(sheet: LifeGuardSheet): [string, string][] {
  const rows: [string, string][] = [
    ["Life", String(sheet.life)],
    ["Guard", String(sheet.guard)],
    ["Armour", `${sheet.armour}${sheet.armourEnchantment ? ` (enchanted: ${sheet.armourEnchantment})` : ""}`],
    ["Morale", String(sheet.morale)],
    ["STR · DEX · WIL", `${sheet.str} · ${sheet.dex} · ${sheet.wil}`],
    [
      "Weapons",
      sheet.weapons.length === 0
        ? "none (unarmed d4)"
        : sheet.weapons
            .map(
              (w) =>
                `${w.name} ${w.die}${w.tags.length ? ` (${w.tags.join(", ")})` : ""}${w.enchantment ? ` [${w.enchantment}]` : ""}`,
            )
            .join("; "),
    ],
  ];
  if (sheet.oils.length) rows.push(["Oils", sheet.oils.join(", ")]);
  if (sheet.scars.length) rows.push(["Scars", sheet.scars.join("; ")]);
  if (sheet.warband) rows.push(["Warband", "yes"]);
  if (sheet.type) rows.push(["Type", sheet.type]);
  if (sheet.flying) rows.push(["Flying", "yes"]);
  return rows;
}
