import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { openStore } from "../../src/store/client.js";
import { testDatabase } from "./database.js";
import { fixedSeeds, type Services } from "../../src/play/services.js";
import type { Actor } from "../../src/play/actor.js";

/** A real SQLite file in a temp folder (or a fresh PostgreSQL database in the `postgresql` project), migrated, with fixed seeds and a fixed clock. */
export async function testServices(
  prefix = "seed",
): Promise<Services & { cleanup(): Promise<void>; dir: string; dbUrl: string }> {
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-"));
  const database = await testDatabase(dir);
  const store = await openStore(database.url);
  let t = Date.parse("2026-11-22T12:00:00Z");
  return {
    store,
    dir,
    dbUrl: database.url,
    log: pino({ level: "silent" }),
    now: () => new Date((t += 1000)),
    newSeed: fixedSeeds(prefix),
    async cleanup() {
      await store.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function actor(userId: string, over: Partial<Actor> = {}): Actor {
  return { guildId: "g1", channelId: "c1", userId, roleIds: [], displayName: userId, ...over };
}
