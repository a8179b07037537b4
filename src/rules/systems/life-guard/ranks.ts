/**
 * The three ranks (seed 004, "Positioning" and "Movement"): who may attack
 * whom, counterattacks, friendly fire, moving between ranks, areas of effect.
 */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type Combatant, type RuleResult } from "../types.js";
import { R } from "./refs.js";
import { canFight, fieldOf, readState, RANKS, type LifeGuardSheet, type Rank } from "./sheet.js";
import { attacking } from "../../marks.js";
import { struck } from "./marks.js";

export const rankIndex = (r: Rank) => RANKS.indexOf(r);

/**
 * Ranks away between an attacker and a foe. The battlefield's three ranks are
 * bands both sides stand in (Melee 0, Reach 1, Ranged 2), so the distance is
 * the difference: the seed's "one rank away" examples are Reach to Melee and
 * Ranged to Reach (docs/rules/life-guard.md, "Ranks").
 */
export const rankDistance = (attacker: Rank, target: Rank) => Math.abs(rankIndex(attacker) - rankIndex(target));

export type AttackMode = "melee" | "reach" | "ranged" | "thrown" | "spell";

/**
 * Throws a RuleError (saying what to do instead) when an attacker in `from`
 * cannot attack a foe in `to` this way. Reach belongs to the weapon, not the rank:
 * - a melee weapon: only from the Melee rank, at foes in the Melee rank ("can only attack within their rank");
 * - a reach weapon: one rank away, from behind (Reach → Melee, Ranged → Reach);
 * - thrown (any weapon, d3): from the Reach rank, one rank away;
 * - a ranged weapon: from the Reach or Ranged rank, at any rank (it risks allies there);
 * - spells and areas of effect ignore ranks.
 */
export function checkRanks(mode: AttackMode, from: Rank, to: Rank): void {
  if (mode === "spell") return;
  const dist = rankDistance(from, to);
  const where = `${from} rank → ${to} rank (${dist} rank${dist === 1 ? "" : "s"} away)`;
  if (mode === "melee") {
    if (from !== "melee")
      throw new RuleError(
        `A melee weapon strikes only in the Melee rank (${where}): move to Melee, or use a reach or ranged weapon, or throw it.`,
      );
    if (to !== "melee")
      throw new RuleError(`Melee can only attack within its rank (${where}): pick a foe in the Melee rank.`);
    return;
  }
  if (mode === "reach") {
    if (rankIndex(from) - rankIndex(to) !== 1)
      throw new RuleError(
        `A reach weapon strikes one rank away, Reach → Melee or Ranged → Reach (${where}): move, or pick a foe one rank ahead.`,
      );
    return;
  }
  if (mode === "thrown") {
    if (from !== "reach")
      throw new RuleError(`Weapons are thrown from the Reach rank (${where}): move to Reach first.`);
    if (dist !== 1) throw new RuleError(`A thrown weapon reaches one rank away (${where}).`);
    return;
  }
  if (from === "melee") throw new RuleError(`In the Melee rank you fight hand to hand (${where}): move back to shoot.`);
}

const able = (c: Combatant<LifeGuardSheet>) => canFight(readState(c));

/** "Engaged with" a foe this round: declared an attack on it, or struck it. */
export const engagedWith = (c: Combatant<LifeGuardSheet>, foeId: string) =>
  c.state.conditions.includes(attacking(foeId)) || c.state.conditions.includes(struck(foeId));

/**
 * "Next to an ally" (docs/rules/life-guard.md, "Counterattack"): another able
 * combatant of the attacker's side standing in the attacker's rank on the same
 * foe, i.e. beside it on the front line: it declared an attack on that foe or
 * struck it this round. Allies elsewhere in the rank are not next to it.
 */
export function adjacentAllies(
  attacker: Combatant<LifeGuardSheet>,
  others: Combatant<LifeGuardSheet>[],
  defenderId?: string,
): Combatant<LifeGuardSheet>[] {
  const rank = readState(attacker).rank;
  return others.filter(
    (o) =>
      o.id !== attacker.id &&
      o.side === attacker.side &&
      able(o) &&
      readState(o).rank === rank &&
      (defenderId === undefined || engagedWith(o, defenderId)),
  );
}

/** Allies of the shooter a ranged attack into the Melee rank may hit. */
export function alliesAtRisk(
  attacker: Combatant<LifeGuardSheet>,
  defender: Combatant<LifeGuardSheet>,
  others: Combatant<LifeGuardSheet>[],
): Combatant<LifeGuardSheet>[] {
  const targetRank = readState(defender).rank;
  return others.filter(
    (o) =>
      o.id !== attacker.id &&
      o.id !== defender.id &&
      o.side === attacker.side &&
      able(o) &&
      readState(o).rank === targetRank,
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
export function moveRank(
  from: Rank,
  to: Rank | "another battlefield",
): RuleResult & { to: Rank | "another battlefield"; costsAction: true } {
  if (to === "another battlefield") {
    if (from !== "ranged")
      throw new RuleError("You leave for another battlefield from the Ranged rank: move back to Ranged first.");
  } else if (Math.abs(rankIndex(from) - rankIndex(to)) !== 1) {
    throw new RuleError(`Moving goes one rank at a time (${from} → ${to}): move to the Reach rank first.`);
  }
  return {
    title: "Move",
    lines: [
      `Moves from the ${from} rank to ${to === "another battlefield" ? "another battlefield" : `the ${to} rank`}: that is the action this turn.`,
    ],
    rules: [R.movement],
    rolls: [],
    to,
    costsAction: true,
  };
}

/** Areas of effect affect the entire battlefield: everyone able on it, of both sides (its `field:` mark; none: the first). */
export function areaOfEffectTargets<C extends Combatant<LifeGuardSheet>>(all: C[], battlefield?: string): C[] {
  return all.filter((c) => able(c) && (battlefield === undefined || fieldOf(c.state) === battlefield));
}

/** seed 004, "Positioning": the ranks are a battlefield's; a foe on another battlefield is out of reach of any attack. */
export function checkBattlefield(attacker: Combatant<LifeGuardSheet>, defender: Combatant<LifeGuardSheet>): void {
  const a = fieldOf(attacker.state);
  const d = fieldOf(defender.state);
  if (a === d) return;
  const where = (f: string) => (f ? `the ${f} battlefield` : "the first battlefield");
  throw new RuleError(
    `${defender.name} is on ${where(d)} and ${attacker.name} on ${where(a)}: move there first (from the Ranged rank, a move to another battlefield).`,
  );
}
