import type { Db, Tx } from "./client.js";

/**
 * Records an interaction id; false when it was recorded before (a redelivery),
 * so its handler does not run twice.
 */
export async function markProcessed(db: Db | Tx, interactionId: string): Promise<boolean> {
  const r = await db.$executeRaw`INSERT OR IGNORE INTO "ProcessedInteraction" ("id", "createdAt") VALUES (${interactionId}, ${new Date().toISOString()})`;
  return r === 1;
}
