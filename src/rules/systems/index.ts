/** The rule systems by id: adding a system is its folder and one line here. */
import type { RuleSystem, SystemId } from "./types.js";
import { thirdAge } from "./third-age/index.js";
import { bx } from "./bx/index.js";
import { bxHouse } from "./bx-house/index.js";
import { siege } from "./siege/index.js";
import { lifeGuard } from "./life-guard/index.js";

// Each system has its own sheet type; the registry erases it (the play layer validates through `sheet`).
const registry = (...systems: { id: SystemId }[]): Record<SystemId, RuleSystem> => Object.fromEntries(systems.map((s) => [s.id, s as unknown as RuleSystem]));

export const SYSTEMS: Record<SystemId, RuleSystem> = registry(thirdAge, bx, bxHouse, siege, lifeGuard);

/** Every system id, in the registry's order. */
export const SYSTEM_IDS: readonly SystemId[] = Object.keys(SYSTEMS);

/** Display names by id, from each system's row. */
export const SYSTEM_NAMES: Record<SystemId, string> = Object.fromEntries(Object.values(SYSTEMS).map((s) => [s.id, s.name]));

export function systemOf(id: string): RuleSystem {
  const s = SYSTEMS[id];
  if (!s) throw new Error(`unknown rule system ${id}`);
  return s;
}

export type { RuleSystem, SystemId } from "./types.js";
