/** Which situation keys an attack was given, and which of them its system did not read. */
import type { Situation, SituationKey } from "../systems/types.js";

/** Whether a situation value counts as given. */
export type Given = (value: unknown) => boolean;

/** Any value but undefined and false. */
export const given: Given = (v) => v !== undefined && v !== false;

/** B/X's reading: 0 and "none" say nothing either. */
export const chosen: Given = (v) => given(v) && v !== 0 && v !== "none";

/** Situation keys the input set (by default as B/X reads them: false, 0, "none" and undefined are not set). */
export function setKeys(s: Situation, isSet: Given = chosen): SituationKey[] {
  return (Object.keys(s) as SituationKey[]).filter((k) => isSet(s[k]));
}

/** The keys given (`isSet`) that the system did not read (`read`): the attack says it ignored them. */
export function ignoredKeys(s: Situation, read: Iterable<string>, isSet: Given = given): SituationKey[] {
  const known = new Set(read);
  return setKeys(s, isSet).filter((k) => !known.has(k));
}
