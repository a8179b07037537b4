import type { Campaign } from "../../generated/prisma/client.js";
import type { Hot } from "../../store/client.js";
import { campaignChannels, type Actor } from "../actor.js";
import { UserError } from "../errors.js";
import type { Combatant, Encounter } from "../../generated/prisma/client.js";
import { liveCampaigns, liveTables } from "../../store/hot.js";

/** The live campaign of the actor's channel (or of the thread's parent channel), if any. */
export async function findCampaign(db: Hot, actor: Actor): Promise<Campaign | null> {
  return nearest(actor, await liveCampaigns(db, actor.guildId, campaignChannels(actor)));
}

/** A campaign bound to the thread itself wins over its parent's. */
const nearest = (actor: Actor, rows: Campaign[]): Campaign | null =>
  rows.find((c) => c.channelId === actor.channelId) ?? rows[0] ?? null;

export interface Table {
  campaign: Campaign | null;
  /** Its running encounter, if any. */
  encounter: Encounter | null;
  /** That encounter's combatants (when asked for), party first then foes, by name. */
  combatants: Combatant[];
}

/**
 * The actor's campaign, its running encounter and (with `combatants`) that encounter's combatants,
 * read together; with `lock` (a transaction about to draw dice), the campaign's and encounter's
 * rows locked as they are read, so that draws at one table take turns (store/hot.ts).
 */
export async function findTable(db: Hot, actor: Actor, combatants = false, lock = false): Promise<Table> {
  const live = await liveTables(db, actor.guildId, campaignChannels(actor), combatants, lock);
  const campaign = nearest(actor, live.campaigns);
  const encounter = (campaign && live.encounters.find((e) => e.campaignId === campaign.id)) || null;
  return {
    campaign,
    encounter,
    combatants: encounter ? live.combatants.filter((c) => c.encounterId === encounter.id) : [],
  };
}

export const noCampaign = () =>
  new UserError("There is no campaign in this channel. A referee can start one with `/campaign start system:<id>`.");

export async function requireCampaign(db: Hot, actor: Actor): Promise<Campaign> {
  const c = await findCampaign(db, actor);
  if (!c) throw noCampaign();
  return c;
}
