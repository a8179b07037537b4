import type { SystemId } from "./types.js";

export const SYSTEM_NAMES: Record<SystemId, string> = {
  "third-age": "The Third Age",
  bx: "Basic/Expert",
  "bx-house": "B/X house rules",
  siege: "Castles & Crusades (SIEGE)",
  "life-guard": "Life & Guard",
};

export { SYSTEM_IDS, type SystemId } from "./types.js";
