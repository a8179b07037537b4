// Prisma 6.19 with the better-sqlite3 driver adapter: the schema engine runs as
// WebAssembly from the npm package, so generate/migrate work offline.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    return new PrismaBetterSQLite3({ url: process.env.DATABASE_URL ?? "file:./data/tenfoot.db" });
  },
});
