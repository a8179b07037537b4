/**
 * Saving throw values by class and level. Seed 002 says "Each character class
 * has its table" but does not include the tables; a sheet may give its own
 * values, and otherwise the classic B/X class tables are used (docs/rules/bx.md).
 */
/** The five saving throws (seed 002, "Saving Throws"), in the order the sheet writes them. */
export const SAVE_KINDS = ["death", "wands", "paralysis", "breath", "spells"] as const;
export type SaveKind = (typeof SAVE_KINDS)[number];

/** What the saves read of a sheet: its own values, else its class and level (a monster: its hit dice). */
export interface SavesSheet {
  saves?: Record<SaveKind, number> | undefined;
  class: string;
  level: number;
  hd?: string | undefined;
}

type Row = [maxLevel: number, death: number, wands: number, paralysis: number, breath: number, spells: number];

/** Classic B/X: each row applies up to its level. */
const TABLES: Record<string, Row[]> = {
  cleric: [
    [4, 11, 12, 14, 16, 15],
    [8, 9, 10, 12, 14, 12],
    [12, 6, 7, 9, 11, 9],
    [36, 3, 5, 7, 8, 7],
  ],
  dwarf: [
    [3, 8, 9, 10, 13, 12],
    [6, 6, 7, 8, 10, 10],
    [9, 4, 5, 6, 7, 8],
    [36, 2, 3, 4, 4, 6],
  ],
  elf: [
    [3, 12, 13, 13, 15, 15],
    [6, 10, 11, 11, 13, 12],
    [9, 8, 9, 9, 10, 10],
    [36, 6, 7, 8, 8, 8],
  ],
  fighter: [
    [3, 12, 13, 14, 15, 16],
    [6, 10, 11, 12, 13, 14],
    [9, 8, 9, 10, 10, 12],
    [12, 6, 7, 8, 8, 10],
    [36, 4, 5, 6, 5, 8],
  ],
  "magic-user": [
    [5, 13, 14, 13, 16, 15],
    [10, 11, 12, 11, 14, 12],
    [36, 8, 9, 8, 11, 8],
  ],
  thief: [
    [4, 13, 14, 13, 16, 15],
    [8, 12, 13, 11, 14, 13],
    [12, 10, 11, 9, 12, 10],
    [36, 8, 9, 7, 10, 8],
  ],
  "normal man": [[36, 14, 15, 16, 17, 18]],
};
const ALIASES: Record<string, string> = {
  halfling: "dwarf",
  hobbit: "dwarf",
  "magic user": "magic-user",
  mage: "magic-user",
  wizard: "magic-user",
  ranger: "fighter",
  barbarian: "fighter",
  paladin: "fighter",
  pirate: "fighter",
};

export interface Saves {
  values: Record<SaveKind, number>;
  /** Where the values come from, in words for the sheet. */
  source: string;
}

/** The saves a combatant rolls against: the sheet's own, else its class's classic table (monsters: as a fighter of their hit dice). */
export function savesOf(sheet: SavesSheet): Saves {
  if (sheet.saves) return { values: sheet.saves, source: "the sheet's own" };
  const cls = sheet.class.trim().toLowerCase();
  const monster = !!sheet.hd;
  const key = ALIASES[cls] ?? cls;
  const table = TABLES[monster ? "fighter" : key];
  const level = monster ? Math.max(1, Math.floor(Number(/^\s*(\d+)/.exec(sheet.hd!)?.[1] ?? 1))) : sheet.level;
  if (!table)
    return {
      values: rowValues(TABLES.fighter![0]!),
      source: `no classic table for "${sheet.class}": a level 1 fighter's, set the sheet's saves`,
    };
  const row = table.find((r) => level <= r[0]) ?? table[table.length - 1]!;
  return {
    values: rowValues(row),
    source: monster ? `classic B/X, as a fighter of ${level} HD` : `classic B/X ${key} table, level ${level}`,
  };
}

const rowValues = (r: Row): Record<SaveKind, number> => ({
  death: r[1],
  wands: r[2],
  paralysis: r[3],
  breath: r[4],
  spells: r[5],
});
