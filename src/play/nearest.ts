/**
 * "Did you mean …?" for a mistyped name. The names it begins come first, all of
 * them ("orc" → Orc 1, Orc 2); else the nearest by edit distance, when close
 * enough to be a slip of the keys ("gobblin" → goblin). Words only: callers pass
 * the names players read, never ids.
 */
import { distance } from "fastest-levenshtein";

const norm = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, " ");

/** How many edits still read as a typo: 1 up to three letters, 2 up to eight (a swap of two letters is 2), then one more for every three. */
const slack = (word: string): number => (word.length <= 3 ? 1 : Math.max(2, Math.floor(word.length / 3)));

/** The names `typed` most likely meant; `typed` may be several forms of one word (plural and singular). */
export function nearestNames(typed: string | readonly string[], names: readonly string[]): string[] {
  const tries = [...new Set((typeof typed === "string" ? [typed] : typed).map(norm).filter(Boolean))];
  const all = [...new Set(names)];
  if (!tries.length || !all.length) return [];
  const begun = all.filter((n) => {
    const words = norm(n);
    return tries.some((t) => words.startsWith(t) || (t.length > 1 && words.split(" ").some((w) => w.startsWith(t))));
  });
  if (begun.length) return begun;
  let best = Infinity;
  let out: string[] = [];
  for (const n of all) {
    const d = Math.min(
      ...tries.map((t) => {
        const x = distance(t, norm(n));
        return x <= slack(t) ? x : Infinity;
      }),
    );
    if (d < best) [best, out] = [d, [n]];
    else if (d === best && d < Infinity) out.push(n);
  }
  return out;
}

/** "a", "a or b", "a, b or c"; past `max`, how many more. */
export function orList(names: readonly string[], max = 5): string {
  if (names.length > max) return `${names.slice(0, max).join(", ")} (or ${names.length - max} more)`;
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

/** " Did you mean Orc 1 or Orc 2?", or "" when nothing is near. */
export function didYouMean(typed: string | readonly string[], names: readonly string[]): string {
  const near = nearestNames(typed, names);
  return near.length ? ` Did you mean ${orList(near)}?` : "";
}
