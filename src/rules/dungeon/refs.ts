import { ruling } from "../ruling.js";
/** Citations for the dungeon rules, and the choices made where the seeds are silent. */
export const DREF = {
  time: 'seed 002, "Time: Rounds and Turns"',
  resources: 'seed 002, "Resources"',
  groupMovement: 'seed 002, "Group Movement Rate"',
  basicEncumbrance: 'seed 002, "Option 1: Basic Encumbrance"',
  detailedEncumbrance: 'seed 002, "Option 2: Detailed Encumbrance"',
  dungeonTurn: 'seed 000, "Dungeon Turn"',
  randomEncounters: 'seed 000, "Random Encounters"',
  dungeonMovement: 'seed 000, "Movement in Dungeons"',
  /** Where the seeds are silent (docs/rules/dungeon.md): the choice, in words ("a ruling: …"). */
  choice: (what: string) => ruling(null, what),
} as const;
