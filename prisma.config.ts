// Prisma 6.19 with driver adapters: the schema engine runs as WebAssembly from
// the npm package, so generate/migrate work offline. DATABASE_URL picks the
// engine: postgresql://… uses the PostgreSQL schema derived from
// prisma/schema.prisma (see prisma/derive-postgresql.ts), anything else SQLite.
// allowExitOnIdle: the CLI exits when done instead of waiting for the pool.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

const url = process.env.DATABASE_URL ?? "file:./data/tenfoot.db";
const postgres = /^postgres(ql)?:\/\//.test(url);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: postgres ? "prisma/postgresql/schema.prisma" : "prisma/schema.prisma",
  migrations: { path: postgres ? "prisma/postgresql/migrations" : "prisma/migrations" },
  async adapter() {
    return postgres ? new PrismaPg({ connectionString: url, allowExitOnIdle: true }) : new PrismaBetterSQLite3({ url });
  },
});
