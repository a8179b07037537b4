/**
 * Marks: the conditions a combatant carries, as the type checker knows them.
 *
 * A mark's key is one a system declares: a plain key from a system's condition words
 * (`words.conditions`, the common table in round/words.ts spread into each), or one of
 * the families below, built by its constructor (`attacking(id)`, `oil(weapon, type)`).
 * A key nobody declares does not compile. Stored states are read by the column codecs
 * (src/play/codecs/sheets.ts), which check each mark against the keys the systems declare
 * (`isDeclaredMark`, src/rules/systems/index.ts) and upgrade older rows.
 *
 * This contract imports no system: each declares its keys from its own folder, by adding its
 * entry to `DeclaredMarks` (a module augmentation beside its words), and the common table does
 * the same from round/words.ts.
 */

/**
 * The plain keys each declarer adds, by its name (a system id, or "common"): empty here. A system adds
 * `declare module "../../marks.js" { interface DeclaredMarks { "<id>": keyof typeof <its conditions> } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each system's declaration (module augmentation)
export interface DeclaredMarks {}

/** A plain key: one of the common conditions or one some system declares. */
export type PlainMark = DeclaredMarks[keyof DeclaredMarks];

/** Where a cover mark puts its bearer (Castles & Crusades, "Cover"). */
export type CoverKey = "light" | "partial" | "heavy" | "full";

/** Keys with an argument: a combatant id, a count, a weapon… Each has its constructor below. */
export type FamilyMark =
  // B/X and its house rules
  | `at:${number}`
  | `moved:${number}`
  | `attacking:${string}`
  | `behind:${string}`
  | `grappled by:${string}`
  | `stunned:${number}`
  | `maneuver:${string}`
  | `initiative:${number}`
  | `kept:${string}`
  | `spell:${string}`
  // The Third Age and Castles & Crusades
  | `shield vs ${string}`
  | `evading:${string}`
  | `dodged:${number}`
  | `struck fleeing:${string}`
  | `fleeing from:${string}`
  | `charging at:${string}`
  | `closed on:${string}`
  | `struck first by:${string}`
  | `casting until:${number}:${string}`
  | `ability until:${number}:${string}`
  | `readied:${string}`
  | `cover:${CoverKey}`
  // Life & Guard
  | `struck:${string}`
  | `oil:${string}:${string}`
  | `enchanted:${string}:${string}`
  | `enchanted armour:${string}`
  | `field:${string}`
  | `front:${number}`
  | `blasting:${number}`
  | `moved ${number} squares`
  // A condition in the player's own words (Life & Guard's Enchantment "applies a condition"): no system's key.
  | `applied:${string}`;

/** A mark's key: declared by a system, plain or from a family. */
export type Mark = PlainMark | FamilyMark;

// ---- constructors ----------------------------------------------------------------

/** Fighting `id` (B/X house rules: engaged; Life & Guard: a declared attack). */
export const attacking = (id: string) => `attacking:${id}` as const;
/** Life & Guard: has struck `id` this round. */
export const struck = (id: string) => `struck:${id}` as const;
/** B/X house rules: attacked `id` from behind, with advantage next round. */
export const behind = (id: string) => `behind:${id}` as const;
/** B/X house rules: held by `id`. */
export const grappledBy = (id: string) => `grappled by:${id}` as const;
/** B/X house rules: stunned for `rounds` more rounds. */
export const stunnedFor = (rounds: number) => `stunned:${rounds}` as const;
/** B/X house rules: a maneuver on the next hit. */
export const maneuver = (id: string) => `maneuver:${id}` as const;
/** B/X house rules: the initiative die a combatant rolled in the first round (0: none of its own). */
export const initiative = (die: number) => `initiative:${die}` as const;
/** B/X: a place on the encounter's line, `feet` from the party's end. */
export const atFeet = (feet: number) => `at:${feet}` as const;
/** B/X: rounds spent moving at encounter rate. */
export const movedRounds = (n: number) => `moved:${n}` as const;
/** B/X and its house rules: the spell a caster declared this round, by the name the player gave. */
export const spellNamed = (name: string) => `spell:${name}` as const;
/** The Third Age and Castles & Crusades: a shield turned to `id`. */
export const shieldVs = (id: string) => `shield vs ${id}` as const;
/** Castles & Crusades: a hasty disengager fleeing `id`, who is in melee with it. */
export const fleeingFrom = (id: string) => `fleeing from:${id}` as const;
/** Castles & Crusades: evading `id` this round. */
export const evading = (id: string) => `evading:${id}` as const;
/** Castles & Crusades: attacks dodged this round. */
export const dodged = (n: number) => `dodged:${n}` as const;
/** Castles & Crusades: behind cover. */
export const cover = (key: CoverKey) => `cover:${key}` as const;
/** Castles & Crusades: a spell of several rounds, taking effect in `round`. */
export const castingUntil = (round: number, spell: string) => `casting until:${round}:${spell}` as const;
/** Castles & Crusades: an ability of several rounds, completed on its user's turn in `round`. */
export const abilityUntil = (round: number, ability: string) => `ability until:${round}:${ability}` as const;
/** Castles & Crusades: an item out of the backpack. */
export const readied = (item: string) => `readied:${item}` as const;
/** Life & Guard: a weapon oiled against a kind of foe. */
export const oil = (weapon: string, type: string) => `oil:${weapon}:${type}` as const;
/** Life & Guard: where the front line stands, in metres. */
export const front = (metres: number) => `front:${metres}` as const;
/** A condition named in the player's own words, which no system declares (Life & Guard: an Enchantment's). */
export const applied = (word: string) => `applied:${word}` as const;
/** Life & Guard: a Blast of `n` targets. */
export const blasting = (n: number) => `blasting:${n}` as const;

// ---- readers ----------------------------------------------------------------------

/** Each family's name and how its key begins (the name, then a separator, then its argument). */
export const FAMILIES = {
  at: "at:",
  moved: "moved:",
  attacking: "attacking:",
  behind: "behind:",
  "grappled by": "grappled by:",
  stunned: "stunned:",
  maneuver: "maneuver:",
  initiative: "initiative:",
  kept: "kept:",
  spell: "spell:",
  "shield vs": "shield vs ",
  evading: "evading:",
  dodged: "dodged:",
  "struck fleeing": "struck fleeing:",
  "fleeing from": "fleeing from:",
  "charging at": "charging at:",
  "closed on": "closed on:",
  "struck first by": "struck first by:",
  "casting until": "casting until:",
  "ability until": "ability until:",
  readied: "readied:",
  cover: "cover:",
  struck: "struck:",
  rank: "rank:",
  oil: "oil:",
  enchanted: "enchanted:",
  "enchanted armour": "enchanted armour:",
  field: "field:",
  front: "front:",
  blasting: "blasting:",
  applied: "applied:",
} as const;
/** A family of marks with an argument. */
export type Family = keyof typeof FAMILIES;

/** A mark read as a record: its family and argument, or a plain key (no family). */
export type ParsedMark = { family: Family; arg: string } | { family: undefined; arg: undefined };

const BY_LENGTH = (Object.keys(FAMILIES) as Family[]).sort((a, b) => FAMILIES[b].length - FAMILIES[a].length);

/**
 * The argument of `mark` when it is of `family` ("attacking:g1" of "attacking": "g1"), else undefined. With `part`,
 * only an argument that begins with it, and what follows it ("oil:sword:undead" of "oil", "sword:": "undead").
 */
export function argOf(mark: string | undefined, family: Family, part = ""): string | undefined {
  const head = FAMILIES[family] + part;
  return mark !== undefined && mark.length >= head.length && mark.slice(0, head.length) === head
    ? mark.slice(head.length)
    : undefined;
}

/** `mark` read as a record: its family and argument, or a plain key. */
export function parseMark(mark: string): ParsedMark {
  for (const family of BY_LENGTH) {
    const arg = argOf(mark, family);
    if (arg !== undefined) return { family, arg };
  }
  return { family: undefined, arg: undefined };
}

/** Families whose argument is a number ("at:40", "stunned:2"). */
const NUMBERED: ReadonlySet<Family> = new Set<Family>([
  "at",
  "moved",
  "stunned",
  "initiative",
  "dodged",
  "front",
  "blasting",
]);
const COVER_KEYS: ReadonlySet<string> = new Set<CoverKey>(["light", "partial", "heavy", "full"]);
const isNumber = (s: string) => s.trim() !== "" && Number.isFinite(Number(s));

/**
 * Whether `key` is a mark of some family, its argument of the family's shape (a number where the family counts,
 * a cover the text names): what a stored row is checked against, with the plain keys the systems declare.
 */
export function isFamilyMark(key: string): boolean {
  if (/^moved \d+ squares$/.test(key)) return true;
  const { family, arg } = parseMark(key);
  if (family === undefined) return false;
  if (NUMBERED.has(family)) return isNumber(arg);
  if (family === "cover") return COVER_KEYS.has(arg);
  if (family === "casting until" || family === "ability until") return /^\d+:/.test(arg);
  return true;
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
