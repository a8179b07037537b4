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

/** A short ephemeral note (errors, "that is X's to decide"). */
export function say(i: RepliableInteraction, content: string): Promise<void> {
  return respond(i, { content, ephemeral: true });
}
