import { MessageFlags, type InteractionReplyOptions, type RepliableInteraction } from "discord.js";

export type Payload = Omit<InteractionReplyOptions, "flags"> & { ephemeral?: boolean };

/** Answers whether or not the interaction was deferred or answered already. */
export async function respond(i: RepliableInteraction, payload: Payload): Promise<void> {
  const { ephemeral, ...rest } = payload;
  const flags = ephemeral ? MessageFlags.Ephemeral : undefined;
  if (i.deferred && !i.replied) {
    await i.editReply(rest);
  } else if (i.replied) {
    await i.followUp({ ...rest, flags });
  } else {
    await i.reply({ ...rest, flags });
  }
}

/**
 * A short note only the user sees (refusals, errors, "that is X's to decide"),
 * however the interaction was answered so far: a public "thinking…" is removed
 * rather than filled with the note, and a pressed message is never overwritten.
 */
export async function say(i: RepliableInteraction, content: string): Promise<void> {
  const flags = MessageFlags.Ephemeral;
  if (!i.deferred && !i.replied) return void (await i.reply({ content, flags }));
  const ownReply = i.isChatInputCommand() || i.isContextMenuCommand() || (i.isModalSubmit() && !i.isFromMessage());
  if (i.deferred && !i.replied && ownReply) {
    if (i.ephemeral) return void (await i.editReply({ content }));
    await i.deleteReply().catch(() => {});
  }
  await i.followUp({ content, flags });
}

/** Where a message is: enough to record it, edit it or delete it. */
export interface Posted {
  channelId: string;
  messageId: string;
}

/**
 * Answers with a public message and says where it is, without a request to fetch it: a first answer asks
 * the interaction callback for the message it made (`withResponse`), an edit or a follow-up returns it.
 */
export async function post(i: RepliableInteraction, payload: Omit<Payload, "ephemeral">): Promise<Posted> {
  if (i.deferred && !i.replied) {
    const m = await i.editReply(payload);
    return { channelId: m.channelId, messageId: m.id };
  }
  if (i.replied) {
    const m = await i.followUp(payload);
    return { channelId: m.channelId, messageId: m.id };
  }
  const r = await i.reply({ ...payload, withResponse: true });
  const m = r.resource?.message;
  if (m) return { channelId: m.channelId, messageId: m.id };
  // A callback that gave no message back (not Discord's way for a reply): read it.
  const fetched = await i.fetchReply();
  return { channelId: fetched.channelId, messageId: fetched.id };
}
