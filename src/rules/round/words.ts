/**
 * Conditions every system shares, in words players read, with their lifetimes
 * (see `Lifetime` in ../systems/types.ts). Systems spread these into their own
 * `words` and add or override what their text says.
 */
import type { ConditionWord, Lifetime, SystemWords } from "../systems/types.js";
import { argOf, type Mark } from "../marks.js";

const w = (label: string, lasts: Lifetime): ConditionWord => ({ label, lasts });

export const COMMON_CONDITIONS = {
  surprised: w("surprised", "round"),
  "cannot act": w("cannot act this round", "round"),
  prone: w("prone", "encounter"),
  unconscious: w("unconscious", "healed"),
  dying: w("dying", "healed"),
  dead: w("dead", "permanent"),
  slain: w("slain", "permanent"),
  destroyed: w("destroyed", "permanent"),
  fled: w("fled", "encounter"),
  surrendered: w("surrendered", "encounter"),
  routed: w("routed", "encounter"),
  "out of action": w("out of action", "healed"),
  parrying: w("parrying", "round"),
  dodging: w("dodging", "round"),
  evading: w("evading", "round"),
  charging: w("charging", "round"),
  "moved-in-melee": w("engaged in melee after moving (−2 AC)", "round"),
  withdrawing: w("withdrawing", "round"),
  retreating: w("retreating", "round"),
  held: w("held", "encounter"),
  grappling: w("grappling", "encounter"),
  disarmed: w("disarmed", "encounter"),
} satisfies Record<string, ConditionWord>;

declare module "../marks.js" {
  interface DeclaredMarks {
    common: keyof typeof COMMON_CONDITIONS;
  }
}

/** Fight marks: what ends with the encounter and is never written onto a sheet. */
export const FIGHT_LIFETIMES: ReadonlySet<Lifetime> = new Set<Lifetime>(["attack", "round", "next-round", "encounter"]);

/**
 * The word for a condition: the system's own, then the common table. A key
 * nobody knows lasts the encounter (a fight mark, never written onto a sheet).
 */
export function wordFor(
  words: SystemWords,
  condition: string,
  name: (id: string) => string = (id) => id,
): ConditionWord {
  const own = argOf(condition, "applied");
  return (
    words.conditions[condition] ??
    words.describe?.(condition, name) ??
    (COMMON_CONDITIONS as Record<string, ConditionWord>)[condition] ??
    w(own ?? condition, "encounter")
  );
}

/**
 * Conditions in plain words, deduplicated, for the roster and the sheet. `lasts`: lifetimes the referee
 * chose (/condition), said after the label ("prone until removed").
 */
export function conditionLabels(
  words: SystemWords,
  conditions: string[],
  name?: (id: string) => string,
  lasts?: Record<string, Lifetime>,
): string[] {
  return [
    ...new Set(
      conditions.map((c) => `${wordFor(words, c, name).label}${lasts?.[c] ? ` ${LIFETIME_WORDS[lasts[c]]}` : ""}`),
    ),
  ].filter(Boolean);
}

/** A lifetime in words players read. */
export const LIFETIME_WORDS: Record<Lifetime, string> = {
  attack: "this attack",
  round: "this round",
  "next-round": "to the end of next round",
  turn: "this 10-minute turn",
  encounter: "this encounter",
  healed: "until healed",
  permanent: "until removed",
};

/** Conditions a referee may set and end in any system whose words name none of their own. */
export const REFEREE_CONDITIONS = ["prone", "held", "surprised", "cannot act"];

/** Whether `key` is a plain key `words` declare: one of the system's own conditions or of the common table. */
export const declares = (words: SystemWords, key: string): key is Mark =>
  Object.hasOwn(words.conditions, key) || Object.hasOwn(COMMON_CONDITIONS, key);

/** The conditions the referee may set with /condition in a system, as [key, word]: only keys its words declare. */
export function refereeConditions(words: SystemWords): [Mark, ConditionWord][] {
  return (words.refereeSets ?? REFEREE_CONDITIONS).filter((k) => declares(words, k)).map((k) => [k, wordFor(words, k)]);
}

/** Whether `x` is a lifetime (a stored `lasts` is checked with it). */
export const isLifetime = (x: unknown): x is Lifetime => typeof x === "string" && Object.hasOwn(LIFETIME_WORDS, x);

/**
 * How long a condition lasts on this combatant: the lifetime the referee chose when setting it
 * (kept in the state's `lasts`), else the system's word for it.
 */
export function lifetimeOf(
  words: SystemWords,
  state: { conditions: string[]; lasts?: Record<string, Lifetime> },
  condition: string,
): Lifetime {
  const chosen = state.lasts?.[condition];
  return chosen ?? wordFor(words, condition).lasts;
}

/** Marks of the slain: nobody attacks them. */
export const SLAIN_CONDITIONS: readonly Mark[] = ["dead", "slain", "destroyed"];
/** Marks of those who left the fight alive (fled, surrendered, routed): out of the order, listed apart at the end. */
export const LEFT_CONDITIONS: readonly Mark[] = ["fled", "surrendered", "routed"];

/** Conditions that keep a combatant out of the fight, in every system. */
export const OUT_CONDITIONS: ReadonlySet<Mark> = new Set([
  "dead",
  "slain",
  "unconscious",
  "dying",
  "destroyed",
  "routed",
  "out of action",
  "fled",
  "surrendered",
]);
export const isOut = (c: { state: { conditions: Mark[] } }): boolean =>
  c.state.conditions.some((x) => OUT_CONDITIONS.has(x));
