/**
 * The five combat actions, movement in the combat round, charging and
 * disengaging: data plus pure validation functions.
 */
import { RuleError } from "../types.js";
import { ref } from "./sheet.js";
import type { Mark } from "../../marks.js";

export type ActionKind = "attack" | "spell" | "move" | "ability" | "item";
export type Pace = "walk" | "jog" | "run";

export interface ActionRule {
  kind: ActionKind;
  label: string;
  /** The most a combatant may move with this action, as a multiple of the base rate. */
  maxMove: number;
  /** What the action allows, in words. */
  allows: string;
  rule: string;
}

/** "Combat Actions": attack, cast a spell, move, use an ability, use an item. */
export const ACTIONS: Record<ActionKind, ActionRule> = {
  attack: {
    kind: "attack",
    label: "Attack",
    maxMove: 0.5,
    allows:
      "One attack (melee, unarmed or ranged) and up to half the movement rate; farther negates the attack (a charge excepted).",
    rule: ref("Attack"),
  },
  spell: {
    kind: "spell",
    label: "Cast a Spell",
    maxMove: 0,
    allows:
      "One spell; no movement unless the spell says otherwise. Spells of two or more rounds take effect in a later round.",
    rule: ref("Cast a Spell"),
  },
  move: {
    kind: "move",
    label: "Move",
    maxMove: 4,
    allows: "Walk the full rate, jog at twice it, or run at four times it; nothing else.",
    rule: ref("Move"),
  },
  ability: {
    kind: "ability",
    label: "Use an Ability",
    maxMove: 1,
    allows:
      "One class or racial ability; movement, if any, usually not beyond the normal rate (the Castle Keeper decides).",
    rule: ref("Use an Ability"),
  },
  item: {
    kind: "item",
    label: "Use an Item",
    maxMove: 0,
    allows:
      "Use a readied item (belt, hanging from a pack); no movement. An item in a backpack takes a round to dig out first.",
    rule: ref("Use an Item"),
  },
};

export const PACE_MULTIPLIER: Record<Pace, number> = { walk: 1, jog: 2, run: 4 };

export interface MovementOptions {
  pace?: Pace;
  /** The Castle Keeper's reduction for terrain, obstacles or injuries, 0..0.75 (more is clamped to 0.75). */
  reduction?: number;
  restrained?: boolean;
}

/**
 * "Movement in the Combat Round": walk ×1, jog ×2, run ×4; fractions dropped
 * (at least 1 ft); a reduction of at most three-quarters; at least 5 ft
 * unless restrained or unable to move.
 */
export function movementRate(base: number, opts: MovementOptions = {}): number {
  if (!Number.isInteger(base) || base < 0)
    throw new RuleError("A movement rate must be a whole number of feet, 0 or more.");
  if (opts.restrained) return 0;
  const reduction = Math.min(0.75, Math.max(0, opts.reduction ?? 0));
  const raw = base * PACE_MULTIPLIER[opts.pace ?? "walk"] * (1 - reduction);
  let rate = Math.max(1, Math.floor(raw + 1e-9));
  if (base > 0) rate = Math.max(5, rate);
  else rate = 0;
  return rate;
}

/** Half the movement rate, fractions dropped, at least 1 ft (what an attacker may move). */
export const halfMove = (rate: number): number => (rate <= 0 ? 0 : Math.max(1, Math.floor(rate / 2)));

/** Movement in 1-inch / hex / square units: the rate divided by 5, fractions dropped. */
export const toSquares = (rate: number): number => Math.floor(rate / 5);

export interface ActionPlan {
  action: ActionKind;
  /** Feet the combatant wants to move this round. */
  moveFt: number;
  /** Base movement rate in feet. */
  rate: number;
  /** For "attack": a charge allows full movement (see `validateCharge`). */
  charge?: boolean;
  /** For "item": where the item is. */
  item?: "readied" | "packed";
  /** The spell (or ability) lets the caster move. */
  spellAllowsMove?: boolean;
}

export interface ActionCheck {
  ok: boolean;
  /** Most feet allowed with this action. */
  maxMoveFt: number;
  lines: string[];
  rules: string[];
}

/** Is this action (and its movement) allowed? */
export function validateAction(plan: ActionPlan): ActionCheck {
  const a = ACTIONS[plan.action];
  if (!a) throw new RuleError("The action must be attack, spell, move, ability or item.");
  const rules = [ref("Combat Actions"), a.rule];
  const lines: string[] = [];
  let max: number;
  switch (plan.action) {
    case "attack":
      max = plan.charge ? movementRate(plan.rate, { pace: "jog" }) : halfMove(plan.rate);
      if (plan.charge) rules.push(ref("Charging"));
      else rules.push(ref("Movement in the Combat Round"));
      break;
    case "spell":
      max = plan.spellAllowsMove ? movementRate(plan.rate) : 0;
      break;
    case "move":
      max = movementRate(plan.rate, { pace: "run" });
      rules.push(ref("Movement in the Combat Round"));
      break;
    case "ability":
      max = movementRate(plan.rate);
      break;
    case "item":
      max = 0;
      if (plan.item === "packed") {
        lines.push(
          "The item is in a backpack: it takes at least a round to take off the pack, dig through it and retrieve it; it can be used next round.",
        );
        return { ok: false, maxMoveFt: 0, lines, rules };
      }
      break;
  }
  const ok = plan.moveFt <= max;
  lines.push(
    ok
      ? `${a.label}: moving ${plan.moveFt} ft is allowed (up to ${max} ft).`
      : plan.action === "attack"
        ? `Moving ${plan.moveFt} ft is more than half the movement rate (${max} ft): no attack this round${plan.charge ? "" : " unless it is a charge"}.`
        : `${a.label}: at most ${max} ft of movement, not ${plan.moveFt}.`,
  );
  return { ok, maxMoveFt: max, lines, rules };
}

/** "Charging": the distance must be at least the normal rate and at most the jogging rate, in a straight line, announced before initiative. */
export function validateCharge(opts: {
  rate: number;
  distanceFt: number;
  straight?: boolean;
  announced?: boolean;
}): ActionCheck {
  const min = opts.rate;
  const max = movementRate(opts.rate, { pace: "jog" });
  const rules = [ref("Charging")];
  const lines: string[] = [];
  let ok = true;
  if (opts.announced === false) {
    ok = false;
    lines.push("A charge must be announced before moving and before initiative is rolled.");
  }
  if (opts.straight === false) {
    ok = false;
    lines.push("A charge must be in a straight line.");
  }
  if (opts.distanceFt < min) {
    ok = false;
    lines.push(`The foe is ${opts.distanceFt} ft away: a charge needs at least the normal rate, ${min} ft.`);
  } else if (opts.distanceFt > max) {
    ok = false;
    lines.push(`The foe is ${opts.distanceFt} ft away: a charge covers at most the jogging rate, ${max} ft.`);
  }
  if (ok) lines.push(`Charge allowed (${min}–${max} ft): +2 damage on a hit, −4 AC for the whole round.`);
  return { ok, maxMoveFt: max, lines, rules };
}

export interface Disengagement {
  kind: "hasty" | "fighting";
  maxMoveFt: number;
  acPenalty: number;
  freeAttack: boolean;
  /** Condition to add to the disengaging combatant for the round. */
  condition?: Mark;
  lines: string[];
  rules: string[];
}

/** "Disengaging from Combat": hasty (up to the running distance, −2 AC, a free attack) or fighting (half move, no penalty). */
export function disengage(kind: "hasty" | "fighting", rate: number): Disengagement {
  const rules = [ref("Disengaging from Combat")];
  if (kind === "hasty") {
    const max = movementRate(rate, { pace: "run" });
    return {
      kind,
      maxMoveFt: max,
      acPenalty: -2,
      freeAttack: true,
      condition: "disengaging",
      lines: [
        `Hasty disengagement: up to ${max} ft, −2 AC for the round, and the opponent gets one free attack (not a second one).`,
      ],
      rules,
    };
  }
  const max = halfMove(rate);
  return {
    kind,
    maxMoveFt: max,
    acPenalty: 0,
    freeAttack: false,
    lines: [`Fighting disengagement: up to ${max} ft away, no AC penalty, no other action this round.`],
    rules,
  };
}

/** The combat maneuvers declared before the round, as data. */
export const MANEUVERS = {
  dodge: { acBonus: 2, attacks: 3, action: "sacrificed", rule: ref("Dodge") },
  evade: { acBonus: 4, opponents: 1, action: "sacrificed", rule: ref("Evade") },
  flank: { toHit: 1, rule: ref("Flank Attack") },
  rear: { toHit: 2, rule: ref("Rear Attack") },
} as const;
