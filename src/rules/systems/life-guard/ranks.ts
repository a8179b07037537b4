/**
 * The three ranks (seed 004, "Positioning" and "Movement"): who may attack
 * whom, counterattacks, friendly fire, moving between ranks, areas of effect.
 */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type Combatant, type RuleResult } from "../types.js";
import { R } from "./refs.js";
import { canFight, readState, RANKS, type LifeGuardSheet, type Rank } from "./sheet.js";

export const rankIndex = (r: Rank) => RANKS.indexOf(r);

/**
 * Ranks away between an attacker and a foe. Each side has its own Reach and
 * Ranged ranks behind the shared Melee rank, so the distance is the sum of
 * both ranks' depth (Melee 0, Reach 1, Ranged 2).
 */
export const rankDistance = (attacker: Rank, target: Rank) => rankIndex(attacker) + rankIndex(target);

export type AttackMode = "melee" | "reach" | "ranged" | "thrown" | "spell";

/**
 * Throws a RuleError (saying what to do instead) when an attacker in `from`
 * cannot attack a foe in `to` this way.
 * - Melee rank: only foes in the Melee rank, with a melee weapon (a reach weapon only halfsworded).
 * - Reach rank: only foes one rank away, with a reach weapon or by throwing (d3).
 * - Ranged rank: foes two or more ranks away, with a ranged weapon.
 * Spells and areas of effect ignore ranks.
 */
export function checkRanks(mode: AttackMode, from: Rank, to: Rank): void {
  if (mode === "spell") return;
  const dist = rankDistance(from, to);
  const where = `${from} rank → ${to} rank (${dist} rank${dist === 1 ? "" : "s"} away)`;
  if (from === "melee") {
    if (mode !== "melee")
      throw new RuleError(
        `In the Melee rank you can only fight hand to hand (${where}): use a melee weapon, halfsword a reach weapon, or spend your action to move back.`,
      );
    if (to !== "melee") throw new RuleError(`Melee can only attack within its rank (${where}): move or pick a foe in the Melee rank.`);
    return;
  }
  if (from === "reach") {
    if (mode !== "reach" && mode !== "thrown")
      throw new RuleError(`From the Reach rank you attack with a reach weapon or by throwing (${where}): pick a reach weapon or use mode "thrown".`);
    if (dist !== 1) throw new RuleError(`From the Reach rank you can only strike one rank away (${where}): pick a foe in the Melee rank.`);
    return;
  }
  if (mode === "thrown") throw new RuleError(`Weapons are thrown from the Reach rank (${where}): move to Reach first.`);
  if (mode !== "ranged") throw new RuleError(`From the Ranged rank only ranged weapons reach the foe (${where}): pick a ranged weapon or move up.`);
  if (dist < 2) throw new RuleError(`Ranged attacks are made from two or more ranks away (${where}).`);
}

const able = (c: Combatant<LifeGuardSheet>) => canFight(readState(c));

/** "Next to an ally": another able combatant of the attacker's side in the Melee rank. */
export function adjacentAllies(attacker: Combatant<LifeGuardSheet>, others: Combatant<LifeGuardSheet>[]): Combatant<LifeGuardSheet>[] {
  return others.filter((o) => o.id !== attacker.id && o.side === attacker.side && able(o) && readState(o).rank === "melee");
}

/** Allies of the shooter a ranged attack into the Melee rank may hit. */
export function alliesAtRisk(
  attacker: Combatant<LifeGuardSheet>,
  defender: Combatant<LifeGuardSheet>,
  others: Combatant<LifeGuardSheet>[],
): Combatant<LifeGuardSheet>[] {
  const targetRank = readState(defender).rank;
  return others.filter(
    (o) => o.id !== attacker.id && o.id !== defender.id && o.side === attacker.side && able(o) && readState(o).rank === targetRank,
  );
}

/**
 * The risk of hitting allies: a d6; on a 1 the shot strikes an ally in the
 * target's rank instead (a second die picks which when there are several).
 */
export function friendlyFire(
  allies: Combatant<LifeGuardSheet>[],
  bag: DiceBag,
): { roll: number; hit?: Combatant<LifeGuardSheet> } {
  const roll = bag.d("risk to allies (1 hits an ally)", 6);
  if (roll !== 1 || allies.length === 0) return { roll };
  const pick = allies.length === 1 ? 1 : bag.d("which ally", allies.length);
  return { roll, hit: allies[pick - 1]! };
}

/**
 * Moving costs the action: to an adjacent rank, or from the Ranged rank to
 * another battlefield.
 */
export function moveRank(from: Rank, to: Rank | "another battlefield"): RuleResult & { to: Rank | "another battlefield"; costsAction: true } {
  if (to === "another battlefield") {
    if (from !== "ranged") throw new RuleError("You leave for another battlefield from the Ranged rank: move back to Ranged first.");
  } else if (Math.abs(rankIndex(from) - rankIndex(to)) !== 1) {
    throw new RuleError(`Moving goes one rank at a time (${from} → ${to}): move to the Reach rank first.`);
  }
  return {
    title: "Move",
    lines: [`Moves from the ${from} rank to ${to === "another battlefield" ? "another battlefield" : `the ${to} rank`}: that is the action this turn.`],
    rules: [R.movement],
    rolls: [],
    to,
    costsAction: true,
  };
}

/** Areas of effect affect the entire battlefield: everyone on it, of both sides (state.battlefield, "main" when unset). */
export function areaOfEffectTargets<C extends Combatant<LifeGuardSheet>>(all: C[], battlefield?: string): C[] {
  return all.filter((c) => able(c) && (battlefield === undefined || (c.state.battlefield ?? "main") === battlefield));
}
