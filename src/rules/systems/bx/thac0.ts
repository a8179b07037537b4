/**
 * THAC0 by hit dice and by class and level. Seed 002 looks the attack up "in
 * the attack matrix row for the attacker's THAC0 (see Combat Tables)" but does
 * not include the tables; a sheet may give its own THAC0, and otherwise the
 * classic B/X tables are used (docs/rules/bx.md), as saves are (saves.ts).
 */

/** What the tables read from a sheet (structural, so this file needs nothing from sheet.ts). */
export interface Thac0Sheet {
  class: string;
  level: number;
  hd?: string | undefined;
  thac0?: number | undefined;
}

export interface Thac0 {
  value: number;
  /** Where the value comes from, in words: "classic monster table, HD 4+1", or null for the sheet's own. */
  source: string | null;
}

/**
 * Classic B/X monster attack table: a monster attacks by the band its hit dice
 * fall in ("up to 1", "1+ to 2", … "21+"). Each entry is the band's upper
 * bound and its THAC0.
 */
const MONSTER: [upTo: number, thac0: number][] = [
  [1, 19],
  [2, 18],
  [3, 17],
  [4, 16],
  [5, 15],
  [6, 14],
  [7, 13],
  [9, 12],
  [11, 11],
  [13, 10],
  [15, 9],
  [17, 8],
  [19, 7],
  [21, 6],
];
const MONSTER_ABOVE = 5;

/** Classic B/X character attack tables: THAC0 improves every `per` levels; demi-humans stop at their highest level. */
const CLASS: Record<string, { per: number; steps: number[]; maxLevel?: number }> = {
  fighter: { per: 3, steps: [19, 17, 14, 12, 10, 8, 6, 4, 3, 2] },
  dwarf: { per: 3, steps: [19, 17, 14, 12], maxLevel: 12 },
  elf: { per: 3, steps: [19, 17, 14, 12], maxLevel: 10 },
  halfling: { per: 3, steps: [19, 17, 14], maxLevel: 8 },
  cleric: { per: 4, steps: [19, 17, 14, 12, 10, 8, 6, 4, 3] },
  thief: { per: 4, steps: [19, 17, 14, 12, 10, 8, 6, 4, 3] },
  "magic-user": { per: 5, steps: [19, 17, 14, 12, 10, 8, 6, 4] },
};
const NORMAL_MAN = 20;
const ALIASES: Record<string, string> = {
  hobbit: "halfling",
  "magic user": "magic-user",
  mage: "magic-user",
  wizard: "magic-user",
  ranger: "fighter",
  barbarian: "fighter",
  paladin: "fighter",
  pirate: "fighter",
  "normal human": "normal man",
  "normal men": "normal man",
};

/** Hit dice as the table compares them: "4+1" is above 4 (the "4+ to 5" band), "1-1" below 1, "1/2" a half. */
function hdForTable(hd: string): number {
  const m = /^\s*(\d+|1\/2|½)\s*([+-])?/.exec(hd);
  if (!m) return 1;
  const base = m[1] === "1/2" || m[1] === "½" ? 0.5 : Number(m[1]);
  return m[2] === "+" ? base + 0.5 : m[2] === "-" ? base - 0.5 : base;
}

/** The classic monster attack table's THAC0 for these hit dice. */
export function monsterThac0(hd: string): number {
  const n = hdForTable(hd);
  return MONSTER.find(([upTo]) => n <= upTo)?.[1] ?? MONSTER_ABOVE;
}

/** The classic character attack table's THAC0 for a class and level; null for a class without a classic table. */
export function classThac0(cls: string, level: number): number | null {
  const key = classKey(cls);
  if (key === "normal man") return NORMAL_MAN;
  const t = CLASS[key];
  if (!t) return null;
  const lvl = Math.max(1, Math.min(level, t.maxLevel ?? level));
  return t.steps[Math.min(t.steps.length - 1, Math.floor((lvl - 1) / t.per))]!;
}

const classKey = (cls: string): string => {
  const c = cls.trim().toLowerCase();
  return ALIASES[c] ?? c;
};

/** The THAC0 a combatant attacks with: the sheet's own, else a Normal Man's, else by hit dice (monsters), else by class and level. */
export function thac0Of(sheet: Thac0Sheet): Thac0 {
  if (sheet.thac0 !== undefined) return { value: sheet.thac0, source: null };
  const key = classKey(sheet.class);
  if (key === "normal man") return { value: NORMAL_MAN, source: "classic table, a Normal Man" };
  if (sheet.hd)
    return { value: monsterThac0(sheet.hd), source: `classic monster table, HD ${sheet.hd.replace(/\s/g, "")}` };
  const value = classThac0(key, sheet.level);
  if (value === null)
    return { value: 19, source: `no classic table for "${sheet.class}": a level 1 fighter's, set the sheet's thac0` };
  const max = CLASS[key]!.maxLevel;
  const capped = max !== undefined && sheet.level > max ? `, as level ${max}, its highest` : "";
  return { value, source: `classic ${key} table, level ${sheet.level}${capped}` };
}

/** "THAC0 15 (classic monster table, HD 4+1)", or "THAC0 17" when the sheet gives it. */
export function thac0Words(t: Thac0): string {
  return t.source ? `THAC0 ${t.value} (${t.source})` : `THAC0 ${t.value}`;
}
