/** The board's declaration buttons: what players' combatants may declare now, this round or (once they have acted) the next. */
import type { Fight } from "../encounters/load.js";
import { declarable, roundOver } from "./context.js";
import { declaringFor } from "./ready.js";
import { readRound, type RoundState } from "./state.js";

export interface RoundMenu {
  encounterId: string;
  round: number;
  version: number;
  phase: RoundState["phase"];
  /** Everyone has acted: the declarations are for the next round, and the referee's press starts it. */
  over: boolean;
  /** What players' combatants may declare now (one button each). */
  declarations: { id: string; label: string }[];
}

/** The round message's buttons: what players may declare now. */
export function roundMenu(f: Fight): RoundMenu {
  const now = readRound(f.encounter);
  const seen = new Map<string, string>();
  for (const c of f.combatants) {
    const row = f.rows.find((r) => r.id === c.id);
    if (!row?.controllerId) continue;
    // What is still open this round (a move after the attack), and, for who has had their turn, the next round's (ready.ts).
    const next = declaringFor(f, c, now);
    for (const d of [...declarable(f, c, now), ...(next !== now ? declarable(f, c, next) : [])])
      if (!seen.has(d.id)) seen.set(d.id, d.label);
  }
  return {
    encounterId: f.encounter.id,
    round: f.encounter.round,
    version: f.encounter.version,
    phase: now.phase,
    over: roundOver(f, now),
    declarations: [...seen].map(([id, label]) => ({ id, label })),
  };
}
