/**
 * The foes' routine from the board (docs/design.md, "The board"): whom each foe fights (its current opponent: the
 * one it attacked or was attacked by last), which foes are to act, and the weapon of each attack of a routine.
 */
import type { Combatant } from "../../rules/systems/types.js";
import { isDown, type Fight } from "../encounters/load.js";
import { readyToAct } from "./ready.js";
import { readRound, type RoundState } from "./state.js";

/** The round with `a` and `d` each other's opponent now. */
export function withFoes(rs: RoundState, a: string, d: string): RoundState {
  return { ...rs, foes: { ...rs.foes, [a]: d, [d]: a } };
}

/** Those `who` may be sent at: the other side's combatants still standing. */
export function enemiesOf(f: Fight, who: Combatant): Combatant[] {
  return f.combatants.filter((c) => c.side !== who.side && !isDown(c));
}

/**
 * `who`'s current opponent: the one it fought last, while that one stands; else, when only one enemy is
 * left standing, that one. Null when the referee must say.
 */
export function opponentOf(f: Fight, who: Combatant, rs: RoundState = readRound(f.encounter)): Combatant | null {
  const last = f.combatants.find((c) => c.id === rs.foes?.[who.id]);
  if (last && !isDown(last) && last.side !== who.side) return last;
  const enemies = enemiesOf(f, who);
  return enemies.length === 1 ? enemies[0]! : null;
}

/** The foes to act now that the referee runs: monsters (nobody's character or retainer) with an attack left. */
export function foesToAct(f: Fight, rs: RoundState = readRound(f.encounter)): Combatant[] {
  const referees = new Set(f.rows.filter((r) => !r.controllerId).map((r) => r.id));
  return readyToAct(f, rs).filter((c) => referees.has(c.id) && enemiesOf(f, c).length > 0);
}

/** The weapon of a routine's `index`-th attack (claw, claw, bite): the stat line's attacks in turn; one weapon or none: the system's own pick. */
export function routineWeapon(who: Combatant, index: number): string | undefined {
  const weapons = (who.sheet as { weapons?: { name?: string }[] }).weapons ?? [];
  if (weapons.length < 2) return undefined;
  return weapons[index % weapons.length]?.name;
}
