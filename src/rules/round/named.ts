/**
 * A name and a number typed in one box ("Orc 1 40", "40 Orc 1", "Orc 1, 40", "Orc 1 40ft", "40' Orc 1"), read
 * against the names it may be: a combatant's name may hold a number of its own ("Orc 1"), so the name is found
 * first, the longest that fits, and the number is what is left.
 */

/** What was typed, read: the name it matched, the number beside it, and any words that matched no name. */
export interface NameAndNumber {
  /** One of the names given, as written there; absent when no name fits. */
  name?: string;
  /** The number typed beside the name (feet, a count…); absent when none was typed. */
  number?: number;
  /** Words that are not a number and match no name ("Troll" in "Troll 40"); absent when every word was read. */
  unknown?: string;
  /** The text beside a matched name that is neither blank nor one number ("forty" in "Orc 1 forty"). */
  badNumber?: string;
}

const SEPARATORS = /[,;:]/g;
// A number of feet: "40", "40ft", "40 ft.", "40 feet", "40'"; alone, first, or last.
const NUMBER_ALONE = /^(\d+)\s*(?:ft\.?|feet|foot|')?$/i;
const NUMBER_FIRST = /^(\d+)\s*(?:ft\.?|feet|foot|')?(?=[\s,;:]|$)/i;
const NUMBER_LAST = /(?:^|[\s,;:])(\d+)\s*(?:ft\.?|feet|foot|')?$/i;
const WORD = /[\p{L}\p{N}]/u;

const tidy = (s: string) => s.replace(SEPARATORS, " ").replace(/\s+/g, " ").trim();

/** The number `s` is alone ("40", "40ft", "40 feet", "40'"); undefined when blank; null when it is something else. */
function numberIn(s: string): number | undefined | null {
  const t = tidy(s);
  if (!t) return undefined;
  const m = NUMBER_ALONE.exec(t);
  return m ? Number(m[1]) : null;
}

/** Where `name` stands in `text` as whole words (not "Orc 1" inside "Orc 10"), or -1. */
function wholeAt(text: string, name: string): number {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = at === 0 ? "" : text[at - 1]!;
    const after = text[at + name.length] ?? "";
    if (!WORD.test(before) && !WORD.test(after)) return at;
  }
  return -1;
}

/**
 * Reads `raw` against `names` (case does not matter). The longest name that stands in it as whole words and leaves
 * one number or nothing beside it wins; with `needNumber`, one that leaves a number wins over one that leaves
 * nothing (a foe named "Goblin 40" and a foe "Goblin": "Goblin 40" reads as the Goblin, 40). No name fits: the
 * number at the start or the end is read, and the rest is `unknown`.
 */
export function readNameAndNumber(raw: string, names: readonly string[], needNumber = false): NameAndNumber {
  const text = tidy(raw);
  const lower = text.toLowerCase();
  if (!text) return {};
  const fits: { name: string; number: number | undefined }[] = [];
  let bad: { name: string; rest: string } | undefined;
  for (const name of [...new Set(names)].filter((n) => n.trim()).sort((a, b) => b.length - a.length)) {
    const n = tidy(name).toLowerCase();
    const at = wholeAt(lower, n);
    if (at < 0) continue;
    const rest = `${text.slice(0, at)} ${text.slice(at + n.length)}`;
    const number = numberIn(rest);
    if (number === null) bad ??= { name, rest: tidy(rest) };
    else fits.push({ name, number });
  }
  const best = (needNumber ? fits.find((f) => f.number !== undefined) : undefined) ?? fits[0];
  if (best) return { name: best.name, ...(best.number !== undefined ? { number: best.number } : {}) };
  if (bad) return { name: bad.name, badNumber: bad.rest };
  const alone = numberIn(text);
  if (alone !== null) return alone === undefined ? {} : { number: alone };
  const m = NUMBER_FIRST.exec(text) ?? NUMBER_LAST.exec(text);
  if (!m) return { unknown: text };
  const unknown = tidy(text.slice(0, m.index) + " " + text.slice(m.index + m[0].length));
  return { number: Number(m[1]), ...(unknown ? { unknown } : {}) };
}
