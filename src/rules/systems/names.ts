/** System ids and display names, from the registry (src/rules/systems/index.ts). */
export { SYSTEM_IDS, SYSTEM_NAMES, type SystemId } from "./index.js";
