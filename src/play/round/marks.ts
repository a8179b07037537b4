/**
 * Marks and their lifetimes (src/rules/round/words.ts): which end with a round,
 * which never reach a sheet. A condition's `since` is the round that set it.
 */
import { FIGHT_LIFETIMES, lifetimeOf } from "../../rules/round/words.js";
import type { CombatState, SystemWords } from "../../rules/systems/types.js";

type Since = Record<string, number>;
type Lasts = Record<string, string>;

/** The referee's chosen lifetimes (`lasts`) of conditions still present; none left, no key. */
function keepLasts(state: CombatState): CombatState {
  if (!("lasts" in state)) return state;
  const { lasts: raw, ...rest } = state;
  const lasts = Object.fromEntries(Object.entries((raw as Lasts | undefined) ?? {}).filter(([k]) => state.conditions.includes(k)));
  return Object.keys(lasts).length ? { ...rest, conditions: rest.conditions, lasts } : { ...rest, conditions: rest.conditions };
}

/** The state as a character's or retainer's sheet keeps it: no fight marks, no round stamps. */
export function sheetState(words: SystemWords, state: CombatState): CombatState {
  const { since: _since, fell: _fell, ...rest } = state as CombatState & { since?: Since; fell?: unknown };
  return keepLasts({ ...rest, conditions: state.conditions.filter((c) => !FIGHT_LIFETIMES.has(lifetimeOf(words, state, c))) });
}

/** Stamps newly added conditions with the round that set them (for "next-round" marks). */
export function stampAdded(before: string[], state: CombatState, round: number): CombatState {
  const added = state.conditions.filter((c) => !before.includes(c));
  if (!added.length && !("since" in state)) return keepLasts(state);
  const since: Since = { ...((state.since as Since | undefined) ?? {}) };
  for (const c of added) since[c] = round;
  for (const k of Object.keys(since)) if (!state.conditions.includes(k)) delete since[k];
  return keepLasts({ ...state, since });
}

/** The state at the end of `round`: "attack" and "round" marks end, "next-round" marks set before this round end. */
export function endOfRound(words: SystemWords, state: CombatState, round: number): { state: CombatState; ended: string[] } {
  const since = (state.since as Since | undefined) ?? {};
  const ended = state.conditions.filter((c) => {
    const lasts = lifetimeOf(words, state, c);
    return lasts === "attack" || lasts === "round" || (lasts === "next-round" && (since[c] ?? round) < round);
  });
  if (!ended.length) return { state, ended };
  return { state: stampAdded(state.conditions, { ...state, conditions: state.conditions.filter((c) => !ended.includes(c)) }, round), ended };
}
