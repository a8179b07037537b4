/**
 * npm run migrate:new -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql
 * from the difference between the last committed schema and prisma/schema.prisma.
 * (`prisma migrate dev` and `--from-schema-datasource` do not work offline with the driver adapter.)
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) {
  console.error("usage: npm run migrate:new -- <name>");
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "tenfoot-mig-"));
const old = join(dir, "old.prisma");
writeFileSync(old, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"]));
const sql = execFileSync(
  "npx",
  ["prisma", "migrate", "diff", "--from-schema-datamodel", old, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { env: { ...process.env, DATABASE_URL: `file:${join(dir, "scratch.db")}` }, encoding: "utf8" },
);
if (!/ALTER|CREATE|DROP/i.test(sql)) {
  console.error("prisma/schema.prisma does not differ from the last commit: nothing to write.");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const out = join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "migration.sql"), sql);
console.log(`wrote ${out}/migration.sql; the bot applies it at its next start.`);
