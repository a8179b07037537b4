import type { Client } from "discord.js";
import type { Logger } from "pino";
import type { Lapsed } from "../play/attacks/lapse.js";
import { lapseDue } from "../play/attacks/index.js";
import type { Services } from "../play/services.js";
import { attackEmbed, lapsedView } from "./embeds/attack.js";
import { registerSweepTask } from "./sweeper.js";
import { ownsGuild } from "./shard.js";

/** Edits the messages of attacks that resolved without a reaction: final outcome, no buttons. */
export async function showLapsed(client: Client, lapsed: Lapsed[], log: Logger): Promise<void> {
  for (const l of lapsed) {
    if (!l.messageId) continue;
    try {
      await client.rest.patch(`/channels/${l.channelId}/messages/${l.messageId}`, {
        body: { embeds: [attackEmbed(lapsedView(l)).toJSON()], components: [] },
      });
    } catch (err) {
      log.warn({ err, pending: l.pendingId }, "could not edit a lapsed attack's message");
    }
  }
}

registerSweepTask(async (client, services: Services, log) => {
  const lapsed = await lapseDue(services, ownsGuild(client));
  if (lapsed.length) log.info({ count: lapsed.length }, "reaction windows lapsed");
  await showLapsed(client, lapsed, log);
});
