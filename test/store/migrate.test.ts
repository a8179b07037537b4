import { describe, it, expect, afterEach } from "vitest";
import Database from "better-sqlite3";
import { cpSync, mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate, MIGRATIONS_DIR } from "../../src/store/migrate.js";
import { openStore } from "../../src/store/client.js";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "tenfoot-mig-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("migrations at start", () => {
  it("creates a fresh database file, its folder, in WAL mode", async () => {
    const file = join(tmp(), "nested", "deeper", "t.db");
    const store = await openStore(`file:${file}`);
    expect(existsSync(file)).toBe(true);
    expect(store.migrations.applied.length).toBeGreaterThan(0);
    await store.db.processedInteraction.create({ data: { id: "1" } });
    await store.close();
    const raw = new Database(file);
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("opens an old database again without re-applying anything, keeping its rows", async () => {
    const file = join(tmp(), "t.db");
    const first = await openStore(`file:${file}`);
    await first.db.processedInteraction.create({ data: { id: "kept" } });
    await first.close();
    const again = migrate(file);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toBeGreaterThan(0);
    const second = await openStore(`file:${file}`);
    expect(await second.db.processedInteraction.findUnique({ where: { id: "kept" } })).not.toBeNull();
    await second.close();
  });

  it("brings a database made by an older release up to date, keeping its rows", async () => {
    const older = tmp();
    cpSync(join(MIGRATIONS_DIR, "20261122000000_init"), join(older, "20261122000000_init"), { recursive: true });
    const file = join(tmp(), "old.db");
    expect(migrate(file, older).applied).toEqual(["20261122000000_init"]);
    const raw = new Database(file);
    raw
      .prepare(
        `INSERT INTO "ProcessedInteraction" ("id", "createdAt") VALUES ('from-old-release', '2026-11-01T00:00:00.000Z')`,
      )
      .run();
    raw.close();
    const store = await openStore(`file:${file}`);
    expect(store.migrations.applied).toContain("20261122180000_combatant_retainer");
    expect(await store.db.processedInteraction.findUnique({ where: { id: "from-old-release" } })).not.toBeNull();
    expect(await store.db.combatant.count({ where: { retainerId: null } })).toBe(0);
    await store.close();
  });

  it("keeps Prisma's bookkeeping table so `prisma migrate status` agrees", () => {
    const file = join(tmp(), "t.db");
    migrate(file);
    const raw = new Database(file);
    const rows = raw.prepare("SELECT migration_name, finished_at FROM _prisma_migrations").all() as {
      migration_name: string;
      finished_at: string;
    }[];
    raw.close();
    expect(rows.map((r) => r.migration_name)).toContain("20261122000000_init");
    expect(rows.every((r) => r.finished_at)).toBe(true);
  });
});
