import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQueryable } from "@prisma/driver-adapter-utils";
import { PrismaClient } from "../generated/prisma/client.js";
import { databaseFile, DEFAULT_DATABASE_URL, isPostgresUrl } from "./path.js";
import { migrate } from "./migrate.js";
import { Gate, withLanes } from "./lane.js";
import { AUTOCHECKPOINT_PAGES, walCheckpoint } from "./checkpoint.js";
import type { Db, SqliteConnection, Store, StoreCounts } from "./types.js";

export type { Db, Engine, Hot, Store, StoreCounts, Tx } from "./types.js";

const freshCounts = (): StoreCounts => ({
  statements: 0,
  roundTrips: 0,
  transactions: 0,
  checkpoints: 0,
  checkpointedPages: 0,
});

/** Counts every statement sent through `q` (the connection, or a transaction on it). */
function counted<T extends SqlQueryable>(q: T, counts: StoreCounts, alone: boolean, remote: boolean): T {
  const query = q.queryRaw.bind(q);
  const execute = q.executeRaw.bind(q);
  const count = (sql: string) => {
    counts.statements++;
    if (remote) counts.roundTrips++;
    if (alone) counts.transactions++;
    counts.trace?.(sql);
  };
  q.queryRaw = (sql) => (count(sql.sql), query(sql));
  q.executeRaw = (sql) => (count(sql.sql), execute(sql));
  return q;
}

/** The parts of a better-sqlite3 statement the driver adapter uses. */
interface Prepared {
  reader: boolean;
  run(...args: unknown[]): unknown;
  columns(): unknown[];
  raw(on?: boolean): { all(...args: unknown[]): unknown[] };
  all?(...args: unknown[]): unknown[];
  bind?(args: unknown[]): Prepared;
}
interface Connection {
  prepare(sql: string): Prepared;
}

/** better-sqlite3's connection, which the SQLite driver adapter keeps as its `client`. */
function isSqlite(x: unknown): x is Connection & SqliteConnection {
  return (
    typeof x === "object" &&
    x !== null &&
    typeof Reflect.get(x, "prepare") === "function" &&
    typeof Reflect.get(x, "inTransaction") === "boolean"
  );
}

/**
 * The driver adapter compiles every statement anew (`prepare(sql).bind(args)`), about a twentieth
 * of the bot's CPU under load. Keeps the compiled statements by their SQL (Prisma's SQL has
 * placeholders, so few distinct texts) and binds the arguments at each call instead.
 */
function cachingStatements(conn: Connection, limit = 200): void {
  const compile = conn.prepare.bind(conn);
  const cache = new Map<string, Prepared>();
  const compiled = (sql: string): Prepared => {
    let st = cache.get(sql);
    if (!st) {
      st = compile(sql);
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
      cache.set(sql, st);
    }
    return st;
  };
  const bound = (st: Prepared, args: unknown[]) => ({
    reader: st.reader,
    run: () => st.run(...args),
    columns: () => st.columns(),
    raw: () => ({ all: () => st.raw(true).all(...args) }),
  });
  conn.prepare = (sql: string) => {
    const st = compiled(sql);
    return { ...bound(st, []), bind: (args: unknown[]) => bound(st, args) };
  };
}

/** The driver adapter with its statements and transactions counted (a few increments: always on). */
function counting(
  factory: SqlDriverAdapterFactory,
  counts: StoreCounts,
  sqliteLanes?: { gate: Gate; onConnection: (conn: SqliteConnection) => void },
): SqlDriverAdapterFactory {
  const connect = factory.connect.bind(factory);
  factory.connect = async (): Promise<SqlDriverAdapter> => {
    const conn = counted(await connect(), counts, true, !sqliteLanes);
    const sqlite: unknown = Reflect.get(conn, "client");
    if (isSqlite(sqlite)) {
      // The lane compiles its own statements (its own integer mode), on the connection as it came.
      const raw = sqlite;
      sqliteLanes?.onConnection({
        prepare: raw.prepare.bind(raw),
        get inTransaction() {
          return raw.inTransaction;
        },
      });
      cachingStatements(sqlite);
    }
    const start = conn.startTransaction.bind(conn);
    const gate = sqliteLanes?.gate;
    conn.startTransaction = async (level) => {
      // On SQLite, Prisma's interactive transactions take their turn with the lane's own (lane.ts).
      const release = gate ? await gate.acquire() : null;
      try {
        const tx = counted(await start(level), counts, false, !sqliteLanes);
        counts.transactions++;
        counts.statements++; // BEGIN, run by the adapter itself
        if (!sqliteLanes) counts.roundTrips++;
        counts.trace?.("BEGIN");
        if (release) {
          const [commit, rollback] = [tx.commit.bind(tx), tx.rollback.bind(tx)];
          tx.commit = () => commit().finally(release);
          tx.rollback = () => rollback().finally(release);
        }
        return tx;
      } catch (err) {
        release?.();
        throw err;
      }
    };
    return conn;
  };
  return factory;
}

/**
 * Interactive transactions wait for a connection (PostgreSQL's pool, SQLite's
 * single writer) when many presses arrive at once: wait longer than Prisma's
 * 2 s default rather than fail a press.
 */
const TRANSACTIONS = { maxWait: 10_000, timeout: 15_000 };

/** PostgreSQL's connection pool, per process (each shard is one). */
export interface PoolOptions {
  /** Connections at most: shards × this must stay under the server's max_connections. */
  size: number;
  /** How long opening a connection may take before the interaction is told to try again (Discord waits 3 s). */
  connectTimeoutMs: number;
}

export const DEFAULT_POOL: PoolOptions = { size: 10, connectTimeoutMs: 2000 };

/**
 * Opens the store named by the url: `postgresql://…` a PostgreSQL database,
 * anything else a SQLite file (its folder created). Applies pending
 * migrations, returns a connected client.
 */
export async function openStore(url: string = DEFAULT_DATABASE_URL, pool: PoolOptions = DEFAULT_POOL): Promise<Store> {
  return isPostgresUrl(url) ? openPostgres(url, pool) : openSqlite(url);
}

async function openSqlite(url: string): Promise<Store> {
  const file = databaseFile(url);
  const migrations = migrate(file);
  const counts = freshCounts();
  let conn: SqliteConnection | null = null;
  const gate = new Gate();
  const adapter = counting(new PrismaBetterSQLite3({ url: file, timeout: 5000 }), counts, {
    gate,
    onConnection: (c) => (conn = c),
  });
  const client = new PrismaClient({ adapter, transactionOptions: TRANSACTIONS });
  await client.$connect();
  if (!conn) throw new Error("the SQLite driver adapter gave no connection");
  const db = withLanes(client, conn, counts, gate);
  // The file is in WAL mode (set by migrate): a commit then needs no sync of the database file, and
  // with synchronous=NORMAL none of the log either; a power cut may lose the last commits, never the file.
  await db.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
  // better-sqlite3 builds SQLite with a 16 MiB page cache; the rows a table plays on are few and the
  // file is in the OS's cache anyway: 4 MiB keeps the bot's memory flat as the database grows.
  await db.$executeRawUnsafe("PRAGMA cache_size = -4000");
  // The bot checkpoints when idle (src/store/checkpoint.ts); SQLite's own, inside a commit, only bounds the log.
  await db.$executeRawUnsafe(`PRAGMA wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  const sqlite: SqliteConnection = conn;
  return {
    db,
    engine: "sqlite",
    file,
    migrations,
    counts,
    checkpoint: () => walCheckpoint(sqlite, counts),
    close: () => db.$disconnect(),
  };
}

/** PostgreSQL's modules load only when a postgresql:// url asks for them: SQLite never pays for them. */
async function openPostgres(url: string, pool: PoolOptions): Promise<Store> {
  const [{ PrismaPg }, { PrismaClient: PgPrismaClient }, { migratePostgres }, { default: pg }, { withPgLanes }] =
    await Promise.all([
      import("@prisma/adapter-pg"),
      import("../generated/prisma-pg/client.js"),
      import("./migrate-pg.js"),
      import("pg"),
      import("./pg-lane.js"),
    ]);
  const migrations = await migratePostgres(url);
  const counts = freshCounts();
  // One pool, bounded, for Prisma's statements and the hot path's lane (pg-lane.ts) alike.
  const conns = new pg.Pool({ connectionString: url, max: pool.size, connectionTimeoutMillis: pool.connectTimeoutMs });
  const adapter = counting(new PrismaPg(conns, { disposeExternalPool: true }), counts);
  const db = withPgLanes(
    new PgPrismaClient({ adapter, transactionOptions: TRANSACTIONS }) as unknown as Db,
    conns,
    counts,
  );
  await db.$connect();
  const shown = new URL(url);
  shown.password = "";
  return {
    db,
    engine: "postgresql",
    file: shown.toString(),
    migrations,
    counts,
    checkpoint: () => null,
    close: () => db.$disconnect(),
  };
}
