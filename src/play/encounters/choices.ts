import type { Actor } from "../actor.js";
import { campaignChannels } from "../actor.js";
import type { Services } from "../services.js";

/** Autocomplete: ended encounters of this channel's campaigns, newest first. */
export async function endedEncounterChoices(s: Services, actor: Actor, typed: string): Promise<{ name: string; value: string }[]> {
  const rows = await s.store.db.encounter.findMany({
    where: { revealed: true, campaign: { guildId: actor.guildId, channelId: { in: campaignChannels(actor) } }, name: { contains: typed } },
    orderBy: { endedAt: "desc" },
    take: 25,
    select: { id: true, name: true, round: true },
  });
  return rows.map((r) => ({ name: `${r.name} (${r.round} rounds)`.slice(0, 100), value: r.id }));
}
