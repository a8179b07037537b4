/**
 * The foes seed 004 names, as presets: the six rows of "Enemy Types" and the
 * Warband of "Warbands". Their Life, Guard, Morale and Armour are the table's,
 * fixed (the text rolls none of them); the damage die is ours (the table gives
 * none): one step per tier, d4 to d12 (docs/rules/life-guard.md, "Monsters").
 */
import { monsterSchema, type LifeGuardSheet } from "./sheet.js";

/** seed 004, "Enemy Types". */
export const ENEMY_TYPES = {
  swarm: { life: 3, guard: 3, morale: 3, armour: 0, damage: "d4" },
  weak: { life: 5, guard: 5, morale: 5, armour: 0, damage: "d4" },
  standard: { life: 7, guard: 7, morale: 7, armour: 1, damage: "d6" },
  advanced: { life: 9, guard: 9, morale: 9, armour: 2, damage: "d8" },
  expert: { life: 11, guard: 11, morale: 11, armour: 3, damage: "d10" },
  legendary: { life: 12, guard: 12, morale: 12, armour: 4, damage: "d12" },
} as const;
export type EnemyType = keyof typeof ENEMY_TYPES;
export const isEnemyType = (w: string): w is EnemyType => Object.hasOwn(ENEMY_TYPES, w);

/**
 * seed 004, "Warbands": "large groups of similar combatants ... treated as a
 * single Warband". The text gives it no numbers: one warband has the numbers of
 * one of its fighters, a Standard one unless the referee says otherwise.
 */
const WARBAND = { ...ENEMY_TYPES.standard, warband: true };

export const presets: Record<string, LifeGuardSheet> = Object.fromEntries(
  [...Object.entries(ENEMY_TYPES), ["warband", WARBAND] as const].map(([k, v]) => [k, monsterSchema.parse(v)]),
);
