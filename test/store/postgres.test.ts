import { readdirSync } from "node:fs";
// The store on PostgreSQL (runs in the `postgresql` test project only): the
// bot's own migrator, Prisma's bookkeeping, shards starting together, and the
// interaction de-duplication inside a transaction.
import { describe, it, expect, afterAll, afterEach } from "vitest";
import pg from "pg";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/client.js";
import { migratePostgres } from "../../src/store/migrate-pg.js";
import { markProcessed } from "../../src/store/processed.js";
import { testDatabase, type TestDatabase } from "../helpers/database.js";

const open: Store[] = [];
const dbs: TestDatabase[] = [];
const dir = mkdtempSync(join(tmpdir(), "tenfoot-pgstore-"));
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dbs.splice(0)) await d.drop();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function empty(): Promise<TestDatabase> {
  const d = await testDatabase(dir, "x.db", { empty: true });
  dbs.push(d);
  return d;
}

async function rows<T>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Every checked-in PostgreSQL migration, by folder name. */
const PG_MIGRATIONS = readdirSync("prisma/postgresql/migrations", { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe("PostgreSQL store", () => {
  it("two shards opening a new database together apply each migration once, recorded as Prisma records it", async () => {
    const d = await empty();
    const [a, b] = await Promise.all([openStore(d.url), openStore(d.url)]);
    open.push(a, b);
    expect(a.engine).toBe("postgresql");
    expect([...a.migrations.applied, ...b.migrations.applied].sort()).toEqual(PG_MIGRATIONS);
    const recorded = await rows<{ migration_name: string; finished_at: Date | null }>(
      d.url,
      `SELECT migration_name, finished_at FROM "_prisma_migrations"`,
    );
    expect(recorded.map((r) => r.migration_name).sort()).toEqual(PG_MIGRATIONS);
    expect(recorded.every((r) => r.finished_at)).toBe(true);
  });

  it("a restart keeps the rows and applies nothing again", async () => {
    const d = await empty();
    const first = await openStore(d.url);
    await first.db.processedInteraction.create({ data: { id: "kept" } });
    await first.close();
    expect(await migratePostgres(d.url)).toEqual({ applied: [], alreadyApplied: PG_MIGRATIONS.length });
    const second = await openStore(d.url);
    open.push(second);
    expect(await second.db.processedInteraction.findUnique({ where: { id: "kept" } })).not.toBeNull();
  });

  it("a redelivered interaction is refused without aborting the transaction it runs in", async () => {
    const d = await testDatabase(dir);
    dbs.push(d);
    const s = await openStore(d.url);
    open.push(s);
    const seen = await s.db.$transaction(async (tx) => {
      const first = await markProcessed(tx, "i-1");
      const again = await markProcessed(tx, "i-1");
      await tx.processedInteraction.create({ data: { id: "after" } }); // would fail in an aborted transaction
      return [first, again];
    });
    expect(seen).toEqual([true, false]);
    expect(await s.db.processedInteraction.count()).toBe(2);
  });

  it("50 concurrent marks of one interaction from two stores: exactly one is first", async () => {
    const d = await testDatabase(dir);
    dbs.push(d);
    const [a, b] = await Promise.all([openStore(d.url), openStore(d.url)]);
    open.push(a, b);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => markProcessed((i % 2 ? a : b).db, "same")));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("the url shown in logs hides the password", async () => {
    const d = await testDatabase(dir);
    dbs.push(d);
    const u = new URL(d.url);
    u.password = "secret";
    const s = await openStore(u.toString()); // trust authentication ignores the password
    open.push(s);
    expect(s.file).not.toContain("secret");
  });
});
