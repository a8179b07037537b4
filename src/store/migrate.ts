/**
 * Applies prisma/migrations at start, with the same bookkeeping table Prisma's
 * `migrate deploy` keeps (`_prisma_migrations`), so the CLI agrees with the bot.
 * Runs on a raw better-sqlite3 connection: fast (no CLI process) and offline.
 */
import Database from "better-sqlite3";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
}

/** A checked-in migration not applied yet: its folder's name, its SQL and the checksum Prisma records. */
export interface PendingMigration {
  name: string;
  sql: string;
  checksum: string;
}

/** The migrations in `dir` (one folder each, in name order) that `done` does not list. Shared by both engines. */
export function pendingMigrations(dir: string, done: Set<string>): PendingMigration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .filter((name) => !done.has(name))
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export function migrate(file: string, dir = MIGRATIONS_DIR): MigrationReport {
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("busy_timeout = 5000");
    db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    const done = new Set(
      (
        db
          .prepare(
            `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          )
          .all() as { migration_name: string }[]
      ).map((r) => r.migration_name),
    );
    const applied: string[] = [];
    for (const { name, sql, checksum } of pendingMigrations(dir, done)) {
      db.transaction(() => {
        db.exec(sql);
        db.prepare(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (?, ?, current_timestamp, ?, 1)`,
        ).run(randomUUID(), checksum, name);
      })();
      applied.push(name);
    }
    return { applied, alreadyApplied: done.size };
  } finally {
    db.close();
  }
}
