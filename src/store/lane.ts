/**
 * The hot path's statements on SQLite, run straight on the connection Prisma's driver adapter
 * holds, inside the transaction Prisma opened on it. Prisma's client spends about 0.2 ms on each
 * raw statement before and after the driver (its request pipeline and query plan), where
 * better-sqlite3 itself takes microseconds; a /roll runs six of them (bench/bot.ts).
 *
 * This is safe because the adapter has one connection and opens a transaction only under its
 * mutex: while a `$transaction` callback runs, every statement on that connection is inside its
 * BEGIN … COMMIT, and a failure rolls it all back. On SQLite only transactions get a lane;
 * statements outside one keep going through Prisma. PostgreSQL's lane is pg-lane.ts. Rows come back as
 * `$queryRaw` gives them: DATETIME as Date, BOOLEAN as boolean, integers as numbers.
 *
 * A transaction whose callback is marked `laneOnly` (it runs nothing but lane statements: /roll,
 * Roll again, /attack, a reaction's press, /declare, /next and /initiative) goes further: the lane opens and commits it itself, without Prisma's interactive
 * transaction, which costs about 0.15–0.2 ms of a /roll on its own (starting it, committing it:
 * bench/bot.ts). It takes its turn at the `Gate` every interactive transaction of the store takes
 * too, so one transaction at a time is open on the connection, as before. Its client has the lane
 * and nothing else: a Prisma call on it throws (and rolls the transaction back).
 */
import type { Prisma } from "../generated/prisma/client.js";
import type { Hot, SqliteConnection, SqliteStatement, StoreCounts, Tx } from "./types.js";

export type { SqliteConnection } from "./types.js";
import { Later, type Check } from "./later.js";

/** The parts of a better-sqlite3 statement and connection the lane uses. */

/** SQLite's lane answers at once; PostgreSQL's (pg-lane.ts) after its round trip. */
export interface Lane {
  all<T>(query: Prisma.Sql): T[] | Promise<T[]>;
  run(query: Prisma.Sql): number | Promise<number>;
  /** A write the caller does not wait for (later.ts): on SQLite run now, a failed check thrown at once. */
  later(query: Prisma.Sql, check?: Check): Later<number>;
  /** A read (or a write's RETURNING) whose rows the caller takes later, even after the COMMIT. */
  laterRows<T>(query: Prisma.Sql): Later<T[]>;
}

/**
 * Lanes by client object: a transaction's client, or (PostgreSQL) the store's client itself for
 * statements outside a transaction. By identity, never inherited: Prisma's transaction client
 * forwards unknown keys to the client it came from, and must not find the outside lane.
 */
const lanes = new WeakMap<object, Lane>();

/** Gives `db` (the client, or a transaction's client) its lane. */
export function setLane(db: object, lane: Lane): void {
  lanes.set(db, lane);
}

/** `view` (a proxy over `db`) uses `db`'s lane, if it has one. */
export function shareLane(db: object, view: object): void {
  const lane = lanes.get(db);
  if (lane) lanes.set(view, lane);
}

/** One transaction at a time on the SQLite connection: Prisma's interactive ones and the lane's own take turns here. */
export class Gate {
  private tail: Promise<void> = Promise.resolve();
  /** Resolves with the function that lets the next one in, once it is this caller's turn. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => done);
    return turn;
  }
}

const laneOnlyBodies = new WeakSet<object>();

/** Whether a transaction's callback was marked `laneOnly`. */
export function isLaneOnly(fn: object): boolean {
  return laneOnlyBodies.has(fn);
}

/**
 * A transaction's callback that runs only lane statements (src/store/hot.ts), for `$transaction`:
 * on SQLite the lane runs the transaction itself, on PostgreSQL node-postgres does (pg-lane.ts).
 * The callback's client is a `Hot`: nothing but the hot statements accept it.
 */
export function laneOnly<T>(fn: (tx: Hot) => Promise<T>): (tx: Tx) => Promise<T> {
  const body = (tx: Tx) => fn(tx);
  laneOnlyBodies.add(body);
  return body;
}

/** `wrapped` marked as `original` is (the redelivery record wraps a handler's callback). */
export function sameLane<F extends object>(original: object, wrapped: F): F {
  if (laneOnlyBodies.has(original)) laneOnlyBodies.add(wrapped);
  return wrapped;
}

/**
 * Transactions whose reads may lock the rows they read (PostgreSQL's, of either kind: pg-lane.ts).
 * PostgreSQL runs many transactions at once, so two that draw from one dice stream take turns at
 * its row (store/hot.ts, play/streams.ts); SQLite runs one transaction at a time and needs none.
 */
const locking = new WeakSet<object>();

/** Marks a transaction's client as one whose reads lock rows when asked (`FOR UPDATE`). */
export function lockingReads(tx: object): void {
  locking.add(tx);
}

/** Whether reads on this client lock rows when asked: inside a PostgreSQL transaction. */
export function locksRows(db: object): boolean {
  return locking.has(db);
}

/** The lane of a client, if it has one (SQLite inside `$transaction`; PostgreSQL in a `laneOnly` one and outside transactions). */
export function laneOf(db: object): Lane | undefined {
  return lanes.get(db);
}

type Transaction = (arg: unknown, opts?: unknown) => Promise<unknown>;
type Body = (tx: object) => Promise<unknown>;

/**
 * Puts `route` in front of the client's own `$transaction`: it gets each call's callback (or
 * Prisma's batch, not a function) and the client's own method to pass it on to.
 */
export function routeTransactions<D extends object>(
  db: D,
  route: (arg: unknown, opts: unknown, run: Transaction) => Promise<unknown>,
): D {
  const own: unknown = Reflect.get(db, "$transaction");
  if (typeof own !== "function") throw new Error("the store's client has no $transaction");
  const run: Transaction = (arg, opts) => Reflect.apply(own, db, [arg, opts]) as Promise<unknown>;
  Object.defineProperty(db, "$transaction", {
    value: (arg: unknown, opts?: unknown) => route(arg, opts, run),
    configurable: true,
    writable: true,
  });
  return db;
}

/** Whether a `$transaction` argument is a callback (not Prisma's batch of queries). */
export const isBody = (arg: unknown): arg is Body => typeof arg === "function";

/** Gives every interactive transaction of `db` a lane on the connection, and runs the `laneOnly` ones on the lane alone. */
export function withLanes<D extends object>(db: D, conn: SqliteConnection, counts: StoreCounts, gate: Gate): D {
  const lane = sqliteLane(conn, counts);
  const control: Control = {}; // BEGIN, COMMIT and ROLLBACK, compiled once for this connection
  return routeTransactions(db, (arg, opts, run) => {
    if (!isBody(arg)) return run(arg, opts);
    if (laneOnlyBodies.has(arg)) return inLane(conn, control, lane, counts, gate, arg);
    return run((tx: object) => {
      setLane(tx, lane);
      return arg(tx);
    }, opts);
  });
}

/** A client for a `laneOnly` transaction: the lane, and an error for anything else. */
export function laneClient(lane: Lane): object {
  const client = new Proxy(
    {},
    {
      get(_t, key) {
        // Promise resolution and inspection look for these; they are simply absent.
        if (key === "then" || typeof key === "symbol") return undefined;
        throw new Error(
          `a laneOnly transaction runs only the lane's statements (src/store/hot.ts), not Prisma's ${String(key)}`,
        );
      },
    },
  );
  setLane(client, lane);
  return client;
}

type Control = Partial<Record<"BEGIN" | "COMMIT" | "ROLLBACK", SqliteStatement>>;

/** BEGIN, the callback, COMMIT (ROLLBACK when it throws), on the connection itself, at the gate's turn. */
async function inLane(
  conn: SqliteConnection,
  control: Control,
  lane: Lane,
  counts: StoreCounts,
  gate: Gate,
  fn: (tx: object) => Promise<unknown>,
): Promise<unknown> {
  const release = await gate.acquire();
  const exec = (sql: "BEGIN" | "COMMIT" | "ROLLBACK") => {
    counts.statements++;
    counts.trace?.(sql);
    (control[sql] ??= conn.prepare(sql)).run();
  };
  try {
    counts.transactions++;
    exec("BEGIN");
    let out: unknown;
    try {
      out = await fn(laneClient(lane));
      exec("COMMIT");
    } catch (err) {
      // A failed COMMIT (the file locked by another process past the busy timeout) leaves the transaction open too.
      if (conn.inTransaction) exec("ROLLBACK");
      throw err;
    }
    return out;
  } finally {
    release();
  }
}

/** A value as the adapter binds it: dates as ISO text with an offset, booleans as 0/1. */
function bindable(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString().replace("Z", "+00:00");
  if (typeof v === "boolean") return v ? 1 : 0;
  return v === undefined ? null : v;
}

type Convert = (v: unknown) => unknown;
const toDate: Convert = (v) => (v === null ? null : new Date(typeof v === "string" ? v : Number(v)));
const toBool: Convert = (v) => (v === null ? null : v === 1 || v === true || v === "1" || v === "true");
const toBig: Convert = (v) => (v === null ? null : BigInt(v as number));

function converterFor(type: string | null): Convert | null {
  const t = (type ?? "").toUpperCase();
  if (t === "DATETIME" || t === "TIMESTAMP") return toDate;
  if (t === "BOOLEAN") return toBool;
  if (t === "BIGINT" || t === "INT8" || t === "UNSIGNED BIG INT") return toBig;
  return null;
}

interface Compiled {
  st: SqliteStatement;
  converts: [string, Convert][];
}

function sqliteLane(conn: SqliteConnection, counts: StoreCounts, limit = 200): Lane {
  const cache = new Map<string, Compiled>();
  const compiled = (sql: string): Compiled => {
    let c = cache.get(sql);
    if (!c) {
      const st = conn.prepare(sql).safeIntegers(false);
      const converts: [string, Convert][] = [];
      if (st.reader)
        for (const col of st.columns()) {
          const f = converterFor(col.type);
          if (f) converts.push([col.name, f]);
        }
      c = { st, converts };
      if (cache.size >= limit) cache.delete(cache.keys().next().value!);
      cache.set(sql, c);
    }
    counts.statements++;
    counts.trace?.(sql);
    return c;
  };
  const all = <T>(query: Prisma.Sql): T[] => {
    const { st, converts } = compiled(query.sql);
    const rows = st.all(...query.values.map(bindable));
    if (converts.length) for (const row of rows) for (const [name, f] of converts) row[name] = f(row[name]);
    return rows as T[];
  };
  const run = (query: Prisma.Sql): number => compiled(query.sql).st.run(...query.values.map(bindable)).changes;
  return {
    all,
    run,
    later(query, check) {
      const n = run(query);
      if (check && n !== check.rows) throw check.fail();
      return Later.done(n);
    },
    laterRows: <T>(query: Prisma.Sql) => Later.done(all<T>(query)),
  };
}
