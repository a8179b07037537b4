import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma } from "../generated/prisma/client.js";
import type { Db, Tx } from "./client.js";
import { execute } from "./hot.js";

/**
 * Records an interaction id; false when it was recorded before (a redelivery),
 * so its handler does not run twice. `ON CONFLICT DO NOTHING` is the same on
 * SQLite and PostgreSQL, and never aborts a surrounding PostgreSQL transaction
 * as a caught unique violation would.
 */
export async function markProcessed(db: Db | Tx, interactionId: string): Promise<boolean> {
  const r = await execute(db, Prisma.sql`INSERT INTO "ProcessedInteraction" ("id", "createdAt") VALUES (${interactionId}, ${new Date()}) ON CONFLICT DO NOTHING`);
  return r === 1;
}

/** Thrown inside the first transaction of a redelivered interaction: nothing of it is written. */
export class AlreadyHandled extends Error {
  override name = "AlreadyHandled";
}

/** The interaction whose record is still to be written: with the first transaction its handler runs. */
interface Pending {
  id: string;
  marked: boolean;
}

const pending = new AsyncLocalStorage<Pending>();

/**
 * Runs a handler whose interaction is recorded inside its first transaction, so the record
 * and the handler's writes are one transaction (one commit on the hot path). Resolves to false
 * when the interaction had been handled before. A handler that commits no transaction has its
 * interaction recorded after it ran.
 */
export async function inInteraction(db: Db, interactionId: string, fn: () => Promise<void>): Promise<boolean> {
  const p: Pending = { id: interactionId, marked: false };
  try {
    await pending.run(p, fn);
  } catch (err) {
    if (err instanceof AlreadyHandled) {
      p.marked = true;
      return false;
    }
    throw err;
  } finally {
    if (!p.marked) await markProcessed(db, interactionId);
  }
  return true;
}

/** `db.$transaction(fn)` that records the pending interaction first (see inInteraction). */
export function recordingTransactions(db: Db): Db {
  const run = db.$transaction.bind(db) as (arg: unknown, opts?: unknown) => Promise<unknown>;
  const wrapped = (arg: unknown, opts?: unknown): Promise<unknown> => {
    const p = pending.getStore();
    if (typeof arg !== "function" || !p || p.marked) return run(arg, opts);
    const fn = arg as (tx: Tx) => Promise<unknown>;
    return run(async (tx: Tx) => {
      if (!(await markProcessed(tx, p.id))) throw new AlreadyHandled();
      return fn(tx);
    }, opts).then((out) => {
      p.marked = true;
      return out;
    });
  };
  (db as unknown as { $transaction: typeof wrapped }).$transaction = wrapped;
  return db;
}
