import { DiscordAPIError, type ButtonInteraction, type Client } from "discord.js";
import type { Logger } from "pino";
import type { Lapsed } from "../play/attacks/lapse.js";
import { attachMessage, lapseDue } from "../play/attacks/index.js";
import { attackAsItStands } from "../play/attacks/final.js";
import type { Services } from "../play/services.js";
import { attackEmbed, lapsedView } from "./embeds/attack.js";
import type { SweepTask } from "./sweeper.js";
import { ownsGuild } from "./shard.js";
import { refreshBoard } from "./board.js";

/** Discord codes for a message or channel that is gone: nothing left to edit. */
const GONE = new Set([10003, 10008]);

/**
 * Puts an attack's message in its final state (no buttons). Retried a few times
 * (rate limits, a failing Discord); a deleted message is left alone. A press that
 * still reaches a live button later answers "this has moved on" and repairs it.
 */
export async function editToFinal(
  client: Client,
  channelId: string,
  messageId: string,
  body: { embeds: unknown[] },
  log: Logger,
  tries = 3,
): Promise<boolean> {
  for (let n = 1; ; n++) {
    try {
      await client.rest.patch(`/channels/${channelId}/messages/${messageId}`, { body: { ...body, components: [] } });
      return true;
    } catch (err) {
      const gone = err instanceof DiscordAPIError && GONE.has(Number(err.code));
      if (gone || n >= tries) {
        log.warn({ err, message: messageId, tries: n }, "could not edit an attack's message to its final state");
        return false;
      }
      await new Promise((r) => setTimeout(r, 100 * 2 ** n));
    }
  }
}

/** Edits the messages of attacks that resolved without a reaction: final outcome, no buttons. */
export async function showLapsed(client: Client, lapsed: Lapsed[], log: Logger): Promise<void> {
  for (const l of lapsed) {
    if (l.messageId)
      await editToFinal(client, l.channelId, l.messageId, { embeds: [attackEmbed(lapsedView(l)).toJSON()] }, log);
  }
}

/**
 * Records the message an attack was posted as. When the attack was already resolved
 * meanwhile (another action started before its message existed: a burst of attacks),
 * its message is put in its final state at once.
 */
export async function attachAttackMessage(
  client: Client,
  s: Services,
  pendingId: string,
  messageId: string,
): Promise<void> {
  await attachMessage(s, pendingId, messageId);
  const now = await attackAsItStands(s, pendingId);
  if (now && !now.open)
    await editToFinal(client, now.channelId, messageId, { embeds: [attackEmbed(now).toJSON()] }, s.log);
}

/** A press on an attack that has moved on: its message shows the final state, without buttons. */
export async function repairPressed(i: ButtonInteraction, s: Services, pendingId: string): Promise<void> {
  const now = await attackAsItStands(s, pendingId).catch(() => null);
  if (!now || now.open || i.replied || i.deferred) return;
  await i
    .update({ embeds: [attackEmbed(now)], components: [] })
    .catch((err) => s.log.warn({ err }, "could not repair a pressed attack's message"));
}

/** The sweeper's task (started with the bot, src/discord/bot.ts): attacks whose reaction window ran out, resolved and shown. */
export const sweepLapsed: SweepTask = async (client, services: Services, log) => {
  const lapsed = await lapseDue(services, ownsGuild(client));
  if (lapsed.length) log.info({ count: lapsed.length }, "reaction windows lapsed");
  await showLapsed(client, lapsed, log);
  // The boards of those encounters no longer list them as waiting.
  for (const encounterId of new Set(lapsed.map((l) => l.encounterId)))
    await refreshBoard(client, services, encounterId);
};
