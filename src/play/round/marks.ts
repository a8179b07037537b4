/**
 * Marks and their lifetimes (src/rules/round/words.ts): which end with a round,
 * which never reach a sheet. A condition's `since` is the round that set it; `by`
 * the declarations that set it (a mark one sets is taken back with it).
 */
import { FIGHT_LIFETIMES, lifetimeOf } from "../../rules/round/words.js";
import { inFamily, type Mark } from "../../rules/marks.js";
import type { CombatState, MarkSource, SystemWords } from "../../rules/systems/types.js";

export type { MarkSource } from "../../rules/systems/types.js";
type Since = Record<string, number>;
type By = Record<string, MarkSource[]>;

/** The state's marks, to look up keys of the records kept beside them (a key of no present mark is dropped). */
const present = (state: CombatState): ReadonlySet<string> => new Set(state.conditions);
const sinceOf = (state: CombatState): Since => state.since ?? {};
/** The declarations that set each mark on this combatant (none recorded: set by the rules, the referee, or before sources were kept). */
export const sourcesOf = (state: CombatState): By => state.by ?? {};

/** The referee's chosen lifetimes (`lasts`) of conditions still present; none left, no key. */
function keepLasts(state: CombatState): CombatState {
  if (!("lasts" in state)) return state;
  const { lasts: raw, ...rest } = state;
  const marks = present(state);
  const lasts = Object.fromEntries(Object.entries(raw ?? {}).filter(([k]) => marks.has(k)));
  return Object.keys(lasts).length
    ? { ...rest, conditions: rest.conditions, lasts }
    : { ...rest, conditions: rest.conditions };
}

/** The state as a character's or retainer's sheet keeps it: no fight marks, no round stamps, no sources, not how it came into the fight. */
export function sheetState(words: SystemWords, state: CombatState): CombatState {
  const { since: _since, fell: _fell, by: _by, downBefore: _down, ...rest } = state;
  return keepLasts({
    ...rest,
    conditions: state.conditions.filter((c) => !FIGHT_LIFETIMES.has(lifetimeOf(words, state, c))),
  });
}

/**
 * Stamps newly added conditions with the round that set them (for "next-round" marks) and, when a
 * declaration set them, records it as their source. A mark already there is that declaration's too
 * only when another declaration of this round had set it: a mark from before stays when it is withdrawn.
 */
export function stampAdded(
  before: Mark[],
  state: CombatState,
  round: number,
  source?: MarkSource,
  set: Mark[] = [],
): CombatState {
  const added = state.conditions.filter((c) => !before.includes(c));
  if (!added.length && !("since" in state) && !(source && set.length)) return keepLasts(state);
  const since: Since = { ...sinceOf(state) };
  for (const c of added) since[c] = round;
  const marks = present(state);
  for (const k of Object.keys(since)) if (!marks.has(k)) delete since[k];
  let by = sourcesOf(state);
  if (source) {
    by = { ...by };
    for (const c of new Set(set)) {
      if (!state.conditions.includes(c)) continue;
      const had = by[c] ?? [];
      if (added.includes(c)) by[c] = [source];
      else if (had.some((s) => s.round === round) && !had.some((s) => same(s, source))) by[c] = [...had, source];
    }
  }
  const next = { ...state, since, ...(Object.keys(by).length ? { by } : {}) };
  return keepLasts(keepSources(next));
}

const same = (a: MarkSource, b: MarkSource) => a.by === b.by && a.decl === b.decl && a.round === b.round;

/** Sources only of conditions still present. */
function keepSources(state: CombatState): CombatState {
  if (!("by" in state)) return state;
  const { by: raw, ...rest } = state;
  const marks = present(state);
  const by = Object.fromEntries(Object.entries(raw ?? {}).filter(([k, s]) => marks.has(k) && s.length));
  return Object.keys(by).length ? { ...rest, by } : rest;
}

/**
 * What taking back declarations of `by` in `round` (those `goes` picks) takes off `state`: the marks
 * only they set (a mark another declaration also set stays, with that one as its source). "kept:"
 * marks hold a roll for their round (the house rules' retreat roll): they stay, so declaring again
 * does not reroll it.
 */
export function withdrawn(
  state: CombatState,
  by: string,
  round: number,
  goes: (decl: string) => boolean,
): { remove: Mark[]; state: CombatState } {
  const sources = sourcesOf(state);
  const mine = (s: MarkSource) => s.by === by && s.round === round && goes(s.decl);
  const remove: Mark[] = [];
  const left: By = {};
  for (const [k, list] of Object.entries(sources)) {
    const rest = list.filter((s) => !mine(s));
    // The mark itself, from the state's own (a source of a mark no longer there takes nothing off).
    const key = state.conditions.find((c) => c === k);
    if (rest.length < list.length && !rest.length) {
      if (key !== undefined && !inFamily("kept")(key)) remove.push(key);
    } else if (rest.length) left[k] = rest;
  }
  const { by: _by, ...rest } = state;
  return { remove, state: Object.keys(left).length ? { ...rest, by: left } : rest };
}

/** The state at the end of `round`: "attack" and "round" marks end, "next-round" marks set before this round end. */
export function endOfRound(
  words: SystemWords,
  state: CombatState,
  round: number,
): { state: CombatState; ended: Mark[] } {
  const since = sinceOf(state);
  const ended = state.conditions.filter((c) => {
    const lasts = lifetimeOf(words, state, c);
    return lasts === "attack" || lasts === "round" || (lasts === "next-round" && (since[c] ?? round) < round);
  });
  if (!ended.length) return { state, ended };
  return {
    state: stampAdded(
      state.conditions,
      { ...state, conditions: state.conditions.filter((c) => !ended.includes(c)) },
      round,
    ),
    ended,
  };
}
