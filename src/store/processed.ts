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
const record = (interactionId: string) =>
  Prisma.sql`INSERT INTO "ProcessedInteraction" ("id", "createdAt") VALUES (${interactionId}, ${new Date()}) ON CONFLICT DO NOTHING`;

export async function markProcessed(db: Hot, interactionId: string): Promise<boolean> {
  return (await execute(db, record(interactionId))) === 1;
}

/** Thrown inside the first transaction of a redelivered interaction: nothing of it is written. */
export class AlreadyHandled extends Error {
  override name = "AlreadyHandled";
}

/**
 * Runs a handler with its interaction recorded once, and `beforeCommit` checked before each of its
 * transactions commits (the router's: too late to answer, so nothing is applied). Resolves to false
 * when the interaction had been handled before (a redelivery), the handler then not having run.
 *
 * `recordFirst` records the interaction before the handler runs, in a statement of its own: a
 * handler that posts to Discord before it writes is then never run twice. Otherwise (the hot path)
 * the record is written inside the handler's first transaction, one commit for both; a handler that
 * commits no transaction has its interaction recorded after it ran.
 *
 * The handler gets its own view of the store's client, whose `$transaction` does this. An explicit
 * client rather than a context carried across awaits (AsyncLocalStorage): on Node 20 that hooks
 * every promise in the process, about 3% of the bot's CPU (bench/bot.ts).
 */
export async function inInteraction(
  db: Db,
  interactionId: string,
  fn: (db: Db) => Promise<void>,
  opts: { beforeCommit?: () => void; recordFirst?: boolean } = {},
): Promise<boolean> {
  const { beforeCommit, recordFirst = false } = opts;
  if (recordFirst && !(await markProcessed(db, interactionId))) return false;
  let marked = recordFirst;
  const run = db.$transaction.bind(db) as (arg: unknown, opts?: unknown) => Promise<unknown>;
  const $transaction = (arg: unknown, opts?: unknown): Promise<unknown> => {
    if (typeof arg !== "function") return run(arg, opts);
    const body = arg as (tx: Tx) => Promise<unknown>;
    const first = !marked;
    const checked = sameLane(body, async (tx: Tx) => {
      if (first) {
        // On a lane the record goes with the handler's first statements (one round trip on PostgreSQL):
        // a redelivery fails them, and so the transaction, with AlreadyHandled.
        if (laneOf(tx)) later(tx, record(interactionId), { rows: 1, fail: () => new AlreadyHandled() });
        else if (!(await markProcessed(tx, interactionId))) throw new AlreadyHandled();
      }
      const out = await body(tx);
      // Last word before the COMMIT: throwing rolls this transaction back.
      beforeCommit?.();
      return out;
    });
    return run(checked, opts).then((out) => {
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
