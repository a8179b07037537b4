import { ChannelType, type Interaction } from "discord.js";
import type { Actor } from "../play/actor.js";
import { UserError } from "../play/errors.js";

const THREADS = new Set([ChannelType.PublicThread, ChannelType.PrivateThread, ChannelType.AnnouncementThread]);

/** Who and where, from an interaction. Campaigns live in servers: DMs are refused. */
export function actorOf(i: Interaction): Actor {
  if (!i.guildId || !i.channelId)
    throw new UserError("Ten-Foot Pole plays in a server's channels, not in direct messages.");
  const ch = i.channel;
  const parent = ch && "type" in ch && THREADS.has(ch.type) && "parentId" in ch ? (ch.parentId ?? null) : null;
  const roles =
    i.member && "roles" in i.member
      ? Array.isArray(i.member.roles)
        ? i.member.roles
        : [...i.member.roles.cache.keys()]
      : [];
  const displayName =
    (i.member && "displayName" in i.member ? i.member.displayName : undefined) ?? i.user.globalName ?? i.user.username;
  return {
    guildId: i.guildId,
    channelId: i.channelId,
    parentChannelId: parent,
    userId: i.user.id,
    roleIds: roles,
    displayName,
  };
}
