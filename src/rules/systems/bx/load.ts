/**
 * What a character carries, in coins of weight, and the movement rate it leaves
 * (seed 002, "Tracking Encumbrance", "Option 1: Basic Encumbrance", "Option 2:
 * Detailed Encumbrance"). The sheet lists treasure by kind, the weight of armour
 * and weapons from the equipment list, and whether it carries adventuring gear.
 */
import { z } from "zod";
import {
  ADVENTURING_GEAR_WEIGHT,
  TREASURE_WEIGHTS,
  basicEncumbrance,
  detailedEncumbrance,
  type TreasureKind,
} from "./time.js";

export type Encumbrance = "none" | "basic" | "detailed";
export const TREASURE_KINDS = Object.keys(TREASURE_WEIGHTS) as TreasureKind[];

/** "coins", "Gems", "jewelry", "staves" → the table's kind. */
const KIND_ALIASES: Record<string, TreasureKind> = {
  coins: "coin",
  gp: "coin",
  sp: "coin",
  cp: "coin",
  ep: "coin",
  pp: "coin",
  gems: "gem",
  jewelry: "jewellery",
  jewels: "jewellery",
  potions: "potion",
  rods: "rod",
  scrolls: "scroll",
  staves: "staff",
  wands: "wand",
};
const kindOf = (v: unknown) =>
  typeof v === "string" ? (KIND_ALIASES[v.trim().toLowerCase()] ?? v.trim().toLowerCase()) : v;

export const treasureSchema = z.object({
  kind: z.preprocess(
    kindOf,
    z.enum(TREASURE_KINDS as [TreasureKind, ...TreasureKind[]], {
      error: `Treasure must be one of ${TREASURE_KINDS.join(", ")}`,
    }),
  ),
  count: z
    .number({ error: "A treasure's count must be a whole number from 0 to 100,000" })
    .int("A treasure's count must be a whole number from 0 to 100,000")
    .min(0, "A treasure's count must be a whole number from 0 to 100,000")
    .max(100000, "A treasure's count must be a whole number from 0 to 100,000")
    .default(1),
});
export type Treasure = z.output<typeof treasureSchema>;

export interface Load {
  treasure: number;
  /** Armour, weapons and gear: counted only under detailed encumbrance. */
  equipment: number;
  /** What counts under the option: basic, the treasure alone; detailed, everything. */
  total: number;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);

/** The load a sheet lists (a sheet read as stored: unknown fields are read defensively). */
export function loadOf(sheet: Record<string, unknown>, encumbrance: Encumbrance): Load {
  const items = Array.isArray(sheet.treasure) ? (sheet.treasure as Partial<Treasure>[]) : [];
  const treasure = items.reduce(
    (t, i) => t + (i.kind && i.kind in TREASURE_WEIGHTS ? TREASURE_WEIGHTS[i.kind] * num(i.count ?? 1) : 0),
    0,
  );
  const equipment = num(sheet.equipment) + (sheet.gear === true ? ADVENTURING_GEAR_WEIGHT : 0);
  // The referee's load (/dungeon set): the one load the dungeon, the fight and the sheet read.
  const given = givenLoad(sheet);
  if (given !== undefined) return { treasure, equipment, total: given };
  return { treasure, equipment, total: encumbrance === "detailed" ? treasure + equipment : treasure };
}

/** The load the referee gave (`load` on the sheet), if any. */
export const givenLoad = (sheet: Record<string, unknown>): number | undefined =>
  typeof sheet.load === "number" && Number.isFinite(sheet.load) && sheet.load >= 0 ? sheet.load : undefined;

/** The sheet's load in words for the sheet embed: "700 coins · 700 coins of weight in all (at most 1,600)". */
export function loadWords(sheet: Record<string, unknown>): string | null {
  const given = givenLoad(sheet);
  if (given !== undefined) return `${given} coins of weight, as the referee set it (at most 1,600)`;
  const l = loadOf(sheet, "detailed");
  if (!l.treasure && !l.equipment) return null;
  const items = (Array.isArray(sheet.treasure) ? (sheet.treasure as Treasure[]) : [])
    .filter((i) => i.count > 0)
    .map((i) => `${i.count} ${i.count === 1 ? i.kind : PLURAL[i.kind]}`);
  const parts = [
    ...(items.length ? [`${items.join(", ")}${l.equipment ? ` (${l.treasure})` : ""}`] : []),
    ...(l.equipment
      ? [
          `equipment ${l.equipment}${sheet.gear === true ? ` (with ${ADVENTURING_GEAR_WEIGHT} of adventuring gear)` : ""}`,
        ]
      : []),
  ];
  return `${parts.join("; ")} · ${l.treasure + l.equipment} coins of weight in all (at most 1,600)`;
}

const PLURAL: Record<TreasureKind, string> = {
  coin: "coins",
  gem: "gems",
  jewellery: "pieces of jewellery",
  potion: "potions",
  rod: "rods",
  scroll: "scrolls",
  staff: "staves",
  wand: "wands",
};

export const readEncumbrance = (settings: Record<string, unknown> | undefined): Encumbrance =>
  settings?.encumbrance === "basic" || settings?.encumbrance === "detailed" ? settings.encumbrance : "none";

/**
 * A combatant's movement rate in feet per turn under the campaign's encumbrance option, with the reason.
 * `coins`: a load an older /dungeon set kept on the dungeon's clock, read when the sheet has none of its own.
 */
export function encumberedRate(
  sheet: Record<string, unknown>,
  encumbrance: Encumbrance,
  coins?: number,
): { perTurn: number; why: string; canMove: boolean } {
  const base = typeof sheet.movement === "number" ? sheet.movement : 120;
  if (encumbrance === "none") return { perTurn: base, why: `movement ${base}'`, canMove: true };
  // The sheet's own load first (the one /dungeon set writes); `coins`: a load kept on the dungeon's clock before loads moved onto sheets.
  const load = givenLoad(sheet) ?? coins ?? loadOf(sheet, encumbrance).total;
  const armour = sheet.armour === "light" || sheet.armour === "heavy" ? sheet.armour : "none";
  const e =
    encumbrance === "basic"
      ? basicEncumbrance({ armour, carryingTreasure: load > 0, treasureWeight: load })
      : detailedEncumbrance(load);
  return { perTurn: Math.min(base, e.perTurn), why: e.reason, canMove: e.canMove };
}
