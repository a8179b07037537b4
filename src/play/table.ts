/**
 * The table's single rolls: /check, /save, /surprise, /reaction, /morale,
 * /damage, /heal, /odds. Each uses the running encounter's stream when there
 * is one (else the campaign's) and logs every die. One file per use case in table/.
 */
export type { TableResult } from "./table/scope.js";
export { attributeCheck, savingThrow, type CheckRequest, type SaveRequest } from "./table/checks.js";
export {
  surpriseRoll,
  reactionRoll,
  moraleCheck,
  parleyCheck,
  fallen,
  moraleNudges,
  moraleDue,
} from "./table/encounter.js";
export { changeHealth, treatWound } from "./table/health.js";
export { attackOdds } from "./table/odds.js";
