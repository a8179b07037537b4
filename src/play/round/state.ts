/** The round's bookkeeping on the Encounter row: its phase, what each combatant declared, the attacks made. */
import type { Encounter } from "../../generated/prisma/client.js";
import { roundCodec } from "../codecs/encounter.js";
import type { Mark } from "../../rules/marks.js";

export interface RoundState {
  /** "declare": before this round's initiative; "act": combatants act in order. */
  phase: "declare" | "act";
  /** Declaration ids by combatant id, this round. */
  declared: Record<string, string[]>;
  /** Attacks made this round, by combatant id. */
  attacks: Record<string, number>;
  /** Rounds stored before marks kept their sources: the conditions each declaration set, by combatant and declaration (read as their sources). */
  marks: Record<string, Record<string, Mark[]>>;
  /** Declaration ids → their labels, for the roster. */
  labels?: Record<string, string>;
  /** What the roster shows beside a declaration's label, by combatant id and declaration id (a spell's name: the system's `shows`). */
  details?: Record<string, Record<string, string>>;
  /** Conditions each declaration took off its own combatant this round, by combatant id and declaration id (given back when it is withdrawn). */
  restores?: Record<string, Record<string, Mark[]>>;
  /** Rounds stored before marks kept their sources: the conditions each declaration put on others, by declarer, declaration and target (read as their sources). */
  given?: Record<string, Record<string, Record<string, Mark[]>>>;
}

export function readRound(e: Pick<Encounter, "roundState" | "round">): RoundState {
  const raw = roundCodec.decode(e.roundState || "{}");
  return { phase: raw.phase ?? (e.round === 0 ? "declare" : "act"), declared: raw.declared ?? {}, attacks: raw.attacks ?? {}, marks: raw.marks ?? {}, labels: raw.labels ?? {}, details: raw.details ?? {}, restores: raw.restores ?? {}, given: raw.given ?? {} };
}

export const freshRound = (phase: RoundState["phase"]): RoundState => ({ phase, declared: {}, attacks: {}, marks: {}, restores: {}, given: {} });
