/**
 * The rule systems by id. Adding a system is its folder, one line in BUILT_IN below, and its page among the rules
 * pages of the docs folder. Its id, name, words, plain marks and families of marks come from its folder; everything
 * here is assembled from them.
 */
import type { RuleSystem } from "./types.js";
import { thirdAge } from "./third-age/index.js";
import { bx } from "./bx/index.js";
import { bxHouse } from "./bx-house/index.js";
import { siege } from "./siege/index.js";
import { lifeGuard } from "./life-guard/index.js";
import { COMMON_CONDITIONS } from "../round/words.js";
import { isFamilyMark, SHARED_FAMILIES, type FamilyTable, type Mark } from "../marks.js";

/** The systems the bot plays, one line each: keyed by each system's own id (checked when registered). */
const BUILT_IN = {
  "third-age": thirdAge,
  bx,
  "bx-house": bxHouse,
  siege,
  "life-guard": lifeGuard,
} satisfies Record<string, RuleSystem>;

/** A system's id: the registry's keys, so an unknown id fails to compile. */
export type SystemId = keyof typeof BUILT_IN;

/** Each system by id. Each has its own sheet type; the registry holds them as plain `RuleSystem`. */
export const SYSTEMS = {} as Record<SystemId, RuleSystem>;
/** Every system id, in the registry's order. */
export const SYSTEM_IDS: SystemId[] = [];
/** Display names by id, from each system's row. */
export const SYSTEM_NAMES = {} as Record<SystemId, string>;

const declared = new Set<string>(Object.keys(COMMON_CONDITIONS));
/** Every plain mark key a system declares (the common table's with them): what a stored mark is checked against. */
export const DECLARED_KEYS: ReadonlySet<string> = declared;
/** Every family of marks: the shared ones (src/rules/marks.ts) and each system's (its words' `families`). */
export const FAMILIES: FamilyTable = { ...SHARED_FAMILIES };

/**
 * Adds `system` to the registry, and returns what removes it. Used by this file for the systems above, and by tests
 * that play a system of their own (test/e2e/sixth-system.test.ts); the product's systems are the lines above.
 */
export function registerSystem(system: RuleSystem): () => void {
  const id = system.id as SystemId;
  if (Object.hasOwn(SYSTEMS, id)) throw new Error(`a system ${id} is already registered`);
  const keys = Object.keys(system.words.conditions).filter((k) => !declared.has(k));
  const families = system.words.families ?? {};
  const newFamilies = Object.keys(families).filter((f) => !Object.hasOwn(FAMILIES, f));
  SYSTEMS[id] = system;
  SYSTEM_IDS.push(id);
  SYSTEM_NAMES[id] = system.name;
  for (const k of keys) declared.add(k);
  Object.assign(FAMILIES, Object.fromEntries(newFamilies.map((f) => [f, families[f as keyof FamilyTable]])));
  return () => {
    delete SYSTEMS[id];
    SYSTEM_IDS.splice(SYSTEM_IDS.indexOf(id), 1);
    delete SYSTEM_NAMES[id];
    for (const k of keys) declared.delete(k);
    for (const f of newFamilies) delete (FAMILIES as Record<string, unknown>)[f];
  };
}

for (const [key, system] of Object.entries(BUILT_IN)) {
  if (system.id !== key) throw new Error(`the registry files ${system.id} under ${key}`);
  registerSystem(system);
}

/** Whether `key` is a mark some system declares: a plain key, or one of a family with its argument (src/rules/marks.ts). */
export const isDeclaredMark = (key: string): key is Mark => declared.has(key) || isFamilyMark(key, FAMILIES);

export const isSystemId = (id: string): id is SystemId => Object.hasOwn(SYSTEMS, id);

export function systemOf(id: string): RuleSystem {
  if (!isSystemId(id)) throw new Error(`unknown rule system ${id}`);
  return SYSTEMS[id];
}

export type { RuleSystem } from "./types.js";
