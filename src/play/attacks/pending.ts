/** A pending attack as stored: the system's state machine plus what is needed to rebuild its input. */
import type { PendingAction } from "../../generated/prisma/client.js";
import type { AttackInput, AttackState, Effect } from "../../rules/systems/types.js";
import type { StoredInput } from "./stored.js";
import type { Fight } from "../encounters/load.js";
import { toRule } from "../encounters/load.js";
import { placeOrder } from "../round/onturn.js";
import { attackInputCodec, attackStateCodec } from "../codecs/pending.js";

export type { StoredInput } from "./stored.js";

/** A stored attack. One stored before each step said its own effects may carry an `applied` list: it is not read. */
export function readPending(p: PendingAction): { state: AttackState; input: StoredInput } {
  return { state: attackStateCodec.decode(p.state), input: attackInputCodec.decode(p.input) };
}

/**
 * What one step of an attack hands play to apply, in order: its own cost, the
 * attack's effects when this step made it final, a follow-up's own. Play applies
 * them as given, once; nothing is compared with an earlier step.
 */
export function stepEffects(state: Partial<Pick<AttackState, "pay" | "final" | "followup">>): Effect[] {
  return [...(state.pay ?? []), ...(state.final ?? []), ...(state.followup ?? [])];
}

export function attackInput(f: Fight, s: StoredInput): AttackInput {
  const all = f.rows.map((r) => toRule(r, f.system));
  const attacker = all.find((c) => c.id === s.attackerId);
  const defender = all.find((c) => c.id === s.defenderId);
  if (!attacker || !defender) throw new Error("pending attack names a combatant that is gone");
  return {
    attacker,
    defender,
    others: all.filter((c) => c.id !== attacker.id && c.id !== defender.id),
    ...(s.weapon ? { weapon: s.weapon } : {}),
    situation: s.situation,
    ...(s.modifierBy ? { modifierBy: s.modifierBy } : {}),
    attackIndex: s.attackIndex ?? 0,
    round: s.round ?? f.encounter.round,
    ...(s.override ? { override: true } : {}),
    ...(placeOrder(f, attacker.id, defender.id) ? { order: placeOrder(f, attacker.id, defender.id)! } : {}),
  };
}
