/**
 * Marks: the conditions a combatant carries, as the type checker knows them.
 *
 * A mark's key is one a system declares: a plain key from a system's condition words
 * (`words.conditions`, the common table in round/words.ts spread into each), or one of
 * a family, built by its constructor (`attacking(id)` here, `oil(weapon, type)` in Life & Guard's folder).
 * A key nobody declares does not compile. Stored states are read by the column codecs
 * (src/play/codecs/sheets.ts), which check each mark against the keys the systems declare
 * (`isDeclaredMark`, src/rules/systems/index.ts) and upgrade older rows.
 *
 * This contract imports no system: each declares its keys from its own folder, by adding its
 * entry to `DeclaredMarks` and its families to `DeclaredFamilies` (module augmentations beside its
 * words, the families' shapes in `words.families`), and the common table does the same from
 * round/words.ts. The families kept here are those play reads (`at`, `kept`, `applied`) or several
 * systems share (`attacking`, `shield vs`).
 */

/**
 * The plain keys each declarer adds, by its name (a system id, or "common"): empty here. A system adds
 * `declare module "../../marks.js" { interface DeclaredMarks { "<id>": keyof typeof <its conditions> } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each system's declaration (module augmentation)
export interface DeclaredMarks {}

/** A plain key: one of the common conditions or one some system declares. */
export type PlainMark = DeclaredMarks[keyof DeclaredMarks];

/**
 * The families each declarer adds, by family name, each with its key's shape (the name, ":", the argument): the
 * shared ones below, used by play or by several systems; a system adds its own beside its words, as it does its plain
 * keys: `declare module "../../marks.js" { interface DeclaredFamilies { "<name>": \`<name>:${string}\` } }`, with
 * the same names in its words' `families` table (checked when a stored row is read).
 */
export interface DeclaredFamilies {
  /** Play and B/X: a place on the encounter's line. */
  at: `at:${number}`;
  /** Play, B/X and its house rules: a mark kept from one round to the next. */
  kept: `kept:${string}`;
  /** The B/X house rules and Life & Guard: fighting someone. */
  attacking: `attacking:${string}`;
  /** The Third Age and Castles & Crusades: a shield turned to someone (its separator is a space, as stored). */
  "shield vs": `shield vs ${string}`;
  /** A condition in the player's own words (Life & Guard's Enchantment "applies a condition"): no system's key. */
  applied: `applied:${string}`;
}

/** Keys with an argument: a combatant id, a count, a weapon… Each has its constructor beside its declaration. */
export type FamilyMark = DeclaredFamilies[keyof DeclaredFamilies];

/** A mark's key: declared by a system, plain or from a family. */
export type Mark = PlainMark | FamilyMark;

// ---- constructors ----------------------------------------------------------------

/** Fighting `id` (B/X house rules: engaged; Life & Guard: a declared attack). */
export const attacking = (id: string) => `attacking:${id}` as const;
/** B/X: a place on the encounter's line, `feet` from the party's end. */
export const atFeet = (feet: number) => `at:${feet}` as const;
/** The Third Age and Castles & Crusades: a shield turned to `id`. */
export const shieldVs = (id: string) => `shield vs ${id}` as const;
/** A condition named in the player's own words, which no system declares (Life & Guard: an Enchantment's). */
export const applied = (word: string) => `applied:${word}` as const;

// ---- readers ----------------------------------------------------------------------

/** A family of marks with an argument. */
export type Family = keyof DeclaredFamilies;

/**
 * What a family's argument may be, checked when a stored row is read: any text, a number, one of some words, or
 * (a family whose key is not `<name>:<argument>`) a pattern of the whole key.
 */
export type FamilyShape = "text" | "number" | { oneOf: readonly string[] } | { pattern: RegExp } | { key: RegExp };
/** Families by name and shape: the shared table below, and each system's in its words (`words.families`). */
export type FamilyTable = { readonly [F in Family]?: FamilyShape };

/** The shared families' shapes: the registry (src/rules/systems/index.ts) adds each system's. */
export const SHARED_FAMILIES = {
  at: "number",
  kept: "text",
  attacking: "text",
  "shield vs": "text",
  applied: "text",
} as const satisfies FamilyTable;

/** How a family's key begins: its name and ":", but for the one family stored with a space. */
const headOf = (family: Family): string => (family === "shield vs" ? "shield vs " : `${family}:`);

/** A mark read as a record: its family and argument, or a plain key (no family). */
export type ParsedMark = { family: Family; arg: string } | { family: undefined; arg: undefined };

/**
 * The argument of `mark` when it is of `family` ("attacking:g1" of "attacking": "g1"), else undefined. With `part`,
 * only an argument that begins with it, and what follows it ("oil:sword:undead" of "oil", "sword:": "undead").
 */
export function argOf(mark: string | undefined, family: Family, part = ""): string | undefined {
  const head = headOf(family) + part;
  return mark !== undefined && mark.length >= head.length && mark.slice(0, head.length) === head
    ? mark.slice(head.length)
    : undefined;
}

/** `mark` read as a record: its family (the text before its first ":") and argument, or a plain key. */
export function parseMark(mark: string): ParsedMark {
  const shield = argOf(mark, "shield vs");
  if (shield !== undefined) return { family: "shield vs", arg: shield };
  const colon = mark.indexOf(":");
  return colon > 0
    ? { family: mark.slice(0, colon) as Family, arg: mark.slice(colon + 1) }
    : { family: undefined, arg: undefined };
}

const isNumber = (s: string) => s.trim() !== "" && Number.isFinite(Number(s));

/**
 * Whether `key` is a mark of one of `families`, its argument of the family's shape (a number where the family
 * counts, a cover the text names): what a stored row is checked against, with the plain keys the systems declare.
 */
export function isFamilyMark(key: string, families: FamilyTable): boolean {
  for (const shape of Object.values(families))
    if (typeof shape === "object" && "key" in shape && shape.key.test(key)) return true;
  const { family, arg } = parseMark(key);
  const shape = family === undefined ? undefined : families[family];
  if (shape === undefined || arg === undefined) return false;
  if (shape === "number") return isNumber(arg);
  if (shape === "text") return true;
  if ("oneOf" in shape) return shape.oneOf.includes(arg);
  if ("pattern" in shape) return shape.pattern.test(arg);
  return false;
}

/** Whether `mark` is of `family`: a predicate for `find`/`filter`/`some`. */
export const inFamily =
  (family: Family) =>
  (mark: string): boolean =>
    argOf(mark, family) !== undefined;
/** The first mark of `family` among `marks`. */
export const markIn = (marks: readonly Mark[], family: Family): Mark | undefined => marks.find(inFamily(family));
/** The marks of `family` among `marks`. */
export const marksIn = (marks: readonly Mark[], family: Family): Mark[] => marks.filter(inFamily(family));
/** Whether some mark of `family` is among `marks`. */
export const hasFamily = (marks: readonly Mark[], family: Family): boolean => marks.some(inFamily(family));
/** The argument of the first mark of `family` among `marks`. */
export const argIn = (marks: readonly Mark[], family: Family): string | undefined =>
  argOf(markIn(marks, family), family);
/** The argument of the first mark of `family` among `marks`, as a number (undefined when none or not a number). */
export function numberIn(marks: readonly Mark[], family: Family): number | undefined {
  const arg = argIn(marks, family);
  const n = arg === undefined || arg === "" ? NaN : Number(arg);
  return Number.isFinite(n) ? n : undefined;
}
