import type { Campaign } from "../../generated/prisma/client.js";
import type { Hot } from "../../store/client.js";
import { campaignChannels, type Actor } from "../actor.js";
import { UserError } from "../errors.js";
import { liveCampaigns } from "../../store/hot.js";

/** The live campaign of the actor's channel (or of the thread's parent channel), if any. */
export async function findCampaign(db: Hot, actor: Actor): Promise<Campaign | null> {
  const rows = await liveCampaigns(db, actor.guildId, campaignChannels(actor));
  // A campaign bound to the thread itself wins over its parent's.
  return rows.find((c) => c.channelId === actor.channelId) ?? rows[0] ?? null;
}

export async function requireCampaign(db: Hot, actor: Actor): Promise<Campaign> {
  const c = await findCampaign(db, actor);
  if (!c) throw new UserError("There is no campaign in this channel. A referee can start one with `/campaign start system:<id>`.");
  return c;
}
