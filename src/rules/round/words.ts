/**
 * Conditions every system shares, in words players read, with their lifetimes
 * (see `Lifetime` in ../systems/types.ts). Systems spread these into their own
 * `words` and add or override what their text says.
 */
import type { ConditionWord, Lifetime, SystemWords } from "../systems/types.js";

const w = (label: string, lasts: Lifetime): ConditionWord => ({ label, lasts });

export const COMMON_CONDITIONS: Record<string, ConditionWord> = {
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
};

/** Fight marks: what ends with the encounter and is never written onto a sheet. */
export const FIGHT_LIFETIMES: ReadonlySet<Lifetime> = new Set<Lifetime>(["attack", "round", "next-round", "encounter"]);

/**
 * The word for a condition: the system's own, then the common table. A key
 * nobody knows lasts the encounter (a fight mark, never written onto a sheet).
 */
export function wordFor(words: SystemWords, condition: string, name: (id: string) => string = (id) => id): ConditionWord {
  return words.conditions[condition] ?? words.describe?.(condition, name) ?? COMMON_CONDITIONS[condition] ?? w(condition, "encounter");
}


/** Conditions in plain words, deduplicated, for the roster and the sheet. */
export function conditionLabels(words: SystemWords, conditions: string[], name?: (id: string) => string): string[] {
  return [...new Set(conditions.map((c) => wordFor(words, c, name).label))].filter(Boolean);
}

/** Conditions that keep a combatant out of the fight, in every system. */
export const OUT_CONDITIONS: ReadonlySet<string> = new Set(["dead", "slain", "unconscious", "dying", "destroyed", "routed", "out of action", "fled", "surrendered"]);
export const isOut = (c: { state: { conditions: string[] } }): boolean => c.state.conditions.some((x) => OUT_CONDITIONS.has(x));
