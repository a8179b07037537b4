/**
 * Copies every row of one store into another, empty one: how a table that outgrew one process
 * moves its SQLite file to PostgreSQL (README, "Many servers"). Row by row through the two Prisma
 * clients, so each engine's types (dates, booleans) are written as that engine keeps them. The
 * target is migrated when opened; the copy refuses a target that holds any row. Stop the bot first:
 * rows written to the source during the copy would be missed (the counts check says so).
 */
import type { Db, Store } from "./client.js";
import type { ModelName } from "../generated/prisma/internal/prismaNamespace.js";
import type {
  Campaign,
  Character,
  Clock,
  Combatant,
  Encounter,
  LoyaltyEvent,
  PendingAction,
  Player,
  ProcessedInteraction,
  Retainer,
  Roll,
  RollCall,
  SheetDraft,
} from "../generated/prisma/client.js";

/**
 * Every table, each after the tables it refers to, with the key that pages through it (null: read
 * at once, a small table with a two-column key). A model added to the schema fails to compile here
 * until it is listed (here and in DELEGATES below, which pages by the same keys).
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
  SheetDraft: "id",
};

/** Tables whose integer ids PostgreSQL hands out from a sequence: moved past the copied ids. */
const SEQUENCED: ModelName[] = ["Roll", "LoyaltyEvent"];

export interface CopyReport {
  tables: { table: ModelName; source: number; target: number }[];
  ok: boolean;
}

/** One table through its own Prisma delegate: counted, and copied page by page (the rows' type stays inside). */
interface Table {
  count(db: Db): Promise<number>;
  copy(from: Db, to: Db, batch: number): Promise<number>;
}

/** `page`: up to `take` rows after the row `after` in the table's key order (TABLES), all rows when it has no key. */
function table<R>(
  count: (db: Db) => Promise<number>,
  page: (db: Db, after: R | undefined, take: number) => Promise<R[]>,
  write: (db: Db, rows: R[]) => Promise<unknown>,
): Table {
  return {
    count,
    async copy(from, to, batch) {
      let rows = 0;
      let after: R | undefined;
      for (;;) {
        const got = await page(from, after, batch);
        if (!got.length) break;
        await write(to, got);
        rows += got.length;
        if (got.length < batch) break;
        after = got[got.length - 1];
      }
      return rows;
    },
  };
}

const asc = "asc" as const;
const DELEGATES: Record<ModelName, Table> = {
  Campaign: table<Campaign>(
    (db) => db.campaign.count(),
    (db, a, take) => db.campaign.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.campaign.createMany({ data }),
  ),
  // Two-column key, a small table: read at once.
  Player: table<Player>(
    (db) => db.player.count(),
    async (db, a) => (a ? [] : db.player.findMany({})),
    (db, data) => db.player.createMany({ data }),
  ),
  Character: table<Character>(
    (db) => db.character.count(),
    (db, a, take) => db.character.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.character.createMany({ data }),
  ),
  Encounter: table<Encounter>(
    (db) => db.encounter.count(),
    (db, a, take) => db.encounter.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.encounter.createMany({ data }),
  ),
  Combatant: table<Combatant>(
    (db) => db.combatant.count(),
    (db, a, take) => db.combatant.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.combatant.createMany({ data }),
  ),
  PendingAction: table<PendingAction>(
    (db) => db.pendingAction.count(),
    (db, a, take) => db.pendingAction.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.pendingAction.createMany({ data }),
  ),
  Roll: table<Roll>(
    (db) => db.roll.count(),
    (db, a, take) => db.roll.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.roll.createMany({ data }),
  ),
  ProcessedInteraction: table<ProcessedInteraction>(
    (db) => db.processedInteraction.count(),
    (db, a, take) =>
      db.processedInteraction.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.processedInteraction.createMany({ data }),
  ),
  Retainer: table<Retainer>(
    (db) => db.retainer.count(),
    (db, a, take) => db.retainer.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.retainer.createMany({ data }),
  ),
  LoyaltyEvent: table<LoyaltyEvent>(
    (db) => db.loyaltyEvent.count(),
    (db, a, take) => db.loyaltyEvent.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.loyaltyEvent.createMany({ data }),
  ),
  Clock: table<Clock>(
    (db) => db.clock.count(),
    (db, a, take) =>
      db.clock.findMany({ where: a ? { campaignId: { gt: a.campaignId } } : {}, orderBy: { campaignId: asc }, take }),
    (db, data) => db.clock.createMany({ data }),
  ),
  RollCall: table<RollCall>(
    (db) => db.rollCall.count(),
    (db, a, take) => db.rollCall.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.rollCall.createMany({ data }),
  ),
  SheetDraft: table<SheetDraft>(
    (db) => db.sheetDraft.count(),
    (db, a, take) => db.sheetDraft.findMany({ where: a ? { id: { gt: a.id } } : {}, orderBy: { id: asc }, take }),
    (db, data) => db.sheetDraft.createMany({ data }),
  ),
};

export async function copyStore(
  source: Store,
  target: Store,
  opts: { batch?: number; onTable?: (table: ModelName, rows: number) => void } = {},
): Promise<CopyReport> {
  const [from, to] = [source.db, target.db];
  const batch = opts.batch ?? 2000;
  const order = Object.keys(TABLES) as ModelName[];
  const held = [];
  for (const t of order) if ((await DELEGATES[t].count(to)) > 0) held.push(t);
  if (held.length) throw new Error(`The target already holds rows (${held.join(", ")}): copy into an empty database.`);

  for (const t of order) {
    const rows = await DELEGATES[t].copy(from, to, batch);
    opts.onTable?.(t, rows);
  }
  if (target.engine === "postgresql") {
    for (const t of SEQUENCED) {
      await to.$queryRawUnsafe(
        `SELECT setval(pg_get_serial_sequence('"${t}"', 'id'), COALESCE((SELECT MAX("id") FROM "${t}"), 0) + 1, false)`,
      );
    }
  }
  const tables = [];
  for (const table of order)
    tables.push({ table, source: await DELEGATES[table].count(from), target: await DELEGATES[table].count(to) });
  return { tables, ok: tables.every((t) => t.source === t.target) };
}
