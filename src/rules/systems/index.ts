/** The rule systems by id: adding a system is its folder, its id in `SystemId` and one line here. */
import type { RuleSystem, SystemId } from "./types.js";
import { thirdAge } from "./third-age/index.js";
import { bx } from "./bx/index.js";
import { bxHouse } from "./bx-house/index.js";
import { siege } from "./siege/index.js";
import { lifeGuard } from "./life-guard/index.js";
import { COMMON_CONDITIONS } from "../round/words.js";
import { isFamilyMark, type Mark } from "../marks.js";

/**
 * Keyed by `SystemId` (src/rules/systems/types.ts): a missing or unknown system fails to compile. Each system
 * has its own sheet type; the registry holds them as plain `RuleSystem` (the play layer validates through `sheet`).
 */
export const SYSTEMS: Record<SystemId, RuleSystem> = {
  "third-age": thirdAge,
  bx,
  "bx-house": bxHouse,
  siege,
  "life-guard": lifeGuard,
};
for (const [key, system] of Object.entries(SYSTEMS))
  if (system.id !== key) throw new Error(`the registry files ${system.id} under ${key}`);

/** Every system id, in the registry's order. */
export const SYSTEM_IDS = Object.keys(SYSTEMS) as SystemId[];

/** Display names by id, from each system's row. */
export const SYSTEM_NAMES = Object.fromEntries(Object.values(SYSTEMS).map((s) => [s.id, s.name])) as Record<
  SystemId,
  string
>;

/** Every plain mark key a system declares (the common table's with them): what a stored mark is checked against. */
export const DECLARED_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(COMMON_CONDITIONS),
  ...Object.values(SYSTEMS).flatMap((s) => Object.keys(s.words.conditions)),
]);

/** Whether `key` is a mark some system declares: a plain key, or one of a family with its argument (src/rules/marks.ts). */
export const isDeclaredMark = (key: string): key is Mark => DECLARED_KEYS.has(key) || isFamilyMark(key);

export const isSystemId = (id: string): id is SystemId => Object.hasOwn(SYSTEMS, id);

export function systemOf(id: string): RuleSystem {
  if (!isSystemId(id)) throw new Error(`unknown rule system ${id}`);
  return SYSTEMS[id];
}

export type { RuleSystem, SystemId } from "./types.js";
