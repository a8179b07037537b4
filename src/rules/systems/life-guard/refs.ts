import { ruling } from "../../ruling.js";
/** Citations of seed 004 (Life & Guard), by its exact headings (typos kept). */
const ref = (heading: string) => `seed 004, "${heading}"`;

export const R = {
  enemyTypes: ref("Enemy Types"),
  attacks: ref("Attacks"),
  enchantment: ref("Enchantment"),
  oils: ref("Oils"),
  positioning: ref("Positioning"),
  movement: ref("Movement"),
  initiation: ref("Combat Initiation"),
  theatre: ref("Threatre of the Mind"),
  grid: ref("Using a grid or UDT"),
  actions: ref("Actions and Modifiers"),
  scars: ref("Scars"),
  warbands: ref("Warbands"),
  retreat: ref("Retreat"),
  /** Choices where the seed is silent (see docs/rules/life-guard.md); players read "Life & Guard · a ruling: …". */
  choice: (what: string) => ruling("004", what),
} as const;
