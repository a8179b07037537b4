/**
 * The database a test runs on: a SQLite temp file, or (in the `postgresql`
 * test project) a fresh database on the throwaway PostgreSQL server that
 * vitest.config.ts started, copied from a migrated template.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway server's url (…/postgres) and its migrated template database's name; absent on SQLite. */
    postgres: { url: string; template: string } | null;
  }
}

export type TestEngine = "sqlite" | "postgresql";

export function testEngine(): TestEngine {
  return process.env.TENFOOT_TEST_DATABASE === "postgresql" ? "postgresql" : "sqlite";
}

export interface TestDatabase {
  url: string;
  engine: TestEngine;
  /** Drops the PostgreSQL database (nothing for SQLite: the caller removes its temp folder). */
  drop(): Promise<void>;
}

async function admin<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/**
 * A new database: `file:<dir>/<file>` on SQLite (migrated when the store opens
 * it), a copy of the migrated template on PostgreSQL (`empty`: a bare one).
 */
export async function testDatabase(
  dir: string,
  file = "test.db",
  opts: { empty?: boolean } = {},
): Promise<TestDatabase> {
  if (testEngine() === "sqlite") return { url: `file:${join(dir, file)}`, engine: "sqlite", drop: async () => {} };
  const server = inject("postgres");
  if (!server) throw new Error("the postgresql test project ran without a PostgreSQL server (see vitest.config.ts)");
  const name = `t_${randomBytes(6).toString("hex")}`;
  await admin(server.url, (c) =>
    c.query(`CREATE DATABASE ${name} TEMPLATE ${opts.empty ? "template0" : server.template}`),
  );
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    engine: "postgresql",
    drop: () => admin(server.url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
