import { ruling } from "../../ruling.js";
/** Citations of seed 000 (The Third Age) by its exact headings. */
export const REF = {
  multiclassing: 'seed 000, "Multiclassing"',
  attributeRoll: 'seed 000, "When to make an attribute roll"',
  saves: 'seed 000, "Converting Saving Throws"',
  languages: 'seed 000, "Languages"',
  nonProficient: 'seed 000, "Using Non-Proficient Armor/Weapons"',
  surprise: 'seed 000, "Surprise"',
  reactionRolls: 'seed 000, "Reaction Rolls"',
  dungeonTurn: 'seed 000, "Dungeon Turn"',
  randomEncounters: 'seed 000, "Random Encounters"',
  dungeonMovement: 'seed 000, "Movement in Dungeons"',
  combatSteps: 'seed 000, "Combat Steps"',
  initiative: 'seed 000, "Initiative"',
  reactions: 'seed 000, "Reactions"',
  movement: 'seed 000, "Movement"',
  attackRolls: 'seed 000, "Attack Rolls"',
  twoWeapons: 'seed 000, "Two-Weapon Fighting and One Hand Free"',
  moraleLoyalty: 'seed 000, "Morale and Loyalty"',
  /** A choice made where the seed is silent (explained in docs/rules/third-age.md); players read "The Third Age · a ruling: …". */
  choice: (what: string) => ruling("000", what),
} as const;
