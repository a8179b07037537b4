/** The round's bookkeeping on the Encounter row: its phase, what each combatant declared, the attacks made. */
import type { Encounter } from "../../generated/prisma/client.js";

export interface RoundState {
  /** "declare": before this round's initiative; "act": combatants act in order. */
  phase: "declare" | "act";
  /** Declaration ids by combatant id, this round. */
  declared: Record<string, string[]>;
  /** Attacks made this round, by combatant id. */
  attacks: Record<string, number>;
  /** Conditions each combatant's declarations set this round (taken back when it withdraws them). */
  marks: Record<string, string[]>;
  /** Declaration ids → their labels, for the roster. */
  labels?: Record<string, string>;
}

export function readRound(e: Pick<Encounter, "roundState" | "round">): RoundState {
  const raw = JSON.parse(e.roundState || "{}") as Partial<RoundState>;
  return { phase: raw.phase ?? (e.round === 0 ? "declare" : "act"), declared: raw.declared ?? {}, attacks: raw.attacks ?? {}, marks: raw.marks ?? {}, labels: raw.labels ?? {} };
}

export const freshRound = (phase: RoundState["phase"]): RoundState => ({ phase, declared: {}, attacks: {}, marks: {} });
