/**
 * "Which combatant?" answered once for /attack, /odds, /check (and /save) and the weapon list: a named
 * one, else the actor's only one standing, else the one of theirs that may attack now (its turn, its
 * attacks left). So /odds shows the attacker /attack would roll for.
 */
import type { Combatant as CombatantRow } from "../../generated/prisma/client.js";
import type { Actor } from "../actor.js";
import { UserError } from "../errors.js";
import type { Fight } from "../encounters/load.js";
import { gateAttack } from "./gate.js";
import { pickActing } from "./who.js";

/** What the pick is for: an attack moves the combatant; odds only look; a roll may be a fallen one's. */
export type PickFor = "attack" | "odds" | "roll";

/** Whether `row` may attack now for `actor`, without an override. */
export function canAttackNow(f: Fight, actor: Actor): (row: CombatantRow) => boolean {
  return (row) => {
    try {
      return gateAttack(f, row, actor, false) !== null;
    } catch (err) {
      if (err instanceof UserError) return false;
      throw err;
    }
  };
}

export function pickCombatant(f: Fight, actor: Actor, name: string | null | undefined, use: PickFor): CombatantRow {
  const ready = canAttackNow(f, actor);
  if (use === "roll") return pickActing(f, actor, name, "character", "rolls", ready, { orDown: true });
  return pickActing(f, actor, name, "attacker", "attacks", ready, use === "odds" ? { anyNamed: true } : {});
}
