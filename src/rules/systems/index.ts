/** The rule systems by id: adding a system is adding a row here. */
import type { RuleSystem, SystemId } from "./types.js";
import { thirdAge } from "./third-age/index.js";
import { bx } from "./bx/index.js";
import { bxHouse } from "./bx-house/index.js";
import { siege } from "./siege/index.js";
import { lifeGuard } from "./life-guard/index.js";

// Each system has its own sheet type; the registry erases it (the play layer validates through `sheet`).
export const SYSTEMS: Record<SystemId, RuleSystem> = {
  "third-age": thirdAge as unknown as RuleSystem,
  bx: bx as unknown as RuleSystem,
  "bx-house": bxHouse as unknown as RuleSystem,
  siege: siege as unknown as RuleSystem,
  "life-guard": lifeGuard as unknown as RuleSystem,
};

export function systemOf(id: string): RuleSystem {
  const s = (SYSTEMS as Record<string, RuleSystem>)[id];
  if (!s) throw new Error(`unknown rule system ${id}`);
  return s;
}

export type { RuleSystem, SystemId } from "./types.js";
export { SYSTEM_IDS } from "./types.js";
export { SYSTEM_NAMES } from "./names.js";
