/** The defender's one option against a house attack: Parry (seed 001 "MISC COMBAT RULES": +2 to AC, no attack of its own this round). */
import type { AttackInput, Effect, ReactionOption } from "../types.js";
import { R_MISC } from "./bonuses.js";
import { has, type HouseSheet } from "./sheet.js";
import type { HousePlan } from "./plan.js";

type HIn = AttackInput<HouseSheet>;

/** Can the defender declare a parry against this attack? */
export function parryAllowed(input: HIn, plan: HousePlan): boolean {
  const def = input.defender;
  if (plan.mode !== "melee" || plan.parry) return false;
  if (
    (
      [
        "dead",
        "unconscious",
        "surprised",
        "retreating",
        "fleeing",
        "pinned",
        "helpless",
        "stationary",
        "unaware",
      ] as const
    ).some((c) => has(def, c))
  )
    return false;
  if (input.situation.rear || input.situation.flank) return false;
  if (has(def, "attacked")) return false;
  return def.kind === "monster" || def.sheet.weapons.some((w) => w.kind === "melee");
}

/** What a parry costs the defender: its own attack this round (seed 001, "MISC COMBAT RULES"). */
export const parryCost = (input: HIn): Effect => ({
  targetId: input.defender.id,
  addConditions: ["parrying"],
  note: "parried: no attack this round",
});

export function parryOption(input: HIn): ReactionOption {
  return {
    id: "parry",
    label: "Parry (+2 AC, no attack this round)",
    by: input.defender.id,
    cost: "your attack this round",
    rule: R_MISC,
  };
}
