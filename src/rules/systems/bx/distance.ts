/**
 * The encounter's distance (seed 002, "Missile Attacks": "Possible when opponents are more than 5' from one
 * another"; "Melee Attacks": "Possible when opponents are 5' or less from each other"; "Range Modifiers":
 * "Beyond long range: Attack not possible"). Each combatant stands on one line between the sides, kept as a
 * mark "at:<feet>": the party starts at 0, the foes at the rolled distance (play places them), and moves
 * change it. Two combatants are |a − b| feet apart.
 */
import { RuleError, type Combatant, type Effect, type Situation } from "../types.js";
import type { BxWeapon } from "./sheet.js";
import { argIn, atFeet, marksIn } from "../../marks.js";

export const R_MELEE_ATTACKS = 'seed 002, "Melee Attacks"';

export const positionOf = (c: Combatant<unknown>): number | undefined => {
  const feet = argIn(c.state.conditions, "at");
  return feet === undefined ? undefined : Number(feet);
};

/** Feet between two combatants, when both have a place on the line. */
export function distanceBetween(a: Combatant<unknown>, b: Combatant<unknown>): number | undefined {
  const pa = positionOf(a);
  const pb = positionOf(b);
  return pa === undefined || pb === undefined ? undefined : Math.abs(pa - pb);
}

const foesOf = (who: Combatant<unknown>, others: Combatant<unknown>[]) =>
  others.filter(
    (o) =>
      o.side !== who.side &&
      positionOf(o) !== undefined &&
      !o.state.conditions.some((x) => ["dead", "fled", "routed", "surrendered"].includes(x)),
  );

/** The mark that puts `who` at `to` (none when it has no place or does not move). */
function placeAt(who: Combatant<unknown>, to: number): Effect[] {
  const old = marksIn(who.state.conditions, "at");
  const mark = atFeet(Math.round(to));
  if (!old.length || old.includes(mark)) return [];
  return [{ targetId: who.id, addConditions: [mark], removeConditions: old }];
}

/** Toward the nearest foe, `feet` at most, stopping at it (then in melee: within `reach`, B/X's 5'): the effects and a line. */
export function moveToward(
  who: Combatant<unknown>,
  others: Combatant<unknown>[],
  feet: number,
  reach = 5,
): { effects: Effect[]; line: string | null } {
  const p = positionOf(who);
  const foes = foesOf(who, others);
  if (p === undefined || !foes.length) return { effects: [], line: null };
  const nearest = foes.reduce((n, o) => (Math.abs(positionOf(o)! - p) < Math.abs(positionOf(n)! - p) ? o : n));
  const gap = Math.abs(positionOf(nearest)! - p);
  const step = Math.min(feet, gap);
  const to = p + Math.sign(positionOf(nearest)! - p) * step;
  const left = gap - step;
  return {
    effects: placeAt(who, to),
    line:
      left <= reach
        ? `Closes ${step}' to ${nearest.name}: in melee.`
        : `Closes ${step}': ${left}' from ${nearest.name}.`,
  };
}

/** Away from the foes by `feet`: the effects and a line. */
export function moveAway(
  who: Combatant<unknown>,
  others: Combatant<unknown>[],
  feet: number,
): { effects: Effect[]; line: string | null } {
  const p = positionOf(who);
  const foes = foesOf(who, others);
  if (p === undefined || !foes.length || feet <= 0) return { effects: [], line: null };
  const mean = foes.reduce((s, o) => s + positionOf(o)!, 0) / foes.length;
  const dir = mean === p ? (who.side === "party" ? -1 : 1) : -Math.sign(mean - p);
  const to = p + dir * feet;
  const nearest = Math.min(...foes.map((o) => Math.abs(positionOf(o)! - to)));
  return { effects: placeAt(who, to), line: `Backs ${feet}' away: ${nearest}' from the nearest foe.` };
}

export interface RangeCheck {
  /** The range band a missile's distance falls in (with its modifier), when the weapon lists ranges. */
  band?: { range: "short" | "medium" | "long"; value: number };
  line: string;
}

/** How far melee reaches, and the rule that says so in words players read: B/X's 5'. */
export interface MeleeReach {
  feet: number;
  /** "melee attacks are possible only when …", with the book and heading. */
  words: string;
}
export const BX_REACH: MeleeReach = {
  feet: 5,
  words: "melee attacks are possible only when opponents are 5' or less from each other (Basic/Expert · Melee Attacks)",
};

/**
 * The attack checked against the distance: melee within reach (B/X's 5'), missiles beyond 5' and within long range.
 * Throws a RuleError the player reads when the attack is not possible.
 */
export function checkDistance(input: {
  defender: string;
  distance: number;
  typed: boolean;
  melee: boolean;
  weapon: BxWeapon;
  situation: Situation;
  reach?: MeleeReach;
}): RangeCheck {
  const { distance: d, weapon: w } = input;
  const reach = input.reach ?? BX_REACH;
  const where = input.typed ? `${d}'` : `${d}' (the encounter's distance)`;
  if (input.melee) {
    if (d > reach.feet)
      throw new RuleError(
        `${input.defender} is ${where} away: ${reach.words}. Move first (declare Move), or use a missile weapon.`,
      );
    return { line: `Distance ${where}: in melee.` };
  }
  if (d <= 5)
    throw new RuleError(
      `${input.defender} is ${where} away: missile attacks are possible only when opponents are more than 5' from one another (Basic/Expert · Missile Attacks).`,
    );
  if (!w.ranges) return { line: `Distance ${where}.` };
  const [short, medium, long] = w.ranges;
  if (d > long)
    throw new RuleError(
      `${input.defender} is ${where} away, beyond ${w.name}'s long range (${long}'): attack not possible (Basic/Expert · Range Modifiers).`,
    );
  const band =
    d <= short
      ? { range: "short" as const, value: 1 }
      : d <= medium
        ? { range: "medium" as const, value: 0 }
        : { range: "long" as const, value: -1 };
  return { band, line: `Distance ${where}: ${band.range} range for ${w.name} (${short}/${medium}/${long}).` };
}
