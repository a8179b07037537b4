/**
 * The marks a stored state holds, and what play keeps beside them by each mark's key (its round, the lifetime the
 * referee chose, the declarations that set it) and where it fell: checked as a row is read (src/play/codecs/sheets.ts).
 */
import { applied, type Mark } from "../../rules/marks.js";
import { isLifetime } from "../../rules/round/words.js";
import { isDeclaredMark } from "../../rules/systems/index.js";
import type { CombatState, MarkSource } from "../../rules/systems/types.js";
import { describe, isObject, stringList } from "./codec.js";

/** Marks a row holds, each checked: a key some system declares (a plain key, or of a family with its argument). */
export function markList(value: unknown, what: string): Mark[] {
  const list = stringList(value, what);
  const marks = list.filter(isDeclaredMark);
  if (marks.length < list.length)
    throw new Error(
      `${what} holds ${list
        .filter((k) => !isDeclaredMark(k))
        .map((k) => `"${k}"`)
        .join(", ")}, which no system declares`,
    );
  return marks;
}

/**
 * A row from before marks were checked (version 1 or none). A word no system declares is a condition the player
 * named (Life & Guard's Enchantment applied it as typed): it becomes that, `applied:<word>`, and so do the keys
 * kept beside it by its text (`since`, `lasts`, `by`).
 */
export function upgradeMarks(raw: unknown): unknown {
  const out = declaredOnly(raw);
  if (!isObject(out)) return out;
  // What play kept beside the marks is bookkeeping: a field of another shape is dropped, not refused.
  for (const field of LIFE_FIELDS) {
    try {
      markLife({ [field]: out[field] });
    } catch {
      delete out[field];
    }
  }
  return out;
}

/**
 * The same words made declared, as a state is written: an attack stored before marks were checked may still
 * carry a word a player typed (Life & Guard's Enchantment), and applying it must not write a row the next read
 * refuses. A state whose marks are all declared (every one, on the hot path) is returned as it is.
 */
export function declaredOnly<T>(raw: T): T {
  if (
    !isObject(raw) ||
    !Array.isArray(raw.conditions) ||
    raw.conditions.every((k) => typeof k !== "string" || isDeclaredMark(k))
  )
    return raw;
  const as = (k: unknown) => (typeof k !== "string" || isDeclaredMark(k) ? k : applied(k));
  const out: Record<string, unknown> = { ...raw, conditions: raw.conditions.map(as) };
  for (const field of ["since", "lasts", "by"]) {
    const byKey = raw[field];
    if (isObject(byKey)) out[field] = Object.fromEntries(Object.entries(byKey).map(([k, v]) => [as(k), v]));
  }
  return out as T;
}

const LIFE_FIELDS = ["since", "lasts", "by", "fell"] as const;
type Life = Pick<CombatState, (typeof LIFE_FIELDS)[number]>;

const isRound = (x: unknown): x is number => typeof x === "number" && Number.isInteger(x);
const isSource = (x: unknown): x is MarkSource =>
  isObject(x) && typeof x.by === "string" && typeof x.decl === "string" && isRound(x.round);
const isSources = (x: unknown): x is MarkSource[] => Array.isArray(x) && x.every(isSource);

function byMark<T>(value: unknown, what: string, is: (x: unknown) => x is T, each: string): Record<string, T> {
  if (!isObject(value)) throw new Error(`${what} is not a map by mark (${describe(value)})`);
  const out: Record<string, T> = {};
  for (const [k, x] of Object.entries(value)) {
    if (!is(x)) throw new Error(`${what} of "${k}" is not ${each} (${describe(x)})`);
    out[k] = x;
  }
  return out;
}

/** `since`, `lasts`, `by` and `fell` of a stored state, each checked (absent: not there). */
export function markLife(o: Record<string, unknown>): Life {
  const out: Life = {};
  if (o.since !== undefined) out.since = byMark(o.since, "since", isRound, "a round");
  if (o.lasts !== undefined) out.lasts = byMark(o.lasts, "lasts", isLifetime, "a lifetime");
  if (o.by !== undefined) out.by = byMark(o.by, "by", isSources, "a list of declarations");
  if (o.fell !== undefined) {
    const f = o.fell;
    if (!Array.isArray(f) || f.length !== 2 || !isRound(f[0]) || !isRound(f[1]))
      throw new Error(`fell is not [round, turn] (${describe(f)})`);
    out.fell = [f[0], f[1]];
  }
  return out;
}
