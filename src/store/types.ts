/**
 * The store's types, below every file of the store: the client the code is written against, the hot
 * path's statements' target, the counts, the store itself and what a checkpoint did. client.ts opens the
 * store; lane.ts, pg-lane.ts, hot.ts and checkpoint.ts serve it and read these, not client.ts.
 */
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";
import type { MigrationReport } from "./migrate.js";

/**
 * The client type the code is written against. The PostgreSQL client is
 * generated from the same models (prisma/postgresql/schema.prisma is derived
 * from prisma/schema.prisma), so it answers the same calls the same way.
 */
export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;

declare const HOT: unique symbol;
/**
 * What the hot path's statements (src/store/hot.ts) run on: the store's client, Prisma's
 * transaction, or a `laneOnly` transaction's own client. The last has no Prisma methods: a
 * `laneOnly` callback gets a `Hot`, so a Prisma call inside /roll, /attack or a press does not
 * compile (on SQLite it would throw, on PostgreSQL it would run outside the transaction).
 */
export type Hot = object & { readonly [HOT]?: "hot" };
export type Engine = "sqlite" | "postgresql";

/** SQL statements and transactions the store has run since it opened (the bench reads them per interaction). */
export interface StoreCounts {
  statements: number;
  /** Messages the PostgreSQL lane sent to the server and waited on (several statements may share one). */
  roundTrips: number;
  /** Explicit transactions, and statements run outside one (each is its own transaction in SQLite). */
  transactions: number;
  /** When set, every statement's SQL is passed here (the bench prints a path's statements with it). */
  trace?: ((sql: string) => void) | undefined;
  /** WAL checkpoints the bot ran itself (src/store/checkpoint.ts), and the pages they copied. */
  checkpoints: number;
  checkpointedPages: number;
}

export interface Store {
  db: Db;
  engine: Engine;
  /** The SQLite file, or the PostgreSQL url without its password. */
  file: string;
  migrations: MigrationReport;
  counts: StoreCounts;
  /**
   * SQLite: copies the WAL into the database file now (a passive checkpoint, on the bot's own
   * connection). Null when the connection is inside a transaction (try again later), and always
   * on PostgreSQL, which checkpoints by itself.
   */
  checkpoint(): Checkpoint | null;
  close(): Promise<void>;
}

/** What a checkpoint did: pages in the log, and how many of them are now in the database file. */
export interface Checkpoint {
  log: number;
  checkpointed: number;
}

/** The parts of better-sqlite3's connection the lanes and the checkpoint use. */
export interface SqliteStatement {
  reader: boolean;
  safeIntegers(on?: boolean): SqliteStatement;
  columns(): { name: string; type: string | null }[];
  all(...args: unknown[]): Record<string, unknown>[];
  run(...args: unknown[]): { changes: number };
}
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  /** True between BEGIN and COMMIT or ROLLBACK. */
  readonly inTransaction: boolean;
}
