/**
 * Wandering monsters: when the check falls, the roll, and the campaign's
 * table. A system's own check (The Third Age's 1 in 6 every 1–3 turns) is
 * used as written; otherwise 1d6 against "X in 6" every N turns.
 */
import { countAs, type DiceBag } from "../dice/bag.js";
import { RuleError, type DungeonRules, type WanderingResult } from "../systems/types.js";
import { DREF } from "./refs.js";
import { counted } from "../numbers.js";

export type { WanderingResult };

/** Checks fall on turns that are multiples of the interval (every 2 → turns 2, 4, 6…), as the Third Age's check does. */
export const isCheckTurn = (turn: number, every: number): boolean => turn > 0 && turn % every === 0;

/** The first check turn after `turn`. */
export const nextCheckTurn = (turn: number, every: number): number => turn + (every - (turn % every));

export function wanderingRoll(
  input: { dungeon?: DungeonRules | undefined; turn: number; every: number; chance: number },
  bag: DiceBag,
): WanderingResult {
  const { turn, every, chance } = input;
  const own = input.dungeon?.wandering?.({ turn, every, chance }, bag);
  if (own) return own;
  const rules = [DREF.choice(`wandering monster on ${chance} in 6 every ${every} turn${every === 1 ? "" : "s"}`)];
  if (!isCheckTurn(turn, every)) {
    return {
      title: "No wandering-monster check",
      lines: [`Turn ${turn}: checks come every ${every} turns; next on turn ${nextCheckTurn(turn, every)}.`],
      rules,
      rolls: [],
      checked: false,
      encounter: false,
    };
  }
  if (chance <= 0)
    return {
      title: "No wandering monster",
      lines: [`Turn ${turn}: the chance is 0 in 6, nothing comes.`],
      rules,
      rolls: [],
      checked: true,
      encounter: false,
    };
  const mark = bag.log.length;
  const r = bag.roll("wandering monster", 1, 6);
  const encounter = r.total <= chance;
  return {
    title: encounter ? "Wandering monster!" : "No wandering monster",
    lines: [
      `Turn ${turn}: wandering-monster check 1d6 = ${r.total} (${chance} in 6)${encounter ? " → a wandering monster comes." : " → nothing comes."}`,
    ],
    rules,
    rolls: bag.since(mark),
    checked: true,
    encounter,
  };
}

/** One entry of the wandering table: how many (dice or a number) and what. */
export interface TableEntry {
  text: string;
  count: { dice: number; sides: number; modifier: number } | number;
  what: string;
}

const ENTRY = /^(?:(\d{1,2})d(\d{1,3})(?:\s*([+-]\s*\d{1,2}))?|(\d{1,2}))?\s*(\S.*|[^\S\n\r\u2028\u2029])$/i;
export const MAX_TABLE = 100;

/** "2d4 goblins; 1 ogre; 1d6 skeletons" (semicolons or new lines) → entries, each checked. */
export function parseTable(text: string): TableEntry[] {
  const items = text
    .split(/[;\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (!items.length)
    throw new RuleError("Give the table's entries separated by semicolons, e.g. `2d4 goblins; 1 ogre; 1d6 skeletons`.");
  if (items.length > MAX_TABLE) throw new RuleError(`A wandering table has at most ${MAX_TABLE} entries.`);
  return items.map(parseEntry);
}

/** One entry: "2d4 goblins", "1 ogre", "ogre" (one). */
export function parseEntry(text: string): TableEntry {
  const m = ENTRY.exec(text);
  const what = m?.[5]?.trim();
  if (!m || !what)
    throw new RuleError(`"${text}" is not an entry: write a number or dice, then the monsters, e.g. \`2d4 goblins\`.`);
  if (m[1] && m[2]) {
    const dice = Number(m[1]);
    const sides = Number(m[2]);
    if (dice < 1 || sides < 2) throw new RuleError(`"${text}": the dice must be like 1d6 or 2d4.`);
    return { text, count: { dice, sides, modifier: m[3] ? Number(m[3].replace(/\s/g, "")) : 0 }, what };
  }
  const n = m[4] ? Number(m[4]) : 1;
  if (n < 1) throw new RuleError(`"${text}": at least one monster.`);
  return { text, count: n, what };
}

/** How many appear: the entry's number (`how` null), or its dice rolled ("number appearing"), at least 1 and at most `max`. */
export function rollCount(
  count: TableEntry["count"],
  bag: DiceBag,
  max = 40,
): { count: number; lines: string[]; how: string | null } {
  if (typeof count === "number") return { count: Math.max(1, Math.min(max, count)), lines: [], how: null };
  const r = bag.roll("number appearing", count.dice, count.sides, count.modifier ? { modifier: count.modifier } : {});
  const n = Math.max(1, Math.min(max, r.total));
  // The number that appears, on this line and on its dice line alike: "= 0 → 1 (at least 1)".
  countAs(r, n, r.total < 1 ? "at least 1" : `at most ${max}`);
  const shown = `${r.total}${n !== r.total ? ` → ${n} (${r.counts!.why})` : ""}`;
  return {
    count: n,
    lines: [`Number appearing ${r.notation} (${r.dice.map((d) => d.value).join(", ")}) = ${shown}.`],
    how: `rolled ${r.notation}: ${shown}`,
  };
}

/** Rolls which entry (1dN over the entries, all equally likely) and how many appear (at least 1). */
export function rollTable(
  entries: TableEntry[],
  bag: DiceBag,
  max = 40,
): { count: number; what: string; monsters: string; lines: string[]; how: string } {
  if (!entries.length) throw new RuleError("The wandering table is empty: set it with /dungeon set table.");
  const lines: string[] = [];
  let entry = entries[0]!;
  if (entries.length > 1) {
    const r = bag.roll("wandering table", 1, entries.length);
    entry = entries[r.total - 1]!;
    lines.push(`Wandering table 1d${entries.length} = ${r.total}: ${entry.text}.`);
  } else lines.push(`Wandering table: ${entry.text}.`);
  const c = rollCount(entry.count, bag, max);
  lines.push(...c.lines);
  return {
    count: c.count,
    what: entry.what,
    monsters: counted(c.count, entry.what),
    lines,
    how: c.how ?? "the table's number",
  };
}
