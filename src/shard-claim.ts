/**
 * Shards claimed from PostgreSQL: with SHARD_CLAIM=N, a machine (a container) takes the first N
 * shards no other machine holds, each an advisory lock on a connection it keeps open. Containers
 * started from one image with one setting (compose.yaml's replicas) then share the shards with no
 * per-container SHARDS list. A container that dies frees its shards with its connection; the next
 * one to start takes them. If this machine's connection drops, its locks are gone and another may
 * take its shards: it stops (gracefully), and is started again to claim anew.
 */
import pg from "pg";
import type { Logger } from "pino";
import { isPostgresUrl } from "./store/path.js";

/** The advisory lock's first key ("TFP1"): the second is the shard id. */
const LOCK_SPACE = 0x54465031;

export interface Claim {
  ids: number[];
  release(): Promise<void>;
}

export async function claimShards(
  url: string,
  count: number,
  want: number,
  log: Logger,
  opts: { waitMs?: number; onLost?: () => void } = {},
): Promise<Claim> {
  if (!isPostgresUrl(url))
    throw new Error(
      "SHARD_CLAIM claims shards in PostgreSQL: set DATABASE_URL to a postgresql:// database shared by every machine",
    );
  if (want > count) throw new Error(`SHARD_CLAIM=${want} is more than SHARD_COUNT=${count}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids: number[] = [];
  let released = false;
  const waitUntil = Date.now() + (opts.waitMs ?? 60_000);
  try {
    for (;;) {
      for (let id = 0; id < count && ids.length < want; id++) {
        if (ids.includes(id)) continue;
        const r = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [LOCK_SPACE, id]);
        if (r.rows[0]?.ok) ids.push(id);
      }
      if (ids.length === want) break;
      if (Date.now() > waitUntil)
        throw new Error(
          `no free shard: all ${count} are claimed by other machines (SHARD_COUNT=${count}; raise it, or start fewer machines)`,
        );
      log.info({ claimed: ids, want, count }, "waiting for a free shard (another machine holds the rest)");
      await new Promise((r) => setTimeout(r, 1000));
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  ids.sort((a, b) => a - b);
  log.info({ shards: ids, count }, "claimed shards");
  client.on("error", (err) => {
    if (released) return;
    log.error(
      { err, shards: ids },
      "lost the claim on these shards (the database connection dropped): stopping, to claim anew on the next start",
    );
    opts.onLost?.();
  });
  return {
    ids,
    async release() {
      released = true;
      await client.end().catch(() => {});
    },
  };
}
