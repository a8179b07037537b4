/**
 * Castles & Crusades sheets: the character sheet, the monster sheet, the
 * monster presets, attribute modifiers and small dice-expression helpers.
 */
import { z } from "zod";
import { formatDamage, parseDamage, type DamageDice } from "../../dice/damage.js";
import { RuleError } from "../types.js";
import { banded, signed } from "../../numbers.js";

/** Cite seed 003 by its exact heading. */
export const ref = (heading: string): string => `seed 003, "${heading}"`;

export const ATTRIBUTE_KEYS = ["str", "dex", "con", "int", "wis", "cha"] as const;
export type AttributeKey = (typeof ATTRIBUTE_KEYS)[number];
export const ATTRIBUTE_NAMES: Record<AttributeKey, string> = {
  str: "Strength",
  dex: "Dexterity",
  con: "Constitution",
  int: "Intelligence",
  wis: "Wisdom",
  cha: "Charisma",
};

export const SIZES = ["tiny", "small", "medium", "large", "huge", "gargantuan"] as const;
export type Size = (typeof SIZES)[number];
export const sizeIndex = (s: Size): number => SIZES.indexOf(s);

export const SHIELDS = ["none", "small", "medium", "large"] as const;
export type ShieldSize = (typeof SHIELDS)[number];
/** How many attackers a shield's +1 works against (seed 003, "Shields"). */
export const SHIELD_ATTACKERS: Record<ShieldSize, number> = { none: 0, small: 1, medium: 2, large: 3 };

/** Classes whose prime attribute is fixed by the class (Castles & Crusades Players Handbook). */
export const CLASS_PRIME: Record<string, AttributeKey> = {
  fighter: "str",
  ranger: "str",
  barbarian: "con",
  monk: "con",
  rogue: "dex",
  assassin: "dex",
  wizard: "int",
  illusionist: "int",
  cleric: "wis",
  druid: "wis",
  knight: "cha",
  paladin: "cha",
  bard: "cha",
};
/** Classes that add their level as BtH (the fighter-types). */
export const FULL_BTH_CLASSES = ["fighter", "ranger", "barbarian", "knight", "paladin"];
/** Hit die by class (Castles & Crusades Players Handbook; not in the seed). */
export const CLASS_HIT_DIE: Record<string, number> = {
  fighter: 10,
  ranger: 10,
  barbarian: 12,
  knight: 10,
  paladin: 10,
  monk: 8,
  rogue: 6,
  assassin: 6,
  bard: 10,
  cleric: 8,
  druid: 8,
  wizard: 4,
  illusionist: 4,
};
/** The hit dice a monster's line may name ("HD 4 (d10)"); d8 when it names none ("a 3d8 hit dice creature"). */
export const HIT_DICE = [4, 6, 8, 10, 12] as const;
/** Average hit points per level of a class's hit die, rounded up (used only when no HP is typed). */
const perLevel = (cls: string): number => {
  const die = CLASS_HIT_DIE[cls];
  return die ? Math.ceil((die + 1) / 2) : 5;
};

/**
 * C&C attribute modifier (Players Handbook table, not in the seed):
 * 1 → −4, 2–3 → −3, 4–5 → −2, 6–8 → −1, 9–12 → 0, 13–15 → +1, 16–17 → +2,
 * 18–19 → +3, 20–21 → +4, 22–23 → +5, 24–25 → +6.
 */
export function attributeModifier(score: number): number {
  return banded(
    score,
    [
      [1, -4],
      [3, -3],
      [5, -2],
      [8, -1],
      [12, 0],
      [15, 1],
      [17, 2],
    ],
    (s) => 3 + Math.floor((s - 18) / 2),
  );
}

const attr = (name: string) =>
  z
    .number({ error: `${name} must be a number between 3 and 25` })
    .int(`${name} must be a whole number between 3 and 25`)
    .min(3, `${name} must be between 3 and 25`)
    .max(25, `${name} must be between 3 and 25`);

/** A dice expression: "1d8", "2d4+1", "1d6-1", or a flat number "3". */
export const DICE_RE = /^\s*(?:(\d{1,2})?d(\d{1,3})(?:\s*([+-]\s*\d{1,3}))?|(\d{1,3}))\s*$/i;

export type DiceExpr = DamageDice;

export function parseDice(expr: string): DiceExpr {
  const d = DICE_RE.test(expr) ? parseDamage(expr) : undefined;
  if (!d) throw new RuleError(`"${expr}" is not a damage roll: write it like 1d8, 2d4+1 or 3.`);
  if (d.count === 0) return { ...d, sides: 1 };
  if (d.count < 1 || d.sides < 1) throw new RuleError(`"${expr}" needs at least one die of at least one side.`);
  return d;
}

export const formatDice = (d: DiceExpr): string => formatDamage(d);

export const weaponSchema = z.object({
  name: z
    .string({ error: "Weapon name must be text of 1 to 40 characters" })
    .trim()
    .min(1, "Weapon name must be 1 to 40 characters")
    .max(40, "Weapon name must be 1 to 40 characters"),
  damage: z
    .string({ error: "Weapon damage must be a dice expression like 1d8 or 2d4+1" })
    .regex(DICE_RE, "Weapon damage must be a dice expression like 1d8 or 2d4+1")
    .default("1d6"),
  kind: z
    .enum(["melee", "ranged", "thrown"], { error: "Weapon kind must be melee, ranged or thrown" })
    .default("melee"),
  /** Range increment in feet (close range); 0 for melee-only weapons. */
  range: z
    .number({ error: "Weapon range must be between 0 and 500 feet" })
    .int("Weapon range must be a whole number of feet")
    .min(0, "Weapon range must be between 0 and 500 feet")
    .max(500, "Weapon range must be between 0 and 500 feet")
    .default(0),
  /** Magic bonus, added to hit and to damage. */
  bonus: z
    .number({ error: "Weapon bonus must be between -5 and 5" })
    .int("Weapon bonus must be a whole number")
    .min(-5, "Weapon bonus must be between -5 and 5")
    .max(5, "Weapon bonus must be between -5 and 5")
    .default(0),
  /** Reach in feet (for the first-round exception of "Initiative"). */
  reach: z
    .number({ error: "Weapon reach must be between 0 and 30 feet" })
    .int("Weapon reach must be a whole number of feet")
    .min(0, "Weapon reach must be between 0 and 30 feet")
    .max(30, "Weapon reach must be between 0 and 30 feet")
    .default(5),
  /** Crossbow bolts that miss fly on up to long range ("Ranged Combat"). */
  crossbow: z.boolean({ error: "Weapon crossbow must be true or false" }).default(false),
  /** A monster's attack that deals subdual damage ("If a monster's attack causes subdual … the monster description will note it"). */
  subdual: z.boolean({ error: "Weapon subdual must be true or false" }).optional(),
});
export type Weapon = z.infer<typeof weaponSchema>;

const baseShape = {
  level: z
    .number({ error: "Level must be a number between 1 and 30" })
    .int("Level must be a whole number")
    .min(1, "Level must be between 1 and 30")
    .max(30, "Level must be between 1 and 30")
    .default(1),
  class: z
    .string({ error: "Class must be text of 1 to 30 characters" })
    .trim()
    .toLowerCase()
    .min(1, "Class must be 1 to 30 characters")
    .max(30, "Class must be 1 to 30 characters")
    .default("fighter"),
  str: attr("Strength").default(10),
  dex: attr("Dexterity").default(10),
  con: attr("Constitution").default(10),
  int: attr("Intelligence").default(10),
  wis: attr("Wisdom").default(10),
  cha: attr("Charisma").default(10),
  primes: z
    .array(z.enum(ATTRIBUTE_KEYS, { error: "Primes must be among str, dex, con, int, wis, cha" }))
    .max(6, "Primes must list between 0 and 6 attributes")
    .optional(),
  bth: z
    .number({ error: "BtH must be between -5 and 30" })
    .int("BtH must be a whole number")
    .min(-5, "BtH must be between -5 and 30")
    .max(30, "BtH must be between -5 and 30")
    .optional(),
  /** Armour class as the sheet lists it: 10 + armour + DEX + magic, without the shield. */
  ac: z
    .number({ error: "AC must be between 1 and 40" })
    .int("AC must be a whole number")
    .min(1, "AC must be between 1 and 40")
    .max(40, "AC must be between 1 and 40")
    .default(10),
  /** The part of AC that comes from rings, robes and spells: it also counts against touch attacks. */
  magicAc: z
    .number({ error: "Magic AC must be between -5 and 10" })
    .int("Magic AC must be a whole number")
    .min(-5, "Magic AC must be between -5 and 10")
    .max(10, "Magic AC must be between -5 and 10")
    .default(0),
  hpMax: z
    .number({ error: "HP max must be between 1 and 999" })
    .int("HP max must be a whole number")
    .min(1, "HP max must be between 1 and 999")
    .max(999, "HP max must be between 1 and 999")
    .optional(),
  weapons: z.array(weaponSchema).max(10, "Weapons must list between 0 and 10 weapons").default([]),
  shield: z.enum(SHIELDS, { error: "Shield must be none, small, medium or large" }).default("none"),
  size: z.enum(SIZES, { error: "Size must be tiny, small, medium, large, huge or gargantuan" }).default("medium"),
  /** Base movement rate in feet per round. */
  move: z
    .number({ error: "Move must be between 0 and 240 feet" })
    .int("Move must be a whole number of feet")
    .min(0, "Move must be between 0 and 240 feet")
    .max(240, "Move must be between 0 and 240 feet")
    .default(30),
  /** Items carried in the backpack ("Use an Item": "it would take at least a round to take off the pack, dig through it, and retrieve the item"). */
  packed: z
    .array(
      z
        .string({ error: "Packed items must be names of 1 to 40 characters" })
        .trim()
        .min(1, "Packed items must be names of 1 to 40 characters")
        .max(40, "Packed items must be names of 1 to 40 characters"),
    )
    .max(20, "Packed must list between 0 and 20 items")
    .optional(),
  /** Attacks a round when a special ability (a monster's claws and bite) exceeds the one of "Attack". */
  attacks: z
    .number({ error: "Attacks must be between 1 and 10" })
    .int("Attacks must be a whole number")
    .min(1, "Attacks must be between 1 and 10")
    .max(10, "Attacks must be between 1 and 10")
    .optional(),
  /** Abilities a round ("Use an Ability": "Some monsters can perform more than one ability per round"); one unless given. */
  abilities: z
    .number({ error: "Abilities must be between 1 and 10" })
    .int("Abilities must be a whole number")
    .min(1, "Abilities must be between 1 and 10")
    .max(10, "Abilities must be between 1 and 10")
    .optional(),
};

export interface SiegeSheet extends Record<string, unknown> {
  level: number;
  class: string;
  str: number;
  dex: number;
  con: number;
  int: number;
  wis: number;
  cha: number;
  primes: AttributeKey[];
  bth: number;
  ac: number;
  magicAc: number;
  hpMax: number;
  weapons: Weapon[];
  shield: ShieldSize;
  size: Size;
  move: number;
  attacks?: number | undefined;
  /** Abilities a round, when more than one ("Use an Ability"). */
  abilities?: number | undefined;
  /** Items in the backpack: a round to dig one out before it can be used ("Use an Item"). */
  packed?: string[] | undefined;
  /** Monsters: the die of each hit die (d8 unless the line names another). */
  hitDie?: number | undefined;
}

/** A player character or retainer. Defaults: primes from the class, BtH = level for fighter-types (half otherwise), HP from the class's average die. */
export const sheetSchema: z.ZodType<SiegeSheet> = z.object(baseShape).transform((s): SiegeSheet => {
  const prime = CLASS_PRIME[s.class];
  const primes = s.primes ?? (prime ? [prime] : []);
  const bth = s.bth ?? (FULL_BTH_CLASSES.includes(s.class) ? s.level : Math.floor(s.level / 2));
  const hpMax = s.hpMax ?? Math.max(s.level, perLevel(s.class) * s.level + attributeModifier(s.con) * s.level);
  return { ...s, primes: [...new Set(primes)], bth, hpMax };
});

/** A monster: level is its hit dice; its BtH is its hit dice unless typed; primes default to the physical ones. */
export const monsterSchema: z.ZodType<SiegeSheet> = z
  .object({
    ...baseShape,
    level: z
      .number({ error: "Hit dice must be a number between 0 and 50" })
      .int("Hit dice must be a whole number")
      .min(0, "Hit dice must be between 0 and 50")
      .max(50, "Hit dice must be between 0 and 50")
      .default(1),
    class: baseShape.class.default("monster"),
    // A monster's BtH is its hit dice (up to 50) unless typed: a saved monster's own BtH must read back.
    bth: z
      .number({ error: "BtH must be between -5 and 50" })
      .int("BtH must be a whole number")
      .min(-5, "BtH must be between -5 and 50")
      .max(50, "BtH must be between -5 and 50")
      .optional(),
    hitDie: z
      .number({ error: "Hit die must be 4, 6, 8, 10 or 12 (a d8 is 8)" })
      .refine((n) => (HIT_DICE as readonly number[]).includes(n), "Hit die must be 4, 6, 8, 10 or 12 (a d8 is 8)")
      .default(8),
  })
  .transform(
    (s): SiegeSheet => ({
      ...s,
      primes: [...new Set(s.primes ?? (["str", "dex", "con"] as AttributeKey[]))],
      bth: s.bth ?? s.level,
      hpMax: s.hpMax ?? Math.max(1, Math.ceil(s.level * 4.5)),
    }),
  );

export const mod = (sheet: SiegeSheet, key: AttributeKey): number => attributeModifier(sheet[key]);

/** "Strength", "str", "STR" → "str". */
export function attributeKey(name: string): AttributeKey {
  const n = name.trim().toLowerCase();
  for (const k of ATTRIBUTE_KEYS) if (n === k || n === ATTRIBUTE_NAMES[k].toLowerCase()) return k;
  throw new RuleError(
    `"${name}" is not an attribute: use Strength, Dexterity, Constitution, Intelligence, Wisdom or Charisma.`,
  );
}

export { signed };

export function describeSheet(s: SiegeSheet): [string, string][] {
  const attrs = ATTRIBUTE_KEYS.map(
    (k) => `${k.toUpperCase()} ${s[k]} (${signed(attributeModifier(s[k]))})${s.primes.includes(k) ? "*" : ""}`,
  ).join(" · ");
  return [
    [
      s.class === "monster" ? "Hit dice" : "Class / level",
      s.class === "monster" ? `${s.level} (d${s.hitDie ?? 8})` : `${s.class} ${s.level}`,
    ],
    ["Attributes (* prime)", attrs],
    ["BtH", signed(s.bth)],
    ["AC", `${s.ac}${s.shield !== "none" ? ` (+1 ${s.shield} shield vs ${SHIELD_ATTACKERS[s.shield]})` : ""}`],
    ["HP", String(s.hpMax)],
    [
      "Weapons",
      s.weapons.length
        ? s.weapons
            .map(
              (x) =>
                `${x.name} ${x.damage}${x.bonus ? ` ${signed(x.bonus)}` : ""} (${x.kind}${x.range ? `, ${x.range} ft` : ""}${x.subdual ? ", subdual" : ""})`,
            )
            .join(", ")
        : "unarmed 1d2 subdual",
    ],
    ["Size / move", `${s.size}, ${s.move} ft`],
    ...(s.attacks && s.attacks > 1 ? [["Attacks a round", String(s.attacks)] as [string, string]] : []),
    ...(s.abilities && s.abilities > 1 ? [["Abilities a round", String(s.abilities)] as [string, string]] : []),
    ...(s.packed?.length ? [["In the backpack (a round to dig out)", s.packed.join(", ")] as [string, string]] : []),
  ];
}
