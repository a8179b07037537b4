import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient, type Prisma } from "../generated/prisma/client.js";
import { databaseFile, DEFAULT_DATABASE_URL, isPostgresUrl } from "./path.js";
import { migrate, type MigrationReport } from "./migrate.js";

/**
 * The client type the code is written against. The PostgreSQL client is
 * generated from the same models (prisma/postgresql/schema.prisma is derived
 * from prisma/schema.prisma), so it answers the same calls the same way.
 */
export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;
export type Engine = "sqlite" | "postgresql";

export interface Store {
  db: Db;
  engine: Engine;
  /** The SQLite file, or the PostgreSQL url without its password. */
  file: string;
  migrations: MigrationReport;
  close(): Promise<void>;
}

/**
 * Interactive transactions wait for a connection (PostgreSQL's pool, SQLite's
 * single writer) when many presses arrive at once: wait longer than Prisma's
 * 2 s default rather than fail a press.
 */
const TRANSACTIONS = { maxWait: 10_000, timeout: 15_000 };

/**
 * Opens the store named by the url: `postgresql://…` a PostgreSQL database,
 * anything else a SQLite file (its folder created). Applies pending
 * migrations, returns a connected client.
 */
export async function openStore(url: string = DEFAULT_DATABASE_URL): Promise<Store> {
  return isPostgresUrl(url) ? openPostgres(url) : openSqlite(url);
}

async function openSqlite(url: string): Promise<Store> {
  const file = databaseFile(url);
  const migrations = migrate(file);
  const adapter = new PrismaBetterSQLite3({ url: file, timeout: 5000 });
  const db = new PrismaClient({ adapter, transactionOptions: TRANSACTIONS });
  await db.$connect();
  return { db, engine: "sqlite", file, migrations, close: () => db.$disconnect() };
}

/** PostgreSQL's modules load only when a postgresql:// url asks for them: SQLite never pays for them. */
async function openPostgres(url: string): Promise<Store> {
  const [{ PrismaPg }, { PrismaClient: PgPrismaClient }, { migratePostgres }] = await Promise.all([
    import("@prisma/adapter-pg"),
    import("../generated/prisma-pg/client.js"),
    import("./migrate-pg.js"),
  ]);
  const migrations = await migratePostgres(url);
  const adapter = new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  const db = new PgPrismaClient({ adapter, transactionOptions: TRANSACTIONS }) as unknown as Db;
  await db.$connect();
  const shown = new URL(url);
  shown.password = "";
  return { db, engine: "postgresql", file: shown.toString(), migrations, close: () => db.$disconnect() };
}
