/** Sharding: which shard a guild belongs to, as Discord routes it. */
import type { Client } from "discord.js";

export interface ShardInfo {
  id: number;
  count: number;
}

/** Discord's rule: a guild's events go to shard (guild_id >> 22) % shard_count. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/**
 * Whether this client's shard owns a guild: timers (the lapse sweeper) act only
 * on their own guilds, so each guild's timers run on exactly one shard.
 */
export function ownsGuild(client: Client): (guildId: string) => boolean {
  const count = client.options.shardCount ?? 1;
  const mine = new Set(Array.isArray(client.options.shards) ? client.options.shards : [0]);
  if (count <= 1) return () => true;
  return (guildId) => mine.has(shardOf(guildId, count));
}
