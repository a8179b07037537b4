/**
 * Used by vitest.config.ts: starts the throwaway PostgreSQL for the
 * `postgresql` test project and migrates a template database that each test
 * copies (CREATE DATABASE … TEMPLATE is much faster than migrating anew).
 */
import pg from "pg";
import { startThrowawayPostgres } from "../../scripts/throwaway-postgres.js";
import { migratePostgres } from "../../src/store/migrate-pg.js";

export const TEMPLATE = "tenfoot_template";

export async function startTestPostgres(): Promise<{ url: string; template: string; stop(): void }> {
  const server = await startThrowawayPostgres();
  try {
    const c = new pg.Client({ connectionString: server.url });
    await c.connect();
    await c.query(`CREATE DATABASE ${TEMPLATE}`);
    await c.end();
    const t = new URL(server.url);
    t.pathname = `/${TEMPLATE}`;
    await migratePostgres(t.toString());
    return { url: server.url, template: TEMPLATE, stop: server.stop };
  } catch (err) {
    server.stop();
    throw err;
  }
}
