// One model source, two engines: prisma/schema.prisma is the source;
// prisma/postgresql/schema.prisma is derived from it; each engine's checked-in
// migrations must build exactly the database its schema describes. Runs in
// both test projects: SQLite's history in `sqlite`, PostgreSQL's in `postgresql`.
import { describe, it, expect, afterAll } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from "../../prisma/derive-postgresql.js";
import { migrate } from "../../src/store/migrate.js";
import { migratePostgres } from "../../src/store/migrate-pg.js";
import { testDatabase, testEngine, type TestDatabase } from "../helpers/database.js";

const dir = mkdtempSync(join(tmpdir(), "tenfoot-drift-"));
const dbs: TestDatabase[] = [];
afterAll(async () => {
  for (const d of dbs) await d.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The SQL `prisma migrate diff --from-empty` writes for a schema: the database the schema describes. */
function fromEmpty(schema: string, url: string): string {
  const out = execFileSync(
    "npx",
    ["prisma", "migrate", "diff", "--from-empty", "--to-schema-datamodel", schema, "--script"],
    {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return out.replace(/^Loaded Prisma config.*$/m, "");
}

/** Tables, columns, indexes and foreign keys, sorted by name (so column order from ALTER TABLE does not matter). */
function sqliteShape(file: string): unknown {
  const db = new Database(file, { readonly: true });
  try {
    const tables = (
      db
        .prepare(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name`,
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    return tables.map((t) => ({
      table: t,
      columns: (db.pragma(`table_info("${t}")`) as { name: string }[])
        .map(({ name, type, notnull, dflt_value, pk }: any) => ({ name, type, notnull, dflt_value, pk }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      indexes: (db.pragma(`index_list("${t}")`) as { name: string; unique: number }[])
        .map((i) => ({
          name: i.name,
          unique: i.unique,
          columns: (db.pragma(`index_info("${i.name}")`) as { name: string }[]).map((c) => c.name),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      foreignKeys: (db.pragma(`foreign_key_list("${t}")`) as any[])
        .map(({ table, from, to, on_update, on_delete }) => ({ table, from, to, on_update, on_delete }))
        .sort((a, b) => a.from.localeCompare(b.from)),
    }));
  } finally {
    db.close();
  }
}

async function postgresShape(url: string): Promise<unknown> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = async (sql: string) => (await c.query(sql)).rows;
    return {
      columns:
        await q(`SELECT table_name, column_name, data_type, is_nullable, column_default, datetime_precision FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY 1, 2`),
      indexes: await q(
        `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1, 2`,
      ),
      constraints:
        await q(`SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '"_prisma_migrations"' AND conrelid::regclass::text <> '_prisma_migrations' ORDER BY 1, 2`),
    };
  } finally {
    await c.end();
  }
}

describe("one schema source for SQLite and PostgreSQL", () => {
  it("prisma/postgresql/schema.prisma is what prisma/derive-postgresql.ts derives from prisma/schema.prisma", () => {
    expect(
      readFileSync(POSTGRES_SCHEMA, "utf8"),
      "run `npx tsx prisma/derive-postgresql.ts` (npm run migrate:new does) and commit the result",
    ).toBe(derivePostgresSchema(readFileSync(SQLITE_SCHEMA, "utf8")));
  });

  it.runIf(testEngine() === "sqlite")(
    "SQLite: the migrations build the database prisma/schema.prisma describes",
    () => {
      const migrated = join(dir, "migrated.db");
      migrate(migrated);
      const fresh = join(dir, "fresh.db");
      const db = new Database(fresh);
      db.exec(fromEmpty("prisma/schema.prisma", `file:${fresh}`));
      db.close();
      expect(
        sqliteShape(migrated),
        "prisma/migrations has drifted from prisma/schema.prisma: write the missing migration with npm run migrate:new",
      ).toEqual(sqliteShape(fresh));
    },
  );

  it.runIf(testEngine() === "postgresql")(
    "PostgreSQL: the migrations build the database prisma/postgresql/schema.prisma describes",
    async () => {
      const migrated = await testDatabase(dir); // copied from the template, which migratePostgres built
      const fresh = await testDatabase(dir);
      dbs.push(migrated, fresh);
      expect((await migratePostgres(migrated.url)).applied).toEqual([]);
      const c = new pg.Client({ connectionString: fresh.url });
      await c.connect();
      await c.query(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
      await c.query(fromEmpty("prisma/postgresql/schema.prisma", fresh.url));
      await c.end();
      expect(
        await postgresShape(migrated.url),
        "prisma/postgresql/migrations has drifted from the schema: write the missing migration with npm run migrate:new",
      ).toEqual(await postgresShape(fresh.url));
    },
  );
});
