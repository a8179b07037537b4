import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient, type Prisma } from "../generated/prisma/client.js";
import { databaseFile, DEFAULT_DATABASE_URL } from "./path.js";
import { migrate, type MigrationReport } from "./migrate.js";

export type Db = PrismaClient;
/** The client inside `db.$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;

export interface Store {
  db: Db;
  file: string;
  migrations: MigrationReport;
  close(): Promise<void>;
}

/** Opens the SQLite file (creating its folder), applies pending migrations, returns a connected client. */
export async function openStore(url: string = DEFAULT_DATABASE_URL): Promise<Store> {
  const file = databaseFile(url);
  const migrations = migrate(file);
  const adapter = new PrismaBetterSQLite3({ url: file, timeout: 5000 });
  const db = new PrismaClient({ adapter });
  await db.$connect();
  return {
    db,
    file,
    migrations,
    close: () => db.$disconnect(),
  };
}
