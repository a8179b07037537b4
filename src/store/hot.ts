/**
 * The hot path's statements as raw SQL, one text for both engines: every /roll, /attack and press
 * runs them (bench/bot.ts counts and times them). Each runs on its client's lane when it has one
 * (SQLite inside a transaction, lane.ts; PostgreSQL in a `laneOnly` transaction and outside any,
 * pg-lane.ts), else through Prisma's $queryRaw. Either way the columns come back as the models
 * type them (DateTime → Date, Boolean → boolean), so callers get the rows Prisma would give.
 */
import {
  Prisma,
  type Campaign,
  type Combatant,
  type Encounter,
  type PendingAction,
  type Roll,
} from "../generated/prisma/client.js";
import type { Db, Hot, Tx } from "./types.js";
import { laneOf, locksRows, type Lane } from "./lane.js";
import { Later, type Check } from "./later.js";

/** A client without a lane: Prisma's (the store's client on SQLite, or Prisma's own transaction). */
function prisma(db: Hot): Db | Tx {
  if (!("$queryRaw" in db)) throw new Error("a laneOnly transaction's client reached a statement without its lane");
  return db as Db | Tx;
}

/** `run` on the client's lane when it has one (a thrown error as a rejection), else `viaPrisma` on Prisma's client. */
function onLane<T>(db: Hot, run: (lane: Lane) => T | Promise<T>, viaPrisma: (db: Db | Tx) => Promise<T>): Promise<T> {
  const lane = laneOf(db);
  if (!lane) return viaPrisma(prisma(db));
  try {
    return Promise.resolve(run(lane));
  } catch (err) {
    return Promise.reject(err);
  }
}

/** Rows of a query: on the client's lane when it has one, else through Prisma. */
export function queryRows<T>(db: Hot, query: Prisma.Sql): Promise<T[]> {
  return onLane(
    db,
    (lane) => lane.all<T>(query),
    (p) => p.$queryRaw<T[]>(query),
  );
}

/** Rows changed by a statement: on the client's lane when it has one, else through Prisma. */
export function execute(db: Hot, query: Prisma.Sql): Promise<number> {
  return onLane(
    db,
    (lane) => lane.run(query),
    (p) => p.$executeRaw(query),
  );
}

/**
 * Without a lane (Prisma's own transaction on PostgreSQL, or the SQLite client outside one) a
 * statement kept for later runs at once, after the client's earlier ones; its transaction waits for
 * them before committing (pg-lane.ts), and a failed check fails it there.
 */
const pending = new WeakMap<object, { tail: Promise<unknown>; failure?: unknown; contended?: boolean }>();
function viaPrismaLater<T>(db: Hot, f: (p: Db | Tx, lost: () => void) => Promise<T>): Later<T> {
  const chain: { tail: Promise<unknown>; failure?: unknown; contended?: boolean } = pending.get(db) ?? {
    tail: Promise.resolve(),
  };
  const lost = () => void (chain.contended = true);
  const p = chain.tail.then(() => f(prisma(db), lost));
  chain.tail = p.catch((err: unknown) => void (chain.failure ??= err));
  pending.set(db, chain);
  return new Later(p);
}

/** Whether a write with a `retry` check lost on this transaction's client (one without a lane): the transaction may run again. */
export const laterContended = (db: object): boolean => pending.get(db)?.contended === true;

/** Waits for the statements kept for later on a client without a lane; throws the first that failed. */
export async function laterSettled(db: object): Promise<void> {
  const chain = pending.get(db);
  if (!chain) return;
  await chain.tail;
  if (chain.failure !== undefined) throw chain.failure;
}

/** A write sent with the transaction's next statement or its COMMIT (later.ts); with `check`, the transaction fails when its count differs. */
export function later(db: Hot, query: Prisma.Sql, check?: Check): Later<number> {
  const lane = laneOf(db);
  if (lane) return lane.later(query, check);
  return viaPrismaLater(db, async (p, lost) => {
    const n = await p.$executeRaw(query);
    if (check && n !== check.rows) {
      if (check.retry) lost();
      throw check.fail();
    }
    return n;
  });
}

/** Rows sent for with the transaction's next statement or its COMMIT, to be taken when needed (after the COMMIT, say). */
export function laterRows<T>(db: Hot, query: Prisma.Sql): Later<T[]> {
  const lane = laneOf(db);
  return lane ? lane.laterRows<T>(query) : viaPrismaLater(db, (p) => p.$queryRaw<T[]>(query));
}

/**
 * `FOR UPDATE` when `lock` and the client is a PostgreSQL transaction: the read waits while another
 * transaction holds the rows, reads them as that one committed them, and holds them until its own
 * transaction ends. Two draws from one dice stream so take turns at its row instead of the later
 * one losing the compare-and-set on its state (play/streams.ts). Nothing on SQLite, which runs one
 * transaction at a time, nor outside a transaction.
 */
const forUpdate = (db: Hot, lock: boolean | undefined) =>
  lock && locksRows(db) ? Prisma.sql` FOR UPDATE` : Prisma.empty;

/** Rows read under their lock (`forUpdate`): what their transaction writes back from them cannot have moved since. */
const lockedRows = new WeakSet<object>();
const underLock = <T extends object>(rows: T[], locks: Prisma.Sql): T[] => {
  if (locks !== Prisma.empty) for (const r of rows) lockedRows.add(r);
  return rows;
};
/** Whether this row (the object read) was read under its lock, in a PostgreSQL transaction. */
export const readUnderLock = (row: object): boolean => lockedRows.has(row);

/**
 * Locks a row until the transaction ends (`forUpdate`), for a transaction that reads it next and
 * writes it back: one that asks for it while another holds it waits, then reads what that one
 * left, instead of losing the compare-and-set on the row's version. Nothing on SQLite.
 */
export async function lockRow(db: Hot, table: "RollCall", id: string): Promise<void> {
  if (locksRows(db))
    await queryRows(db, Prisma.sql`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE "id" = ${id}${forUpdate(db, true)}`);
}

/** The live campaigns of these channels in a server (the channel, or a thread and its parent). */
export function liveCampaigns(db: Hot, guildId: string, channelIds: string[]): Promise<Campaign[]> {
  return queryRows<Campaign>(
    db,
    Prisma.sql`SELECT * FROM "Campaign" WHERE "guildId" = ${guildId} AND "liveChannelId" IN (${Prisma.join(channelIds)})`,
  );
}

export interface LiveTables {
  campaigns: Campaign[];
  /** The running encounters of those campaigns. */
  encounters: Encounter[];
  /** Their combatants, party first then foes, by name (when asked for). */
  combatants: Combatant[];
}

/**
 * The live campaigns of these channels, their running encounters and, with `combatants`, those
 * encounters' combatants: asked for together, so on PostgreSQL one round trip (the later ones
 * select by the earlier ones' keys in SQL rather than waiting for their rows). With `lock` (a
 * transaction about to draw from their streams), the campaigns' and encounters' rows are locked
 * as they are read, campaigns first (`forUpdate`): the encounters are read after the campaigns'
 * lock is held, so both as the last transaction to hold them left them.
 */
export async function liveTables(
  db: Hot,
  guildId: string,
  channelIds: string[],
  combatants: boolean,
  lock = false,
): Promise<LiveTables> {
  const live = Prisma.sql`SELECT "id" FROM "Campaign" WHERE "guildId" = ${guildId} AND "liveChannelId" IN (${Prisma.join(channelIds)})`;
  const running = Prisma.sql`SELECT "id" FROM "Encounter" WHERE "status" = 'active' AND "campaignId" IN (${live})`;
  const locks = forUpdate(db, lock);
  const [c, e, f] = await Promise.all([
    queryRows<Campaign>(
      db,
      Prisma.sql`SELECT * FROM "Campaign" WHERE "guildId" = ${guildId} AND "liveChannelId" IN (${Prisma.join(channelIds)})${locks}`,
    ).then((rows) => underLock(rows, locks)),
    queryRows<Encounter>(
      db,
      Prisma.sql`SELECT * FROM "Encounter" WHERE "status" = 'active' AND "campaignId" IN (${live})${locks}`,
    ).then((rows) => underLock(rows, locks)),
    combatants
      ? queryRows<Combatant>(
          db,
          Prisma.sql`SELECT * FROM "Combatant" WHERE "encounterId" IN (${running}) ORDER BY "side" DESC, "name" ASC`,
        )
      : [],
  ]);
  return { campaigns: c, encounters: e, combatants: f };
}

/** The campaign's running encounter, if any. */
export async function activeEncounter(db: Hot, campaignId: string): Promise<Encounter | null> {
  const rows = await queryRows<Encounter>(
    db,
    Prisma.sql`SELECT * FROM "Encounter" WHERE "campaignId" = ${campaignId} AND "status" = 'active' LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** An encounter's combatants, party first then foes, by name. */
export function combatantsOf(db: Hot, encounterId: string): Promise<Combatant[]> {
  return queryRows<Combatant>(
    db,
    Prisma.sql`SELECT * FROM "Combatant" WHERE "encounterId" = ${encounterId} ORDER BY "side" DESC, "name" ASC`,
  );
}

export interface RollRow {
  campaignId: string | null;
  encounterId: string | null;
  guildId: string;
  channelId: string;
  userId: string;
  purpose: string;
  expression: string;
  faces: string;
  total: string;
  streamDraws: number;
  hidden: boolean;
}

/** A logged roll: its id and, when asked for, how many rolls of its stream came before it. */
export interface Logged {
  id: number;
  before: number | null;
}

/**
 * Logs rolls in one INSERT, sent with the transaction's next statement or its COMMIT (later.ts);
 * their ids in order. With `numbered`, each also counts the rolls of its stream before it (/verify's
 * number less one), read in the same statement rather than after it.
 */
export function insertRolls(
  tx: Hot,
  rows: RollRow[],
  now: Date,
  numbered?: { encounterId: string } | { campaignId: string },
): Later<Logged[]> {
  if (!rows.length) return Later.done([]);
  const values = rows.map(
    (r) =>
      Prisma.sql`(${r.campaignId}, ${r.encounterId}, ${r.guildId}, ${r.channelId}, ${r.userId}, ${r.purpose}, ${r.expression}, ${r.faces}, ${r.total}, ${r.streamDraws}, ${r.hidden}, ${now})`,
  );
  const before = !numbered
    ? Prisma.sql`NULL`
    : "encounterId" in numbered
      ? Prisma.sql`(SELECT COUNT(*) FROM "Roll" AS "r" WHERE "r"."encounterId" = ${numbered.encounterId} AND "r"."id" < "Roll"."id")`
      : Prisma.sql`(SELECT COUNT(*) FROM "Roll" AS "r" WHERE "r"."campaignId" = ${numbered.campaignId} AND "r"."encounterId" IS NULL AND "r"."id" < "Roll"."id")`;
  return laterRows<{ id: number | bigint; before: number | bigint | null }>(
    tx,
    Prisma.sql`INSERT INTO "Roll" ("campaignId", "encounterId", "guildId", "channelId", "userId", "purpose", "expression", "faces", "total", "streamDraws", "hidden", "createdAt") VALUES ${Prisma.join(values)} RETURNING "id", ${before} AS "before"`,
  ).map((got) =>
    got
      .map((r) => ({ id: Number(r.id), before: r.before === null ? null : Number(r.before) }))
      .sort((a, b) => a.id - b.id),
  );
}

type EncounterSet = Partial<Pick<Encounter, "streamState" | "round" | "turn" | "order" | "roundState">>;
const ENCOUNTER_COLUMNS = new Set(["streamState", "round", "turn", "order", "roundState"]);

/**
 * Sets an encounter's columns; with `version`, only if it is still that version, and bumps it.
 * The number of rows changed (0 when the version moved on).
 */
export function updateEncounter(tx: Hot, id: string, set: EncounterSet, version?: number): Promise<number> {
  const q = encounterUpdate(id, set, version);
  return q ? execute(tx, q) : Promise.resolve(1);
}

function encounterUpdate(id: string, set: EncounterSet, version?: number): Prisma.Sql | null {
  const parts = Object.entries(set)
    .filter(([k, v]) => ENCOUNTER_COLUMNS.has(k) && v !== undefined)
    .map(([k, v]) => Prisma.sql`${Prisma.raw(`"${k}"`)} = ${v}`);
  if (version !== undefined) parts.push(Prisma.sql`"version" = "version" + 1`);
  if (!parts.length) return null;
  const where = version === undefined ? Prisma.sql`"id" = ${id}` : Prisma.sql`"id" = ${id} AND "version" = ${version}`;
  return Prisma.sql`UPDATE "Encounter" SET ${Prisma.join(parts)} WHERE ${where}`;
}

/**
 * `updateEncounter` sent with the next statement or the COMMIT; with `streamWas`, only while the
 * stream's state is still the one read (two draws from one state would repeat its dice). `check`
 * fails the transaction when the row did not change.
 */
export function updateEncounterLater(
  tx: Hot,
  id: string,
  set: EncounterSet,
  version: number | undefined,
  check: Check,
  streamWas?: string,
): Later<number> {
  const q = encounterUpdate(id, set, version);
  if (!q) return Later.done(1);
  return later(tx, streamWas === undefined ? q : Prisma.sql`${q} AND "streamState" = ${streamWas}`, check);
}

/** A campaign's stream state, while it is still `was`, sent with the next statement or the COMMIT. */
export function updateCampaignStream(
  tx: Hot,
  id: string,
  streamState: string,
  was: string,
  check: Check,
): Later<number> {
  return later(
    tx,
    Prisma.sql`UPDATE "Campaign" SET "streamState" = ${streamState} WHERE "id" = ${id} AND "streamState" = ${was}`,
    check,
  );
}

/**
 * Sets a row's `state` column, bumping its version when `bump` (a combatant's always), sent with the
 * next statement or the COMMIT; the transaction fails when the row is gone, as Prisma's update would.
 */
export function setState(
  tx: Hot,
  table: "Combatant" | "Character" | "Retainer",
  id: string,
  state: string,
  bump = table === "Combatant",
): Later<number> {
  const q = bump
    ? Prisma.sql`UPDATE ${Prisma.raw(`"${table}"`)} SET "state" = ${state}, "version" = "version" + 1 WHERE "id" = ${id}`
    : Prisma.sql`UPDATE ${Prisma.raw(`"${table}"`)} SET "state" = ${state} WHERE "id" = ${id}`;
  return later(tx, q, gone(table, id));
}

const gone = (table: string, id: string): Check => ({
  rows: 1,
  fail: () => new Error(`${table} ${id} is not in the store`),
});

/** Sets a row's `sheet` column (an item spent in a fight), bumping its version; fails the transaction when the row is gone. */
export function setSheet(
  tx: Hot,
  table: "Combatant" | "Character" | "Retainer",
  id: string,
  sheet: string,
): Later<number> {
  return later(
    tx,
    Prisma.sql`UPDATE ${Prisma.raw(`"${table}"`)} SET "sheet" = ${sheet}, "version" = "version" + 1 WHERE "id" = ${id}`,
    gone(table, id),
  );
}

/** The id and state of every character or retainer of a campaign. */
export function statesOf(
  db: Hot,
  table: "Character" | "Retainer",
  campaignId: string,
): Promise<{ id: string; state: string }[]> {
  return queryRows(
    db,
    Prisma.sql`SELECT "id", "state" FROM ${Prisma.raw(`"${table}"`)} WHERE "campaignId" = ${campaignId}`,
  );
}

/** Adds rounds to the campaign's clock (a new clock starts at 0); the rounds it shows now. */
export async function addRounds(tx: Hot, campaignId: string, rounds: number): Promise<number> {
  const rows = await queryRows<{ rounds: number | bigint }>(
    tx,
    Prisma.sql`INSERT INTO "Clock" ("campaignId", "rounds", "state", "version") VALUES (${campaignId}, ${rounds}, '{}', 0) ON CONFLICT ("campaignId") DO UPDATE SET "rounds" = "Clock"."rounds" + ${rounds} RETURNING "rounds"`,
  );
  return Number(rows[0]!.rounds);
}

/** An encounter's attacks still waiting for reactions (only those due by `dueBy` when given), oldest first. */
export function openAttacks(tx: Hot, encounterId: string, dueBy?: Date): Promise<PendingAction[]> {
  return dueBy
    ? queryRows<PendingAction>(
        tx,
        Prisma.sql`SELECT * FROM "PendingAction" WHERE "encounterId" = ${encounterId} AND "status" = 'open' AND "expiresAt" <= ${dueBy} ORDER BY "createdAt" ASC`,
      )
    : queryRows<PendingAction>(
        tx,
        Prisma.sql`SELECT * FROM "PendingAction" WHERE "encounterId" = ${encounterId} AND "status" = 'open' ORDER BY "createdAt" ASC`,
      );
}

/** The oldest `limit` of an encounter's attacks still waiting for reactions, and how many wait in all (the board lists a few). */
export async function openAttackPage(
  db: Hot,
  encounterId: string,
  limit: number,
): Promise<{ rows: PendingAction[]; total: number }> {
  const rows = await queryRows<PendingAction>(
    db,
    Prisma.sql`SELECT * FROM "PendingAction" WHERE "encounterId" = ${encounterId} AND "status" = 'open' ORDER BY "createdAt" ASC LIMIT ${limit}`,
  );
  if (rows.length < limit) return { rows, total: rows.length };
  const [n] = await queryRows<{ n: number | bigint }>(
    db,
    Prisma.sql`SELECT COUNT(*) AS "n" FROM "PendingAction" WHERE "encounterId" = ${encounterId} AND "status" = 'open'`,
  );
  return { rows, total: Number(n?.n ?? rows.length) };
}

/** One logged roll by id. */
export async function rollById(db: Hot, id: number): Promise<Roll | null> {
  const rows = await queryRows<Roll>(db, Prisma.sql`SELECT * FROM "Roll" WHERE "id" = ${id}`);
  return rows[0] ?? null;
}

/**
 * A logged roll's place in its stream, counted from 1: among its encounter's rolls, or among its
 * campaign's rolls outside encounters. /verify lists them by the same number.
 */
export async function rollNumber(
  db: Hot,
  id: number,
  where: { encounterId: string } | { campaignId: string },
): Promise<number> {
  const rows = await queryRows<{ n: number | bigint }>(
    db,
    "encounterId" in where
      ? Prisma.sql`SELECT COUNT(*) AS "n" FROM "Roll" WHERE "encounterId" = ${where.encounterId} AND "id" <= ${id}`
      : Prisma.sql`SELECT COUNT(*) AS "n" FROM "Roll" WHERE "campaignId" = ${where.campaignId} AND "encounterId" IS NULL AND "id" <= ${id}`,
  );
  return Number(rows[0]!.n);
}

/**
 * One row by id from the table, as Prisma's findUniqueOrThrow gives it (throws when it is gone);
 * with `lock`, its row locked as it is read (`forUpdate`).
 */
async function byId<T>(db: Hot, table: "Encounter" | "Campaign", id: string, lock?: boolean): Promise<T> {
  const locks = forUpdate(db, lock);
  const rows = underLock(
    await queryRows<T & object>(db, Prisma.sql`SELECT * FROM ${Prisma.raw(`"${table}"`)} WHERE "id" = ${id}${locks}`),
    locks,
  );
  if (!rows[0]) throw new Error(`${table} ${id} is not in the store`);
  return rows[0];
}
export const encounterById = (db: Hot, id: string, lock?: boolean) => byId<Encounter>(db, "Encounter", id, lock);
export const campaignById = (db: Hot, id: string, lock?: boolean) => byId<Campaign>(db, "Campaign", id, lock);

/** The campaign an encounter belongs to, read by the encounter's id. */
export async function campaignOfEncounter(db: Hot, encounterId: string): Promise<Campaign | null> {
  const rows = await queryRows<Campaign>(
    db,
    Prisma.sql`SELECT * FROM "Campaign" WHERE "id" = (SELECT "campaignId" FROM "Encounter" WHERE "id" = ${encounterId})`,
  );
  return rows[0] ?? null;
}

/** An attack waiting for reactions, open at version 0 (what Prisma's create with the model's defaults writes), sent with the next statement or the COMMIT. */
export function insertPending(
  tx: Hot,
  p: Pick<PendingAction, "id" | "encounterId" | "kind" | "state" | "input" | "channelId" | "expiresAt">,
  now: Date,
): Later<number> {
  return later(
    tx,
    Prisma.sql`INSERT INTO "PendingAction" ("id", "encounterId", "kind", "state", "input", "status", "version", "channelId", "messageId", "expiresAt", "createdAt") VALUES (${p.id}, ${p.encounterId}, ${p.kind}, ${p.state}, ${p.input}, 'open', 0, ${p.channelId}, NULL, ${p.expiresAt}, ${now})`,
  );
}

/** One attack waiting for (or done with) reactions, by id. */
export async function pendingById(db: Hot, id: string): Promise<PendingAction | null> {
  const rows = await queryRows<PendingAction>(db, Prisma.sql`SELECT * FROM "PendingAction" WHERE "id" = ${id}`);
  return rows[0] ?? null;
}

/** The encounter of an attack waiting for (or done with) reactions, read by the attack's id; with `lock`, its row locked as it is read (`forUpdate`). */
export async function encounterOfPending(db: Hot, pendingId: string, lock?: boolean): Promise<Encounter | null> {
  const locks = forUpdate(db, lock);
  const rows = underLock(
    await queryRows<Encounter>(
      db,
      Prisma.sql`SELECT * FROM "Encounter" WHERE "id" = (SELECT "encounterId" FROM "PendingAction" WHERE "id" = ${pendingId})${locks}`,
    ),
    locks,
  );
  return rows[0] ?? null;
}

/** The combatants of an attack's encounter, party first then foes, by name, read by the attack's id. */
export function combatantsOfPending(db: Hot, pendingId: string): Promise<Combatant[]> {
  return queryRows<Combatant>(
    db,
    Prisma.sql`SELECT * FROM "Combatant" WHERE "encounterId" = (SELECT "encounterId" FROM "PendingAction" WHERE "id" = ${pendingId}) ORDER BY "side" DESC, "name" ASC`,
  );
}

/**
 * Moves an open attack still at `version` on (closing it unless `status` keeps it open), bumping it:
 * 1, or 0 when something else moved it first; sent with the next statement or the COMMIT, and with
 * `check` the transaction fails when it did not move.
 */
export function updatePending(
  tx: Hot,
  id: string,
  version: number,
  set: { state: string; input: string; status?: "open" | "done" },
  check?: Check,
): Later<number> {
  return later(
    tx,
    Prisma.sql`UPDATE "PendingAction" SET "state" = ${set.state}, "input" = ${set.input}, "status" = ${set.status ?? "done"}, "version" = "version" + 1 WHERE "id" = ${id} AND "version" = ${version} AND "status" = 'open'`,
    check,
  );
}

/** An encounter's recorded board (`channel/message`) and whether it is still running. */
export async function recordedBoard(
  db: Hot,
  encounterId: string,
): Promise<{ board: string | null; status: string } | null> {
  const rows = await queryRows<{ board: string | null; status: string }>(
    db,
    Prisma.sql`SELECT "board", "status" FROM "Encounter" WHERE "id" = ${encounterId}`,
  );
  return rows[0] ?? null;
}

/** Records a running encounter's board if it is still `was`: 1, or 0 when another was recorded first or the encounter ended. */
export function swapBoard(db: Hot, encounterId: string, was: string | null, board: string): Promise<number> {
  return was === null
    ? execute(
        db,
        Prisma.sql`UPDATE "Encounter" SET "board" = ${board} WHERE "id" = ${encounterId} AND "board" IS NULL AND "status" = 'active'`,
      )
    : execute(
        db,
        Prisma.sql`UPDATE "Encounter" SET "board" = ${board} WHERE "id" = ${encounterId} AND "board" = ${was} AND "status" = 'active'`,
      );
}
