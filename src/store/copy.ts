/**
 * Copies every row of one store into another, empty one: how a table that outgrew one process
 * moves its SQLite file to PostgreSQL (README, "Many servers"). Row by row through the two Prisma
 * clients, so each engine's types (dates, booleans) are written as that engine keeps them. The
 * target is migrated when opened; the copy refuses a target that holds any row. Stop the bot first:
 * rows written to the source during the copy would be missed (the counts check says so).
 */
import type { Db, Store } from "./client.js";
import type { ModelName } from "../generated/prisma/internal/prismaNamespace.js";

/**
 * Every table, each after the tables it refers to, with the key that pages through it (null: read
 * at once, a small table with a two-column key). A model added to the schema fails to compile here
 * until it is listed.
 */
export const TABLES: Record<ModelName, string | null> = {
  Campaign: "id",
  Player: null,
  Character: "id",
  Encounter: "id",
  Combatant: "id",
  PendingAction: "id",
  Roll: "id",
  ProcessedInteraction: "id",
  Retainer: "id",
  LoyaltyEvent: "id",
  Clock: "campaignId",
  RollCall: "id",
};

/** Tables whose integer ids PostgreSQL hands out from a sequence: moved past the copied ids. */
const SEQUENCED: ModelName[] = ["Roll", "LoyaltyEvent"];

export interface CopyReport {
  tables: { table: ModelName; source: number; target: number }[];
  ok: boolean;
}

interface Delegate {
  count(): Promise<number>;
  findMany(args: object): Promise<Record<string, unknown>[]>;
  createMany(args: { data: Record<string, unknown>[] }): Promise<{ count: number }>;
}

const delegate = (db: Db, table: ModelName): Delegate => (db as unknown as Record<string, Delegate>)[table[0]!.toLowerCase() + table.slice(1)]!;

export async function copyStore(source: Store, target: Store, opts: { batch?: number; onTable?: (table: ModelName, rows: number) => void } = {}): Promise<CopyReport> {
  const [from, to] = [source.db, target.db];
  const batch = opts.batch ?? 2000;
  const order = Object.keys(TABLES) as ModelName[];
  const held = [];
  for (const t of order) if ((await delegate(to, t).count()) > 0) held.push(t);
  if (held.length) throw new Error(`The target already holds rows (${held.join(", ")}): copy into an empty database.`);

  for (const table of order) {
    const [src, dst, key] = [delegate(from, table), delegate(to, table), TABLES[table]];
    let rows = 0;
    let after: unknown = undefined;
    for (;;) {
      const page = key
        ? await src.findMany({ where: after === undefined ? {} : { [key]: { gt: after } }, orderBy: { [key]: "asc" }, take: batch })
        : await src.findMany({});
      if (!page.length) break;
      await dst.createMany({ data: page });
      rows += page.length;
      if (!key || page.length < batch) break;
      after = page[page.length - 1]![key];
    }
    opts.onTable?.(table, rows);
  }
  if (target.engine === "postgresql") {
    for (const t of SEQUENCED) {
      await to.$queryRawUnsafe(`SELECT setval(pg_get_serial_sequence('"${t}"', 'id'), COALESCE((SELECT MAX("id") FROM "${t}"), 0) + 1, false)`);
    }
  }
  const tables = [];
  for (const table of order) tables.push({ table, source: await delegate(from, table).count(), target: await delegate(to, table).count() });
  return { tables, ok: tables.every((t) => t.source === t.target) };
}
