import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQueryable } from "@prisma/driver-adapter-utils";
import { PrismaClient, type Prisma } from "../generated/prisma/client.js";
import { databaseFile, DEFAULT_DATABASE_URL } from "./path.js";
import { migrate, type MigrationReport } from "./migrate.js";
import { recordingTransactions } from "./processed.js";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;

/** SQL statements and transactions the store has run since it opened (the bench reads them per interaction). */
export interface StoreCounts {
  statements: number;
  /** Explicit transactions, and statements run outside one (each is its own transaction in SQLite). */
  transactions: number;
  /** When set, every statement's SQL is passed here (the bench prints a path's statements with it). */
  trace?: ((sql: string) => void) | undefined;
}

export interface Store {
  db: Db;
  file: string;
  migrations: MigrationReport;
  counts: StoreCounts;
  close(): Promise<void>;
}

/** Counts every statement sent through `q` (the connection, or a transaction on it). */
function counted<T extends SqlQueryable>(q: T, counts: StoreCounts, alone: boolean): T {
  const query = q.queryRaw.bind(q);
  const execute = q.executeRaw.bind(q);
  const count = (sql: string) => {
    counts.statements++;
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
  raw(on?: boolean): Prepared;
  all(...args: unknown[]): unknown[];
}
interface Connection {
  prepare(sql: string): Prepared;
}

/**
 * The driver adapter compiles every statement anew (`prepare(sql).bind(args)`), about a twentieth
 * of the bot's CPU under load. Keeps the compiled statements by their SQL (Prisma's SQL has
 * placeholders, so few distinct texts) and binds the arguments at each call instead.
 */
function cachingStatements(conn: Connection, limit = 1000): void {
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
    return { ...bound(st, []), bind: (args: unknown[]) => bound(st, args) } as unknown as Prepared;
  };
}

/** The driver adapter with its statements and transactions counted (a few increments: always on). */
function counting(factory: SqlDriverAdapterFactory, counts: StoreCounts): SqlDriverAdapterFactory {
  const connect = factory.connect.bind(factory);
  factory.connect = async (): Promise<SqlDriverAdapter> => {
    const conn = counted(await connect(), counts, true);
    const sqlite = (conn as unknown as { client?: Connection }).client;
    if (sqlite && typeof sqlite.prepare === "function") cachingStatements(sqlite);
    const start = conn.startTransaction.bind(conn);
    conn.startTransaction = async (level) => {
      counts.transactions++;
      counts.statements++; // BEGIN, run by the adapter itself
      counts.trace?.("BEGIN");
      return counted(await start(level), counts, false);
    };
    return conn;
  };
  return factory;
}

/** Opens the SQLite file (creating its folder), applies pending migrations, returns a connected client. */
export async function openStore(url: string = DEFAULT_DATABASE_URL): Promise<Store> {
  const file = databaseFile(url);
  const migrations = migrate(file);
  const counts: StoreCounts = { statements: 0, transactions: 0 };
  const adapter = counting(new PrismaBetterSQLite3({ url: file, timeout: 5000 }), counts);
  const db = recordingTransactions(new PrismaClient({ adapter }));
  await db.$connect();
  // The file is in WAL mode (set by migrate): a commit then needs no sync of the database file, and
  // with synchronous=NORMAL none of the log either; a power cut may lose the last commits, never the file.
  await db.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
  return {
    db,
    file,
    migrations,
    counts,
    close: () => db.$disconnect(),
  };
}
