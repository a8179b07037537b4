/**
 * The hot path's statements on PostgreSQL, sent by node-postgres itself on a connection of the
 * pool Prisma's driver adapter shares. Through Prisma each raw statement costs its request
 * pipeline and query plan on top of the round trip, and a `$transaction` its own start and
 * commit; a /roll was seven statements, so that overhead was most of its time (bench/bot.ts).
 *
 * - A `laneOnly` transaction (lane.ts) takes a connection from the pool. Statements asked for in
 *   the same turn of the event loop (Promise.all) share a round trip, the first one with BEGIN;
 *   writes kept for later (later.ts) ride with the next round trip, or with the COMMIT. A /roll is
 *   two round trips: BEGIN with its reads, then its writes with COMMIT. ROLLBACK when the callback
 *   throws. Every other transaction keeps going through Prisma.
 * - Statements outside a transaction go to the pool; several asked for together share one
 *   pooled connection and a round trip, each its own transaction, as before.
 *
 * Each statement is a prepared statement named by its text (parsed and planned once per
 * connection); a round trip of several writes them one after the other without waiting for
 * answers (node-postgres's pipeline mode) and reads the answers in order.
 *
 * Rows come back as `$queryRaw` gives them through the adapter: `timestamp` columns as Date (the
 * stored time is UTC), booleans as boolean, int8 as text (callers take Number of it).
 */
import pg from "pg";
import type { Prisma } from "../generated/prisma/client.js";
import type { StoreCounts } from "./types.js";
import { isBody, isLaneOnly, laneClient, lockingReads, routeTransactions, setLane, type Lane } from "./lane.js";
import { Later, type Check } from "./later.js";
import { laterContended, laterSettled } from "./hot.js";
import { isStoreUnreachable } from "./unreachable.js";

/** Timestamps without a zone hold UTC (Prisma writes them so): read them back as such. */
const TIMESTAMP = 1114;
const parseUtc = (s: string): Date => new Date(`${s.replace(" ", "T")}Z`);
const TYPES = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP ? parseUtc : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

const pad = (n: number, z = 2) => String(n).padStart(z, "0");
/** A Date as the driver adapter binds it: UTC, no zone. */
function utc(d: Date): string {
  const ms = d.getUTCMilliseconds();
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${ms ? `.${pad(ms, 3)}` : ""}`;
}

/** A value as the adapter binds it: dates in UTC, undefined as null; the rest as node-postgres sends it. */
function bindable(v: unknown): unknown {
  if (v instanceof Date) return utc(v);
  return v === undefined ? null : v;
}

type Queryable = Pick<pg.PoolClient, "query">;

/**
 * A name per statement text: node-postgres then prepares each text once per connection (the
 * server parses and plans it once) and sends only its name and values after. The hot path has a
 * few dozen texts; a text beyond the first 500 (an IN list of an unusual length) goes unnamed.
 */
const names = new Map<string, string>();
function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < 500) names.set(text, (name = `tfp_${names.size}`));
  return name;
}

/** One statement as a prepared statement: its own round trip. */
function prepared(conn: Queryable, counts: StoreCounts, query: Prisma.Sql): Promise<pg.QueryResult> {
  counts.statements++;
  counts.roundTrips++;
  counts.trace?.(query.text);
  return conn.query({
    name: statementName(query.text),
    text: query.text,
    values: query.values.map(bindable),
    types: TYPES,
  });
}

/**
 * A write whose count is checked in the server: when it changes other than `rows` rows, a cast
 * fails, so the transaction is aborted there and a COMMIT sent behind it rolls it back instead.
 * (A non-constant cast: it runs only then.) Its own text, so it is prepared once like the rest.
 */
const checked = (sql: string, rows: number) =>
  `WITH "w" AS (${sql} RETURNING 1) SELECT CASE WHEN COUNT(*) = ${rows} THEN 0 ELSE ('tfp-check ' || COUNT(*))::int END AS "ok" FROM "w"`;
const FAILED_CHECK = /tfp-check /;

interface Item {
  query: Prisma.Sql;
  check?: Check | undefined;
  done: (r: pg.QueryResult) => void;
  failed: (e: unknown) => void;
}

/**
 * Runs `f` with the connection in node-postgres's pipeline mode (each query written at once, its
 * answer matched in order) and puts it back after; on the pool's own connection, released after.
 * The mode is the client's `pipeline` flag, read at each query: safe to turn while it is idle.
 */
async function pipelined<T>(
  conn: Queryable,
  pooled: pg.PoolClient | undefined,
  f: (c: Queryable) => Promise<T>,
): Promise<T> {
  const was: unknown = Reflect.get(conn, "pipeline");
  Reflect.set(conn, "pipeline", true);
  // Every query's messages in one write to the socket (each query corks it for its own; this holds the cork across them all).
  const socket = Reflect.get(Reflect.get(conn, "connection") ?? {}, "stream") as
    | { cork?: () => void; uncork?: () => void }
    | undefined;
  try {
    socket?.cork?.();
    let answered: Promise<T>;
    try {
      answered = f(conn);
    } finally {
      socket?.uncork?.();
    }
    return await answered;
  } finally {
    Reflect.set(conn, "pipeline", was ?? false);
    pooled?.release();
  }
}

/** A lane that keeps statements until the next round trip (later.ts), then sends them together. */
interface Outbox extends Lane {
  /** In a transaction: sends what is kept with COMMIT; nothing when nothing was sent or kept. */
  commit(): Promise<void>;
  /** Whether BEGIN went to the server (a ROLLBACK is then due on failure). */
  readonly begun: boolean;
  /** Whether a check with `retry` failed: another transaction wrote first, and this one may run again. */
  readonly contended: boolean;
  /** Drops what is kept, failing it with `err`. */
  drop(err: unknown): void;
}

/**
 * Several statements in one round trip, BEGIN and COMMIT around them when given: each a prepared
 * statement, written one after the other without waiting (node-postgres's pipeline mode) and
 * answered in order; each item settled with its answer. The first failure aborts the transaction
 * (the statements after it fail with it, and a COMMIT rolls back): every item fails with it, a
 * failed check as the check's own error (`lost` told when that check may run again).
 */
async function together(
  on: Promise<{ conn: Queryable; pooled?: pg.PoolClient }>,
  counts: StoreCounts,
  head: string[],
  items: Item[],
  tail: "COMMIT" | undefined,
  lost: () => void,
): Promise<void> {
  counts.statements += head.length + items.length + (tail ? 1 : 0);
  counts.roundTrips++;
  const { conn, pooled } = await on;
  const settled = await pipelined(conn, pooled, async (c) => {
    const control = (sql: string) => (counts.trace?.(sql), c.query(sql));
    const statement = (it: Item) => {
      counts.trace?.(it.query.text);
      const text = it.check ? checked(it.query.text, it.check.rows) : it.query.text;
      return c.query({ name: statementName(text), text, values: it.query.values.map(bindable), types: TYPES });
    };
    return Promise.allSettled([...head.map(control), ...items.map(statement), ...(tail ? [control(tail)] : [])]);
  });
  const failed = settled.findIndex((r) => r.status === "rejected");
  if (failed >= 0) {
    const err: unknown = (settled[failed] as PromiseRejectedResult).reason;
    const it = items[failed - head.length];
    const checkFailed = it?.check && FAILED_CHECK.test(err instanceof Error ? err.message : "");
    if (checkFailed && it.check!.retry) lost();
    const why = checkFailed ? it.check!.fail() : err;
    for (const x of items) x.failed(why);
    throw why;
  }
  items.forEach((it, i) => {
    const r = (settled[head.length + i] as PromiseFulfilledResult<pg.QueryResult>).value;
    it.done(it.check ? { ...r, rowCount: it.check.rows } : r);
  });
}

/**
 * Statements asked for in the same turn of the event loop (Promise.all) go in one message; a
 * statement kept for later goes with the next message, or the COMMIT. In a transaction (`tx`) the
 * first message starts with BEGIN. Outside one (the pool) a message is its own transaction, and a
 * statement kept for later is sent at the end of the turn, there being no COMMIT to wait for.
 */
function outbox(conn: Queryable, counts: StoreCounts, tx: boolean, outside?: pg.Pool): Outbox {
  /** The connection a message goes on: the transaction's, or one of the pool's for the message alone. */
  const own = async (): Promise<{ conn: Queryable; pooled?: pg.PoolClient }> => {
    if (!outside) return { conn };
    const pooled = await outside.connect();
    return { conn: pooled, pooled };
  };
  let kept: Item[] = [];
  let begun = false;
  let scheduled = false;
  /** A check that failed in JS (a statement sent alone): the COMMIT must not happen. */
  let failure: Error | undefined;
  let contended = false;
  const keep = (query: Prisma.Sql, check?: Check) =>
    new Promise<pg.QueryResult>((done, failed) => void kept.push({ query, check, done, failed }));

  const send = async (items: Item[], tail?: "COMMIT"): Promise<void> => {
    const head = !tx || begun ? [] : ["BEGIN"];
    begun = true;
    if (!tx) counts.transactions++;
    if (!head.length && !tail && items.length === 1 && !items[0]!.check) {
      const it = items[0]!;
      await prepared(conn, counts, it.query).then(it.done, (e: unknown) => (it.failed(e), Promise.reject(e)));
      return;
    }
    await together(own(), counts, head, items, tail, () => (contended = true));
  };
  const flush = (tail?: "COMMIT"): Promise<void> => {
    scheduled = false;
    const items = kept;
    kept = [];
    if (!items.length && !tail) return Promise.resolve();
    return send(items, tail);
  };
  const soon = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => void flush().catch(() => undefined));
  };
  const now = (query: Prisma.Sql, check?: Check) => {
    const p = keep(query, check);
    soon();
    return p;
  };
  const held = tx ? keep : now;
  return {
    all: async <T>(q: Prisma.Sql) => (await now(q)).rows as T[],
    run: async (q: Prisma.Sql) => (await now(q)).rowCount ?? 0,
    later: (q, check) =>
      new Later(
        held(q, check).then((r) => {
          const n = r.rowCount ?? 0;
          if (check && n !== check.rows) {
            contended ||= check.retry === true;
            throw (failure ??= check.fail());
          }
          return n;
        }),
        soon,
      ),
    laterRows: <T>(q: Prisma.Sql) =>
      new Later(
        held(q).then((r) => r.rows as T[]),
        soon,
      ),
    async commit() {
      if (failure) throw failure;
      if (!begun && !kept.length) return;
      await flush("COMMIT");
    },
    get begun() {
      return begun;
    },
    get contended() {
      return contended;
    },
    drop(err) {
      const items = kept;
      kept = [];
      for (const it of items) it.failed(err);
    },
  };
}

/** Statements outside a transaction, and `laneOnly` transactions, of `db` on the pool itself. */
export function withPgLanes<D extends object>(db: D, pool: pg.Pool, counts: StoreCounts): D {
  setLane(db, outbox(pool, counts, false, pool));
  return routeTransactions(db, (arg, opts, run) => {
    if (!isBody(arg)) return run(arg, opts);
    if (isLaneOnly(arg)) return inPgLane(pool, counts, arg);
    // Prisma's own transaction: statements kept for later run at once through Prisma (hot.ts); wait for
    // them before its COMMIT. One that lost a compare-and-set, or a deadlock, runs again, as the lane's do.
    return (async () => {
      for (let attempt = 1; ; attempt++) {
        let client: object | undefined;
        try {
          return await run(async (tx: object) => {
            client = tx;
            lockingReads(tx);
            const out = await arg(tx);
            await laterSettled(tx);
            return out;
          }, opts);
        } catch (err) {
          if (attempt >= ATTEMPTS || !client || !(laterContended(client) || isConflict(err))) throw err;
        }
        await backoff(attempt);
      }
    })();
  });
}

/**
 * Runs that lost a compare-and-set (another transaction at the same table wrote first) before the
 * loss is the answer. Draws from one dice stream never lose theirs: they take turns at the stream's
 * row (hot.ts, `forUpdate`). What can still lose is a change checked against a version read before
 * another transaction changed it, or a transaction the server ended to break a deadlock.
 */
const ATTEMPTS = 5;

/** A deadlock the server broke by ending this transaction, or a serialization failure: running it again may succeed. */
function isConflict(err: unknown): boolean {
  const field = (x: unknown, key: string): unknown =>
    typeof x === "object" && x !== null ? Reflect.get(x, key) : undefined;
  // node-postgres gives the server's SQLSTATE; Prisma its own code for either ("write conflict or a
  // deadlock"), or for a raw statement (P2010) the server's, as the driver adapter reported it.
  const code = field(err, "code");
  const server =
    code === "P2010" ? field(field(field(field(err, "meta"), "driverAdapterError"), "cause"), "originalCode") : code;
  return server === "40P01" || server === "40001" || code === "P2034";
}

/**
 * A pause before running again, random up to 5 ms after the first loss and doubling after each
 * (75 ms at most in all, well inside an interaction's 3 s): runs that lost together spread out
 * instead of meeting again at once.
 */
const backoff = (attempt: number) => new Promise<void>((r) => setTimeout(r, Math.random() * 5 * 2 ** (attempt - 1)));

/**
 * BEGIN (with the first statements), the callback, COMMIT (with the last), on one pooled
 * connection; ROLLBACK when it throws. A run that lost a compare-and-set, or a deadlock, runs again
 * from the start after a short random pause (its reads then see the winner's writes), up to
 * ATTEMPTS in all.
 */
async function inPgLane(pool: pg.Pool, counts: StoreCounts, fn: (tx: object) => Promise<unknown>): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    const run = await once(pool, counts, fn);
    if (run.ok) return run.out;
    if (!run.contended || attempt >= ATTEMPTS) throw run.err;
    await backoff(attempt);
  }
}

type Run = { ok: true; out: unknown } | { ok: false; err: unknown; contended: boolean };

async function once(pool: pg.Pool, counts: StoreCounts, fn: (tx: object) => Promise<unknown>): Promise<Run> {
  const conn = await pool.connect();
  const lane = outbox(conn, counts, true);
  let broken: Error | undefined;
  // A connection cut while it is out of the pool (the server restarting) reports here, not as a crash;
  // the statement waiting on it fails by itself.
  const cut = (err: Error) => (broken ??= err);
  conn.on("error", cut);
  try {
    counts.transactions++;
    try {
      const client = laneClient(lane);
      lockingReads(client);
      const out = await fn(client);
      await lane.commit();
      return { ok: true, out };
    } catch (err) {
      lane.drop(err);
      if (lane.begun) {
        counts.statements++;
        counts.roundTrips++;
        counts.trace?.("ROLLBACK");
        await conn.query("ROLLBACK").catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
      }
      // A connection that failed mid-way (the server restarting) is dropped, not given back.
      if (!broken && isStoreUnreachable(err)) broken = err instanceof Error ? err : new Error(String(err));
      return { ok: false, err, contended: (lane.contended || isConflict(err)) && !broken };
    }
  } finally {
    conn.removeListener("error", cut);
    conn.release(broken);
  }
}
