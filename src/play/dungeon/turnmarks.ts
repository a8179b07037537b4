/**
 * Marks that last "this 10-minute turn" (a charge's once-per-turn, src/rules/round/words.ts)
 * end when the campaign's clock passes into the next turn: taken off every
 * character's and retainer's state.
 */
import type { Campaign } from "../../generated/prisma/client.js";
import { wordFor } from "../../rules/round/words.js";
import type { RuleSystem } from "../../rules/systems/types.js";
import type { Hot } from "../../store/client.js";
import { setState, statesOf } from "../../store/hot.js";
import { keptCodecFor } from "../codecs/sheets.js";

export async function endTurnMarks(tx: Hot, campaign: Campaign, system: RuleSystem): Promise<void> {
  const kept = keptCodecFor(system);
  /** The stored state without its turn-long marks, or null when it has none. */
  const ended = (json: string): string | null => {
    const state = kept.decode(json || "{}");
    if (!state.conditions) return null;
    const left = state.conditions.filter((c) => wordFor(system.words, c).lasts !== "turn");
    return left.length === state.conditions.length ? null : kept.encode({ ...state, conditions: left });
  };
  for (const table of ["Character", "Retainer"] as const) {
    for (const row of await statesOf(tx, table, campaign.id)) {
      const state = ended(row.state);
      if (state) await setState(tx, table, row.id, state, true);
    }
  }
}
