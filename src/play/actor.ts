/** Who is acting, and where: what every use case receives from the Discord layer. */
export interface Actor {
  guildId: string;
  channelId: string;
  /** The parent channel when the interaction came from a thread. */
  parentChannelId?: string | null;
  userId: string;
  /** The member's role ids in this server. */
  roleIds: string[];
  /** Display name, for embeds and logs. */
  displayName?: string;
}

/** The channels a campaign may be bound to for this actor: the channel itself, or the thread's parent. */
export function campaignChannels(actor: Actor): string[] {
  return actor.parentChannelId ? [actor.channelId, actor.parentChannelId] : [actor.channelId];
}
