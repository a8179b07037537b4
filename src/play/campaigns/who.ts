/** Who is who at a channel's table: what each member is in its campaign, in the words the playground's picker shows. */
import type { Services } from "../services.js";
import { isReferee } from "../permissions.js";
import { findCampaign } from "./find.js";

export interface Where {
  guildId: string;
  channelId: string;
  parentChannelId: string | null;
}

/**
 * The channel's live campaign by name (null without one) and, for each member, "referee", "player of Wren"
 * (of each character of theirs), both ("referee, player of Wren"), or "no character yet".
 */
export async function whoIsWho(
  s: Services,
  where: Where,
  members: { userId: string; roleIds: string[] }[],
): Promise<{ campaign: string | null; what: Record<string, string> }> {
  const db = s.store.db;
  const campaign = await findCampaign(db, { ...where, userId: "", roleIds: [] });
  if (!campaign) return { campaign: null, what: {} };
  const pcs = await db.character.findMany({
    where: { campaignId: campaign.id, deletedAt: null, kind: "pc" },
    select: { ownerId: true, name: true },
    orderBy: { createdAt: "asc" },
  });
  const what: Record<string, string> = {};
  for (const m of members) {
    const names = pcs.filter((c) => c.ownerId === m.userId).map((c) => c.name);
    const parts = [
      isReferee(campaign, { ...where, ...m }) ? "referee" : null,
      names.length ? `player of ${names.join(", ")}` : null,
    ].filter((p) => p !== null);
    what[m.userId] = parts.length ? parts.join(", ") : "no character yet";
  }
  return { campaign: campaign.name, what };
}
