/** The referee's view of the roll log: recent rolls of the campaign, hidden ones included. */
import type { Roll } from "../../generated/prisma/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireReferee } from "../permissions.js";
import { rollNumber } from "../../store/hot.js";
import { requireCampaign } from "./find.js";

/** A logged roll with where it was rolled: its place in its stream (as /verify numbers it) and the encounter's name, if any. */
export interface LoggedRoll extends Roll {
  number: number;
  encounter: string | null;
}

export async function recentRolls(
  s: Services,
  actor: Actor,
  opts: { hiddenOnly?: boolean; limit?: number } = {},
): Promise<{ campaign: string; rolls: LoggedRoll[] }> {
  const db = s.store.db;
  const c = await requireCampaign(db, actor);
  requireReferee(c, actor, "see the roll log");
  const rolls = await db.roll.findMany({
    where: { campaignId: c.id, ...(opts.hiddenOnly ? { hidden: true } : {}) },
    orderBy: { id: "desc" },
    take: Math.min(opts.limit ?? 20, 50),
    include: { encounter: { select: { name: true } } },
  });
  const out: LoggedRoll[] = [];
  for (const { encounter, ...r } of rolls.reverse()) {
    const number = await rollNumber(db, r.id, r.encounterId ? { encounterId: r.encounterId } : { campaignId: c.id });
    out.push({ ...r, number, encounter: encounter?.name ?? null });
  }
  return { campaign: c.name, rolls: out };
}
