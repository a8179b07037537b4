import type { Db, Tx } from "./client.js";

/**
 * Records an interaction id; false when it was recorded before (a redelivery),
 * so its handler does not run twice. `ON CONFLICT DO NOTHING` is the same on
 * SQLite and PostgreSQL, and never aborts a surrounding PostgreSQL transaction
 * as a caught unique violation would.
 */
export async function markProcessed(db: Db | Tx, interactionId: string): Promise<boolean> {
  const r = await db.$executeRaw`INSERT INTO "ProcessedInteraction" ("id", "createdAt") VALUES (${interactionId}, ${new Date()}) ON CONFLICT DO NOTHING`;
  return r === 1;
}
