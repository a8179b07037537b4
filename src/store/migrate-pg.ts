/**
 * Applies prisma/postgresql/migrations at start, as migrate.ts does for SQLite:
 * each file in one transaction, recorded in Prisma's own bookkeeping table
 * (`_prisma_migrations`) so `prisma migrate status` agrees. (`prisma migrate
 * deploy` through the PostgreSQL driver adapter fails in Prisma 6.19.)
 * An advisory lock makes shards that start together apply each file once.
 */
import pg from "pg";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { pendingMigrations, type MigrationReport } from "./migrate.js";

export const PG_MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/postgresql/migrations", import.meta.url));
/** Any fixed number: the key of the advisory lock held while migrating. */
const LOCK_KEY = 7_110_010_021;

export async function migratePostgres(url: string, dir = PG_MIGRATIONS_DIR): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const rows = await client.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Set(rows.rows.map((r) => r.migration_name));
    const applied: string[] = [];
    for (const { name, sql, checksum } of pendingMigrations(dir, done)) {
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${name} failed: ${(err as Error).message}`);
      }
      applied.push(name);
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
