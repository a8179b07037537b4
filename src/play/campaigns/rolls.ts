/** The referee's view of the roll log: recent rolls of the campaign, hidden ones included. */
import type { Roll } from "../../generated/prisma/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireReferee } from "../permissions.js";
import { requireCampaign } from "./find.js";

export async function recentRolls(s: Services, actor: Actor, opts: { hiddenOnly?: boolean; limit?: number } = {}): Promise<{ campaign: string; rolls: Roll[] }> {
  const c = await requireCampaign(s.store.db, actor);
  requireReferee(c, actor, "see the roll log");
  const rolls = await s.store.db.roll.findMany({
    where: { campaignId: c.id, ...(opts.hiddenOnly ? { hidden: true } : {}) },
    orderBy: { id: "desc" },
    take: Math.min(opts.limit ?? 20, 50),
  });
  return { campaign: c.name, rolls: rolls.reverse() };
}
