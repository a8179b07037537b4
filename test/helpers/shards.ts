import type { LocalDiscord } from "../../src/local/server.js";
import { shardOf } from "../../src/discord/shard.js";

/** A guild whose id falls on the wanted shard of `count` (snowflakes carry the millisecond: wait for the next one). */
export async function guildOnShard(local: LocalDiscord, shard: number, count = 2): Promise<string> {
  for (;;) {
    const id = local.createGuild(`Table on shard ${shard}`).id;
    if (shardOf(id, count) === shard) return id;
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** A table on the wanted shard: a guild there, its #table channel and a member to play in it (`referee<shard>`). */
export async function tableOnShard(
  local: LocalDiscord,
  shard: number,
): Promise<{ guildId: string; channelId: string; userId: string }> {
  const guildId = await guildOnShard(local, shard);
  const channelId = local.createChannel(guildId, "table").id;
  const userId = local.createUser(`referee${shard}`).id;
  local.addMember(guildId, userId);
  return { guildId, channelId, userId };
}
