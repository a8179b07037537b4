/** The round's bookkeeping on the Encounter row: its phase, what each combatant declared, the attacks made. */
import type { Encounter } from "../../generated/prisma/client.js";
import { roundCodec } from "../codecs/encounter.js";
import type { RoundState } from "./round-state.js";

export type { RoundState, AheadDeclaration } from "./round-state.js";

export function readRound(e: Pick<Encounter, "roundState" | "round">): RoundState {
  const raw = roundCodec.decode(e.roundState || "{}");
  return {
    phase: raw.phase ?? (e.round === 0 ? "declare" : "act"),
    declared: raw.declared ?? {},
    attacks: raw.attacks ?? {},
    marks: raw.marks ?? {},
    labels: raw.labels ?? {},
    details: raw.details ?? {},
    restores: raw.restores ?? {},
    given: raw.given ?? {},
    foes: raw.foes ?? {},
    moraleAt: raw.moraleAt ?? {},
    ahead: raw.ahead ?? {},
    ...(raw.surprise ? { surprise: raw.surprise } : {}),
  };
}

/** A new round's bookkeeping: what lasts from round to round (opponents, morale checked) is carried from `was`. */
export const freshRound = (phase: RoundState["phase"], was?: RoundState): RoundState => ({
  phase,
  declared: {},
  attacks: {},
  marks: {},
  restores: {},
  given: {},
  ...(was?.foes ? { foes: was.foes } : {}),
  ...(was?.moraleAt ? { moraleAt: was.moraleAt } : {}),
});
