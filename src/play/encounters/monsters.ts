/** "4 goblins, an orc, 2 standard" → monster sheets from the system's presets, or custom stats. */
import { possessive } from "../../rules/books.js";
import type { DiceBag } from "../../rules/dice/bag.js";
import type { RuleResult, RuleSystem } from "../../rules/systems/types.js";
import { rollCount } from "../../rules/dungeon/wandering.js";
import { ruling } from "../../rules/ruling.js";
import { counted, plainSingular } from "../../rules/numbers.js";
import { UserError } from "../errors.js";
import { didYouMean } from "../nearest.js";
import { statLines, type BestiaryEntry } from "./bestiary.js";

export interface MonsterSpec {
  name: string;
  count: number;
  sheet: Record<string, unknown>;
  /** The fields the referee typed (none for a preset): a system rolls what is not given (`rollMonster`). */
  typed: Record<string, unknown>;
}

const WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
export const MAX_MONSTERS = 40;

/** The word as typed and its possible singulars: "goblins" → goblins, goblin. */
function forms(word: string): string[] {
  const w = word.toLowerCase().trim();
  return [
    w,
    w.replace(/ies$/, "y"),
    w.replace(/es$/, ""),
    w.replace(/s$/, ""),
    w.replace(/ves$/, "f"),
    w.replace(/men$/, "man"),
  ];
}

function singular(word: string, presets: string[]): string | undefined {
  return forms(word).find((t) => presets.includes(t));
}

function title(s: string): string {
  return s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

/** The items of a list of monsters: "4 goblins, 1 ogre and 2 orcs". */
const itemsOf = (spec: string): string[] =>
  spec
    .split(/,|\band\b/)
    .map((x) => x.trim())
    .filter(Boolean);

/** A count given as dice ("1d6 kobolds", "2d4+1 goblins", or "1d6" alone for the kind a stat line names). */
const DICE_COUNT = /^(\d{1,2})d(\d{1,3})(?:\s*([+-]\s*\d{1,2}))?(?:\s+(\S.*))?$/i;

/**
 * "1d6 kobolds, 1 ogre": each count given as dice is rolled (the number appearing), before the monsters
 * are read; the result says each ("3 kobolds (rolled 1d6: 3)"). Nothing given as dice: no roll, no result.
 */
export function rollAppearing(spec: string, dice: DiceBag): { spec: string; result: RuleResult | null } {
  const mark = dice.log.length;
  const lines: string[] = [];
  const items = itemsOf(spec).map((item) => {
    const m = DICE_COUNT.exec(item);
    if (!m) return item;
    const [count, sides] = [Number(m[1]), Number(m[2])];
    if (count < 1 || sides < 2) throw new UserError(`"${item}": roll how many with dice like 1d6 or 2d4.`);
    const r = rollCount(
      { dice: count, sides, modifier: m[3] ? Number(m[3].replace(/\s/g, "")) : 0 },
      dice,
      MAX_MONSTERS,
    );
    const rolled = m[4] ? counted(r.count, m[4]) : String(r.count);
    lines.push(`${rolled} (${r.how})`);
    return rolled;
  });
  if (!lines.length) return { spec, result: null };
  return {
    spec: items.join(", "),
    result: { title: "Number appearing", lines, rules: [NUMBER_APPEARING], rolls: dice.since(mark) },
  };
}

const NUMBER_APPEARING = ruling(null, "how many appear, rolled on the dice the referee gives");

/** Two names for the same kind of monster: "skeletons" and "Skeleton", "wolves" and "wolf". */
const sameKind = (a: string, b: string): boolean => forms(a).some((x) => forms(b).includes(x));

const COUNT_WORD = /^(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)$/i;

/**
 * Parses a list of presets (or the campaign's bestiary). With `stats` and one kind, that kind is the custom
 * monster the stat line gives. With several kinds (or several stat lines, separated by `;`), each stat line
 * names the kind it is for ("Wight: HD 3 AC 5"): only that kind gets it, the others keep their preset.
 */
export function parseMonsters(
  system: RuleSystem,
  spec: string,
  stats?: string | null,
  bestiary: Record<string, BestiaryEntry> = {},
): MonsterSpec[] {
  const presets = [...Object.keys(system.presets), ...Object.keys(bestiary)];
  const items = itemsOf(spec);
  if (!items.length) throw new UserError("Name the monsters, e.g. `4 goblins` or `2 orcs, 1 ogre`.");
  const lines = stats?.trim() ? statLines(system, stats) : [];
  // One kind and one stat line: the line is that kind's, whatever it calls it (today's `stats`).
  const single = items.length === 1 && lines.length === 1;
  const parsed = items.map((item) => countOf(item, single));
  if (lines.length && !single && lines.some((l) => !l.name))
    throw new UserError(
      severalKinds(
        system,
        parsed.map((p) => p.what),
        presets,
      ),
    );
  const used = new Set<number>();
  const out: MonsterSpec[] = [];
  for (const { count, what } of parsed) {
    const at = single ? 0 : lines.findIndex((l) => sameKind(l.name!, what));
    const line = lines[at];
    if (line) {
      used.add(at);
      // The stat line's own name ("Knight HD 3 …") is the monster's; `monsters` then gives how many.
      const called = line.name?.trim() || what;
      if (!called)
        throw new UserError(
          "Name the monsters these stats are for: `monsters:2 ogres`, or put the name in front of the stat line.",
        );
      out.push({
        name: title(count > 1 ? plainSingular(called) : called),
        count,
        sheet: line.sheet,
        typed: line.typed,
      });
      continue;
    }
    out.push(presetOf(system, { count, what }, { presets, bestiary, statLines: lines.length > 0 }));
  }
  const unused = lines.filter((_, i) => !used.has(i));
  if (unused.length) {
    const listed = parsed.map((p) => p.what).join(", ");
    throw new UserError(
      `The stats for ${unused.map((l) => `"${l.name}"`).join(" and ")} are for none of the monsters listed (${listed}): list ${unused.length === 1 ? "it" : "them"} in \`monsters\` too, or leave ${unused.length === 1 ? "its line" : "their lines"} out. Nothing was changed.`,
    );
  }
  const total = out.reduce((s, x) => s + x.count, 0);
  if (total > MAX_MONSTERS) throw new UserError(`That is ${total} monsters: add at most ${MAX_MONSTERS} at a time.`);
  return out;
}

/**
 * How many of a kind: a count is digits (with an optional "x": "4x") or a word standing alone ("an ettin", not
 * the "a" of "ape"); none is one. With one stat line, a count alone ("2", "two") counts the kind the line names.
 */
function countOf(item: string, single: boolean): { count: number; what: string } {
  const m =
    /^(?:(\d+)(?!\d)(?:\s*[x×])?|(an|a|one|two|three|four|five|six|seven|eight|nine|ten)(?=\s))?\s*(\S.*|[^\S\n\r\u2028\u2029])$/i.exec(
      item,
    )!;
  const alone = single ? COUNT_WORD.exec(item)?.[1] : undefined;
  const counted = alone ?? m[1] ?? m[2];
  const count = counted ? (WORDS[counted.toLowerCase()] ?? Number(counted)) : 1;
  if (count < 1 || count > MAX_MONSTERS)
    throw new UserError(`Add 1 to ${MAX_MONSTERS} monsters at a time (not ${count}).`);
  return { count, what: alone ? "" : m[3]!.trim() };
}

/**
 * A kind no stat line is for: the campaign's bestiary entry, else the system's preset. A name that is neither
 * is refused with the nearest one instead of the whole list ("gobblins" → goblin), and how to give stats.
 */
function presetOf(
  system: RuleSystem,
  { count, what }: { count: number; what: string },
  known: { presets: string[]; bestiary: Record<string, BestiaryEntry>; statLines: boolean },
): MonsterSpec {
  const key = singular(what, known.presets);
  if (!key) {
    const near = didYouMean(forms(what), known.presets);
    const which = near ? `.${near}` : ` (${known.presets.join(", ")}).`;
    const hint = known.statLines
      ? `give it a stat line of its own, e.g. stats: \`${title(what)}: ${example(system)}\``
      : `give custom \`stats\`, e.g. stats: ${customHint(system)}`;
    throw new UserError(
      `"${what}" is not one of ${possessive(system.name)} presets or the campaign's bestiary${which} For anything else ${hint}.`,
    );
  }
  const saved = known.bestiary[key];
  return {
    name: title(key),
    count,
    sheet: saved ? saved.sheet : (system.presets[key] as Record<string, unknown>),
    typed: saved ? saved.typed : {},
  };
}

/** The refusal when several kinds are listed and a stat line does not say which one it is for: how to write it. */
function severalKinds(system: RuleSystem, whats: string[], presets: string[]): string {
  const custom = whats.find((w) => w && !singular(w, presets)) ?? whats[whats.length - 1] ?? "Wight";
  const name = title(plainSingular(custom));
  return (
    `Several kinds of monsters: say which one the stats are for, in front of its stat line, e.g. stats: \`${name}: ${example(system)}\`. ` +
    "One line a kind, separated by `;`; the kinds no line names keep their preset. Nothing was changed."
  );
}

/** A stat line in the system's terms, for the words that say how to write one. */
function example(system: RuleSystem): string {
  return system.statLine && system.statLineExample ? system.statLineExample : customHint(system).replace(/`/g, "");
}

/** Each new monster's sheet with what the system rolls for it (hit points from hit dice), and those rolls in one result. */
export function rollMonsters(
  system: RuleSystem,
  rows: { name: string; sheet: Record<string, unknown>; typed: Record<string, unknown> }[],
  dice: DiceBag,
): RuleResult | null {
  if (!system.rollMonster) return null;
  const lines: string[] = [];
  const rules: string[] = [];
  const mark = dice.log.length;
  for (const r of rows) {
    const rolled = system.rollMonster(r.sheet, dice, r.typed);
    if (!rolled) continue;
    r.sheet = rolled.sheet;
    lines.push(...rolled.result.lines.map((l) => `${r.name}: ${l}`));
    rules.push(...rolled.result.rules);
  }
  return lines.length ? { title: "Hit points", lines, rules: [...new Set(rules)], rolls: dice.since(mark) } : null;
}

function customHint(system: RuleSystem): string {
  if (system.statLine && system.statLineExample) return `a stat line such as \`${system.statLineExample}\``;
  const sample = Object.entries(Object.values(system.presets)[0] ?? {})
    .filter(([, v]) => typeof v === "number")
    .slice(0, 4)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
  return `\`${sample}\``;
}
