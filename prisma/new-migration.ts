/**
 * npm run migrate:new -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql
 * and prisma/postgresql/migrations/<timestamp>_<name>/migration.sql from the
 * difference between the last committed prisma/schema.prisma and the working
 * one, and rewrites prisma/postgresql/schema.prisma (derived from it).
 * (`prisma migrate dev` and `--from-schema-datasource` do not work offline
 * with the driver adapters. PostgreSQL's diff needs a reachable server: a
 * throwaway one is started for it.)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from "./derive-postgresql.js";
import { startThrowawayPostgres } from "../scripts/throwaway-postgres.js";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) {
  console.error("usage: npm run migrate:new -- <name>");
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "tenfoot-mig-"));
const committed = execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8" });

function diff(from: string, to: string, url: string): string {
  return execFileSync(
    "npx",
    ["prisma", "migrate", "diff", "--from-schema-datamodel", from, "--to-schema-datamodel", to, "--script"],
    {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    },
  ).replace(/^Loaded Prisma config.*$\n?/m, "");
}

const oldSqlite = join(dir, "old.prisma");
writeFileSync(oldSqlite, committed);
const sqlite = diff(oldSqlite, "prisma/schema.prisma", `file:${join(dir, "scratch.db")}`);
if (!/ALTER|CREATE|DROP/i.test(sqlite)) {
  console.error("prisma/schema.prisma does not differ from the last commit: nothing to write.");
  process.exit(1);
}
writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema(readFileSync(SQLITE_SCHEMA, "utf8")));
const oldPg = join(dir, "old-pg.prisma");
writeFileSync(oldPg, derivePostgresSchema(committed));
const server = await startThrowawayPostgres();
let postgres: string;
try {
  postgres = diff(oldPg, POSTGRES_SCHEMA, server.url);
} finally {
  server.stop();
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
for (const [root, sql] of [
  ["prisma/migrations", sqlite],
  ["prisma/postgresql/migrations", postgres],
] as const) {
  const out = join(root, `${stamp}_${name}`);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "migration.sql"), sql);
  console.log(`wrote ${out}/migration.sql`);
}
console.log(
  "rewrote prisma/postgresql/schema.prisma; the bot applies the migrations at its next start. Run `npm run postinstall` to regenerate both clients.",
);
