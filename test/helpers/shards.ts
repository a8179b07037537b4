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
