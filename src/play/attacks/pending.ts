/** A pending attack as stored: the system's state machine plus what is needed to rebuild its input. */
import type { PendingAction } from "../../generated/prisma/client.js";
import type { AttackInput, AttackState, Situation } from "../../rules/systems/types.js";
import type { Fight } from "../encounters/load.js";
import { toRule } from "../encounters/load.js";

export interface StoredInput {
  attackerId: string;
  defenderId: string;
  weapon?: string;
  situation: Situation;
  /** JSON of effects already applied, so each applies once. */
  applied: string[];
  /** Lines from effects already applied (damage outcomes), kept for the embed. */
  outcomeLines: string[];
  /** Attacks the attacker made earlier in the same round. */
  attackIndex?: number;
  round?: number;
}

export function readPending(p: PendingAction): { state: AttackState; input: StoredInput } {
  return { state: JSON.parse(p.state) as AttackState, input: JSON.parse(p.input) as StoredInput };
}

export function attackInput(f: Fight, s: StoredInput): AttackInput {
  const all = f.rows.map(toRule);
  const attacker = all.find((c) => c.id === s.attackerId);
  const defender = all.find((c) => c.id === s.defenderId);
  if (!attacker || !defender) throw new Error("pending attack names a combatant that is gone");
  return {
    attacker,
    defender,
    others: all.filter((c) => c.id !== attacker.id && c.id !== defender.id),
    ...(s.weapon ? { weapon: s.weapon } : {}),
    situation: s.situation,
    attackIndex: s.attackIndex ?? 0,
    round: s.round ?? f.encounter.round,
  };
}
