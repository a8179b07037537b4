/**
 * Marks that last "this 10-minute turn" (a charge's once-per-turn, src/rules/round/words.ts)
 * end when the campaign's clock passes into the next turn: taken off every
 * character's and retainer's state.
 */
import type { Campaign } from "../../generated/prisma/client.js";
import { wordFor } from "../../rules/round/words.js";
import type { RuleSystem } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";

export async function endTurnMarks(tx: Tx, campaign: Campaign, system: RuleSystem): Promise<void> {
  const keep = (conditions: string[]) => conditions.filter((c) => wordFor(system.words, c).lasts !== "turn");
  for (const c of await tx.character.findMany({ where: { campaignId: campaign.id } })) {
    const state = JSON.parse(c.state || "{}") as { conditions?: string[] };
    if (!state.conditions) continue;
    const kept = keep(state.conditions);
    if (kept.length !== state.conditions.length) await tx.character.update({ where: { id: c.id }, data: { state: JSON.stringify({ ...state, conditions: kept }), version: { increment: 1 } } });
  }
  for (const r of await tx.retainer.findMany({ where: { campaignId: campaign.id } })) {
    const state = JSON.parse(r.state || "{}") as { conditions?: string[] };
    if (!state.conditions) continue;
    const kept = keep(state.conditions);
    if (kept.length !== state.conditions.length) await tx.retainer.update({ where: { id: r.id }, data: { state: JSON.stringify({ ...state, conditions: kept }), version: { increment: 1 } } });
  }
}
