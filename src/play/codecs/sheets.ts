/**
 * The sheet and state columns of Combatant, Character and Retainer. Their inside is a rule
 * system's own (validated by its sheet schema when written, read by its rules): these codecs
 * check the envelope and the one field play reads, `conditions`. Read on every /attack and press.
 */
import type { CombatState } from "../../rules/systems/types.js";
import { applied, type Mark } from "../../rules/marks.js";
import { isDeclaredMark } from "../../rules/systems/index.js";
import { codec, isObject, plainObject, stringList } from "./codec.js";

/** A sheet (Combatant.sheet, Character.sheet, Retainer.sheet): the system's fields. */
export const sheetCodec = codec<Record<string, unknown>>({ column: "sheet", version: 1, check: plainObject });

/** Marks a row holds, each checked: a key some system declares (a plain key, or of a family with its argument). */
function markList(value: unknown, what: string): Mark[] {
  const list = stringList(value, what);
  const marks = list.filter(isDeclaredMark);
  if (marks.length < list.length) throw new Error(`${what} holds ${list.filter((k) => !isDeclaredMark(k)).map((k) => `"${k}"`).join(", ")}, which no system declares`);
  return marks;
}

/**
 * A row from before marks were checked (version 1 or none). A word no system declares is a condition the player
 * named (Life & Guard's Enchantment applied it as typed): it becomes that, `applied:<word>`, and so do the keys
 * kept beside it by its text (`since`, `lasts`, `by`).
 */
function upgradeMarks(raw: unknown): unknown {
  if (!isObject(raw) || !Array.isArray(raw.conditions)) return raw;
  const as = (k: unknown) => (typeof k !== "string" || isDeclaredMark(k) ? k : applied(k));
  const out: Record<string, unknown> = { ...raw, conditions: raw.conditions.map(as) };
  for (const field of ["since", "lasts", "by"]) {
    const byKey = raw[field];
    if (isObject(byKey)) out[field] = Object.fromEntries(Object.entries(byKey).map(([k, v]) => [as(k), v]));
  }
  return out;
}

/** A combatant's state in a fight: its conditions, and whatever else the system keeps (hp, stamina…). */
export const stateCodec = codec<CombatState>({
  column: "Combatant.state",
  version: 2,
  upgrade: upgradeMarks,
  check(value) {
    const o = plainObject(value);
    return { ...o, conditions: markList(o.conditions, "conditions") };
  },
});

/**
 * What a character or retainer keeps between fights (Character.state, Retainer.state): the part of a
 * combatant's state that outlives the fight, or nothing yet (a retainer hired before its first fight,
 * "{}"). A saved monster keeps the fields its stats were typed with here.
 */
export type KeptState = Record<string, unknown> & { conditions?: Mark[] };

export const keptCodec = codec<KeptState>({
  column: "Character.state or Retainer.state",
  version: 2,
  upgrade: upgradeMarks,
  check(value) {
    const o = plainObject(value);
    return o.conditions === undefined ? o : { ...o, conditions: markList(o.conditions, "conditions") };
  },
});

/** Nothing kept yet: a retainer hired before its first fight. */
export const keptNothing = (k: KeptState): boolean => Object.keys(k).length === 0;

/** What was kept, as a state in a fight (a character row always keeps its conditions). */
export const keptAsState = (k: KeptState): CombatState => ({ ...k, conditions: k.conditions ?? [] });
