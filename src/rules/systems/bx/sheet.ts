/** The B/X sheet: ability scores, HP, AC (descending or ascending), THAC0 / attack bonus, the five saves, weapons. */
import { z } from "zod";
import type { Combatant, CombatState, StateView } from "../types.js";
import { DICE_RE, abilityModifier, signed } from "./dice.js";
import { savesOf } from "./saves.js";
import { thac0Of } from "./thac0.js";
import { encumberedRate, loadWords, treasureSchema, type Encumbrance } from "./load.js";

const int = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number between ${min} and ${max}` })
    .int(`${field} must be a whole number between ${min} and ${max}`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

const score = (field: string) => int(field, 3, 18).default(10);

export const weaponSchema = z.object({
  name: z.string().min(1, "Weapon name must be 1 to 40 characters").max(40, "Weapon name must be 1 to 40 characters"),
  /** Damage dice (used for monsters, and for PCs under the Variable Weapon Damage option). */
  damage: z.string().regex(DICE_RE, "Weapon damage must be dice like 1d8 or 2d6+1").default("1d6"),
  kind: z
    .enum(["melee", "missile", "thrown"], { error: "Weapon kind must be melee, missile or thrown" })
    .default("melee"),
  /** Two-handed melee weapons (and some missile weapons) are slow: they act last. */
  slow: z.boolean().default(false),
  twoHanded: z.boolean().default(false),
  /** Magic bonus (+1 sword → 1): adds to attack and damage, and lets the weapon hurt monsters only magic can. */
  magic: int("Weapon magic bonus", 0, 5).default(0),
  silver: z.boolean().default(false),
  /** Short / medium / long range in feet, for missile and thrown weapons. */
  ranges: z.tuple([int("Short range", 5, 2000), int("Medium range", 5, 2000), int("Long range", 5, 2000)]).optional(),
  /** Free words other layers read (bx-house: "bow", "great bow", "crossbow", "sling", "spear", "polearm", "lance", "whip", "horns", "small", "large"…). */
  tags: z
    .array(z.string().max(20, "Weapon tags must be at most 20 characters"))
    .max(10, "At most 10 weapon tags")
    .default([]),
  /** bx-house: a weapon the character is not trained in. */
  trained: z.boolean().default(true),
});
export type BxWeapon = z.output<typeof weaponSchema>;

export { SAVE_KINDS, type SaveKind } from "./saves.js";

const savesSchema = z
  .object({
    death: int("Save vs Death/Poison", 2, 20).default(12),
    wands: int("Save vs Wands", 2, 20).default(13),
    paralysis: int("Save vs Paralysis/Petrification", 2, 20).default(14),
    breath: int("Save vs Breath Attacks", 2, 20).default(15),
    spells: int("Save vs Spells/Rods/Staves", 2, 20).default(16),
  })
  .optional();

/** A load as typed: a number, or "-" / "none" for no load of the referee's (the sheet's treasure and equipment count). */
const typedLoad = (v: unknown): unknown => {
  if (v === null) return undefined;
  if (typeof v !== "string") return v;
  const t = v.trim();
  return /^(-|none)$/i.test(t) ? undefined : /^\d+$/.test(t) ? Number(t) : v;
};

export const bxShape = {
  class: z
    .string()
    .min(1, "Class must be 1 to 30 characters")
    .max(30, "Class must be 1 to 30 characters")
    .default("fighter"),
  level: int("Level", 1, 36).default(1),
  /** Monsters: hit dice as written ("1-1", "4+1", "6+3", "1/2"). */
  hd: z
    .string()
    .regex(/^\s*(\d+|1\/2|½)(?:\s*([+-]\s*\d+))?\s*$/, "Hit dice must look like 1, 1/2, 4+1 or 1-1")
    .optional(),
  str: score("STR"),
  int: score("INT"),
  wis: score("WIS"),
  dex: score("DEX"),
  con: score("CON"),
  cha: score("CHA"),
  /** Maximum hit points. */
  hp: int("HP", 1, 999).default(6),
  /** Descending AC (9 unarmoured … 0 and below). Includes armour and shield. */
  ac: int("AC", -10, 10).default(9),
  /** Ascending AC; defaults to 19 − AC. */
  aac: int("AAC", 0, 30).optional(),
  /** Without it, the classic B/X attack table for the hit dice or the class and level (thac0.ts `thac0Of`). */
  thac0: int("THAC0", 1, 20).optional(),
  /** Attack bonus for ascending AC; defaults to 19 − THAC0. */
  attackBonus: int("Attack bonus", -1, 18).optional(),
  /** Which attack procedure this combatant uses: THAC0 against descending AC, or attack bonus against ascending AC. */
  acMode: z
    .enum(["descending", "ascending"], { error: "AC mode must be descending or ascending" })
    .default("descending"),
  saves: savesSchema,
  armour: z.enum(["none", "light", "heavy"], { error: "Armour must be none, light or heavy" }).default("none"),
  shield: z.boolean().default(false),
  weapons: z.array(weaponSchema).max(12, "At most 12 weapons").default([]),
  /** Base movement rate, feet per turn (encounter rate is a third). */
  movement: int("Movement", 0, 480).default(120),
  morale: int("Morale", 2, 12).optional(),
  loyalty: int("Loyalty", 2, 12).optional(),
  /** Referee's initiative modifier for very fast or slow monsters (individual initiative). */
  initiativeModifier: int("Initiative modifier", -3, 3).optional(),
  /** Invulnerability: weapons that can hurt it ("magic", "silver"); empty = anything. */
  hitOnlyBy: z.array(z.enum(["magic", "silver"], { error: "hitOnlyBy entries must be magic or silver" })).default([]),
  /** Size for weapons that care (lance, grappling surround counts). */
  size: z
    .enum(["small", "man", "large", "huge"], {
      error: "Size must be small, man, large or huge (larger than an ogre: giants, dragons)",
    })
    .default("man"),
  /** seed 002, "Tracking Encumbrance": treasure carried, by kind (`treasure=coin:700|gem:5`). */
  treasure: z.array(treasureSchema).max(8, "At most 8 kinds of treasure").default([]),
  /** seed 002, "Option 2: Detailed Encumbrance": the weight in coins of armour and weapons, from the equipment list. */
  equipment: int("Equipment weight in coins", 0, 10000).optional(),
  /** seed 002, "Option 2": "Miscellaneous adventuring gear … may be counted as 80 coins of weight." */
  gear: z.boolean().default(false),
  /**
   * The whole load in coins of weight as the referee gave it (`/dungeon set character coins`, or `load=` here): when
   * set, it counts instead of the treasure and equipment listed, for the dungeon turn, the fight and the sheet alike.
   */
  load: z.preprocess(typedLoad, int("Load in coins of weight", 0, 100000).optional()),
  /**
   * seed 002, "Destruction of Items": the equipment destroyed with a character killed by a destructive spell or special
   * attack (set by the save that killed it; the magic items that save leave the list). The referee undoes it with `destroyed=-`.
   */
  destroyed: z
    .array(z.string().max(40, "A destroyed item's name must be at most 40 characters"))
    .max(20, "At most 20 destroyed items")
    .optional(),
};

export const bxSheetSchema = z.object(bxShape);
export type BxSheet = z.output<typeof bxSheetSchema>;

export const bxMonsterSchema = z.object({
  ...bxShape,
  class: bxShape.class.default("monster"),
  hd: bxShape.hd.default("1"),
  hp: bxShape.hp.default(4),
  morale: bxShape.morale.default(7),
  /** seed 002, "Attacks Per Round": "Some monsters have multiple attacks." */
  attacks: int("Attacks per round", 1, 10).optional(),
});

/** Hit dice as a number for comparisons: "6+3" → 6, "1-1" → 1, "1/2" → 0.5; PCs: their level. */
export function hitDice(sheet: Pick<BxSheet, "hd" | "level">): number {
  if (!sheet.hd) return sheet.level;
  const m = /^\s*(\d+|1\/2|½)/.exec(sheet.hd);
  if (!m?.[1]) return sheet.level;
  return m[1] === "1/2" || m[1] === "½" ? 0.5 : Number(m[1]);
}

export const aacOf = (s: BxSheet): number => s.aac ?? 19 - s.ac;
export const attackBonusOf = (s: BxSheet): number => s.attackBonus ?? 19 - thac0Of(s).value;
/** "attack bonus +4", with the classic table that gave it when the sheet gives neither attack bonus nor THAC0. */
export function attackBonusWords(s: BxSheet): string {
  const t = thac0Of(s);
  return `attack bonus ${signed(attackBonusOf(s))}${s.attackBonus === undefined && t.source ? ` (${t.source})` : ""}`;
}

export interface BxState extends CombatState {
  hp: number;
  maxHp: number;
  /** Temporary (subdual) damage, bx-house. */
  subdual?: number;
}

export function bxInitialState(sheet: BxSheet): BxState {
  return { conditions: [], hp: sheet.hp, maxHp: sheet.hp };
}

export function hpOf(c: Combatant<BxSheet>): { hp: number; max: number } {
  const st = c.state as Partial<BxState>;
  const max = typeof st.maxHp === "number" ? st.maxHp : c.sheet.hp;
  const hp = typeof st.hp === "number" ? st.hp : max;
  return { hp, max };
}

export function bxView(c: Combatant<BxSheet>): StateView {
  const { hp, max } = hpOf(c);
  const sub = typeof c.state.subdual === "number" && c.state.subdual > 0 ? c.state.subdual : 0;
  const conds = c.state.conditions;
  // The one word for where it stands: a fight mark (initiative, charging…) is not a status; the roster lists those.
  const status =
    (["dead", "unconscious", "fled", "routed", "pinned", "stunned"] as const).find((x) => conds.includes(x)) ??
    (hp < max ? "wounded" : "");
  return {
    summary: `HP ${Math.max(hp, 0)}/${max}${sub ? ` (${sub} temporary)` : ""}`,
    fraction: max > 0 ? Math.min(1, Math.max(0, (hp - sub) / max)) : 0,
    status,
  };
}

/** The sheet's attack line and where its number comes from: the sheet's own, or the classic table that gave it. */
function attackWords(s: BxSheet): string {
  const t = thac0Of(s);
  const own = s.acMode === "ascending" ? s.attackBonus !== undefined || t.source === null : t.source === null;
  const value = s.acMode === "ascending" ? `attack bonus ${signed(attackBonusOf(s))}` : `THAC0 ${t.value}`;
  return `${value} (${own ? "the sheet's own" : t.source})`;
}

/**
 * The rate the fight and the dungeon turn use (seed 002, "Option 1"/"Option 2" under the campaign's encumbrance
 * option): "90' (30'), 420 coins: up to 600"; without encumbrance, the sheet's movement.
 */
function movementWords(s: BxSheet, encumbrance: Encumbrance): string {
  const e = encumberedRate(s, encumbrance);
  if (!e.canMove) return `cannot move (${e.why})`;
  return `${e.perTurn}' (${Math.floor(e.perTurn / 3)}')${encumbrance === "none" ? "" : `, ${e.why}`}`;
}

export function bxDescribeSheet(s: BxSheet, encumbrance: Encumbrance = "none"): [string, string][] {
  const rows: [string, string][] = [
    ["Class", s.hd ? `${s.class} (HD ${s.hd})` : `${s.class} ${s.level}`],
    ["Abilities", `STR ${s.str} · INT ${s.int} · WIS ${s.wis} · DEX ${s.dex} · CON ${s.con} · CHA ${s.cha}`],
    ["HP", `${s.hp}`],
    // The label names it once ("AC: 9", not "AC: AC 9").
    s.acMode === "ascending" ? ["AAC", `${aacOf(s)}`] : ["AC", `${s.ac}${s.shield ? " (with shield)" : ""}`],
    ["Attack", attackWords(s)],
    [
      "Saves",
      ((v) =>
        `D${v.values.death} W${v.values.wands} P${v.values.paralysis} B${v.values.breath} S${v.values.spells} (${v.source})`)(
        savesOf(s),
      ),
    ],
    ["Movement", movementWords(s, encumbrance)],
  ];
  const load = loadWords(s);
  if (load) rows.push(["Load", load]);
  if (s.weapons.length)
    rows.push(["Weapons", s.weapons.map((w) => `${w.name} ${w.damage}${w.slow ? " (slow)" : ""}`).join(", ")]);
  if (s.destroyed?.length)
    rows.push(["Destroyed", `${s.destroyed.join(", ")} (killed by a destructive attack; undo: \`destroyed=-\`)`]);
  if (s.morale !== undefined) rows.push(["Morale", `${s.morale}`]);
  if (s.loyalty !== undefined) rows.push(["Loyalty", `${s.loyalty}`]);
  if (s.hitOnlyBy.length) rows.push(["Hit only by", s.hitOnlyBy.join(" or ") + " weapons"]);
  const strMod = abilityModifier(s.str);
  if (strMod) rows.push(["STR modifier", signed(strMod)]);
  return rows;
}
