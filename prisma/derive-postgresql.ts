/**
 * One model source: prisma/schema.prisma (SQLite, the default). Prisma allows
 * one provider per schema, so the PostgreSQL schema is derived from it by
 * swapping the datasource and the client's output folder, nothing else.
 *
 *   npx tsx prisma/derive-postgresql.ts    rewrites prisma/postgresql/schema.prisma
 *
 * test/store/schema-drift.test.ts fails when the checked-in file differs from
 * what this derives, and when either migration history differs from the schema.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const SQLITE_SCHEMA = fileURLToPath(new URL("./schema.prisma", import.meta.url));
export const POSTGRES_SCHEMA = fileURLToPath(new URL("./postgresql/schema.prisma", import.meta.url));

export function derivePostgresSchema(sqlite: string = readFileSync(SQLITE_SCHEMA, "utf8")): string {
  const swap = (from: RegExp, to: string) => {
    if (!from.test(sqlite))
      throw new Error(`prisma/schema.prisma no longer matches ${from}: update prisma/derive-postgresql.ts`);
    sqlite = sqlite.replace(from, to);
  };
  swap(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"');
  swap(/url\s*=\s*"file:[^"]*"/, 'url      = "postgresql://localhost/tenfoot"');
  swap(/output\s*=\s*"\.\.\/src\/generated\/prisma"/, 'output     = "../../src/generated/prisma-pg"');
  return `// GENERATED from prisma/schema.prisma by prisma/derive-postgresql.ts: edit that file, not this one.\n${sqlite}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema());
  console.log("wrote prisma/postgresql/schema.prisma");
}
