import { Prisma } from "../generated/prisma/client.js";
import type { Db, Hot, Tx } from "./client.js";
import { execute, later } from "./hot.js";
import { laneOf, sameLane, shareLane } from "./lane.js";

/**
 * Records an interaction id; false when it was recorded before (a redelivery),
 * so its handler does not run twice. `ON CONFLICT DO NOTHING` is the same on
 * SQLite and PostgreSQL, and never aborts a surrounding PostgreSQL transaction
 * as a caught unique violation would.
 */
const record = (interactionId: string) => Prisma.sql`INSERT INTO "ProcessedInteraction" ("id", "createdAt") VALUES (${interactionId}, ${new Date()}) ON CONFLICT DO NOTHING`;

export async function markProcessed(db: Hot, interactionId: string): Promise<boolean> {
  return (await execute(db, record(interactionId))) === 1;
}

/** Thrown inside the first transaction of a redelivered interaction: nothing of it is written. */
export class AlreadyHandled extends Error {
  override name = "AlreadyHandled";
}

/**
 * Runs a handler whose interaction is recorded inside its first transaction, so the record
 * and the handler's writes are one transaction (one commit on the hot path). The handler gets its
 * own view of the store's client, whose first `$transaction` writes the record first. Resolves to
 * false when the interaction had been handled before. A handler that commits no transaction has
 * its interaction recorded after it ran. `beforeCommit` may throw to roll that first transaction back.
 *
 * An explicit client rather than a context carried across awaits (AsyncLocalStorage): on Node 20
 * that hooks every promise in the process, about 3% of the bot's CPU (bench/bot.ts).
 */
export async function inInteraction(db: Db, interactionId: string, fn: (db: Db) => Promise<void>, beforeCommit?: () => void): Promise<boolean> {
  let marked = false;
  const run = db.$transaction.bind(db) as (arg: unknown, opts?: unknown) => Promise<unknown>;
  const $transaction = (arg: unknown, opts?: unknown): Promise<unknown> => {
    if (typeof arg !== "function" || marked) return run(arg, opts);
    const body = arg as (tx: Tx) => Promise<unknown>;
    const recorded = sameLane(body, async (tx: Tx) => {
      // On a lane the record goes with the handler's first statements (one round trip on PostgreSQL):
      // a redelivery fails them, and so the transaction, with AlreadyHandled.
      if (laneOf(tx)) later(tx, record(interactionId), { rows: 1, fail: () => new AlreadyHandled() });
      else if (!(await markProcessed(tx, interactionId))) throw new AlreadyHandled();
      const out = await body(tx);
      // Last word before the COMMIT (the router's: too late to answer, so nothing is applied).
      beforeCommit?.();
      return out;
    });
    return run(recorded, opts).then((out) => {
      marked = true;
      return out;
    });
  };
  // Methods are bound to the client itself: Prisma's use private fields, which a proxy has not.
  const recording = new Proxy(db, {
    get(target, key) {
      if (key === "$transaction") return $transaction;
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  shareLane(db, recording);
  try {
    await fn(recording);
  } catch (err) {
    if (err instanceof AlreadyHandled) {
      marked = true;
      return false;
    }
    throw err;
  } finally {
    if (!marked) await markProcessed(db, interactionId);
  }
  return true;
}
