/**
 * The hot path's statements on PostgreSQL, sent by node-postgres itself on a connection of the
 * pool Prisma's driver adapter shares. Through Prisma each raw statement costs its request
 * pipeline and query plan on top of the round trip, and a `$transaction` its own start and
 * commit; a /roll is seven statements, so that overhead was most of its time (bench/bot.ts).
 *
 * - A `laneOnly` transaction (lane.ts) takes a connection from the pool, and sends BEGIN together
 *   with its first statement in one round trip, then each statement, then COMMIT (ROLLBACK when
 *   the callback throws). Every other transaction keeps going through Prisma.
 * - A statement outside a transaction goes straight to the pool (its own transaction, as before).
 *
 * The first statement rides with BEGIN in PostgreSQL's simple protocol, which takes no parameters:
 * its values are written into the text as quoted literals (node-postgres's own escaping). A quoted
 * literal is untyped until the statement gives it a type, exactly as a parameter sent as text is,
 * so the statement means the same either way.
 *
 * Rows come back as `$queryRaw` gives them through the adapter: `timestamp` columns as Date (the
 * stored time is UTC), booleans as boolean, int8 as text (callers take Number of it).
 */
import pg from "pg";
import type { Prisma } from "../generated/prisma/client.js";
import type { StoreCounts } from "./client.js";
import { isBody, isLaneOnly, laneClient, routeTransactions, setLane, type Lane } from "./lane.js";
import { isStoreUnreachable } from "./unreachable.js";

/** Timestamps without a zone hold UTC (Prisma writes them so): read them back as such. */
const TIMESTAMP = 1114;
const parseUtc = (s: string): Date => new Date(`${s.replace(" ", "T")}Z`);
const TYPES = {
  getTypeParser: ((oid: number, format?: string) => (oid === TIMESTAMP ? parseUtc : pg.types.getTypeParser(oid, format as "text"))) as typeof pg.types.getTypeParser,
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

/** A value as a quoted literal: the text node-postgres would send as the parameter, escaped. */
function literal(v: unknown): string {
  const b = bindable(v);
  if (b === null) return "NULL";
  if (typeof b === "boolean") return b ? "'true'" : "'false'";
  if (typeof b === "object") return pg.escapeLiteral(JSON.stringify(b));
  return pg.escapeLiteral(String(b));
}

/** `$1`, `$2`… in the statement's text replaced by its values as literals. */
function inline(query: Prisma.Sql): string {
  const values = query.values;
  return query.text.replace(/\$(\d+)/g, (_m, n: string) => literal(values[Number(n) - 1]));
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

function pgLane(conn: Queryable, counts: StoreCounts, first?: { pending: boolean }): Lane {
  const send = async (query: Prisma.Sql): Promise<pg.QueryResult> => {
    if (first?.pending) {
      // BEGIN and this statement in one round trip (simple protocol: values written in as literals).
      first.pending = false;
      counts.statements += 2;
      counts.trace?.("BEGIN");
      counts.trace?.(query.text);
      // Several statements in one query answer with a result each (node-postgres types it as one).
      const results: pg.QueryResult | pg.QueryResult[] = await conn.query({ text: `BEGIN; ${inline(query)}`, types: TYPES });
      return Array.isArray(results) ? results[1]! : results;
    }
    counts.statements++;
    counts.trace?.(query.text);
    return conn.query({ name: statementName(query.text), text: query.text, values: query.values.map(bindable), types: TYPES });
  };
  return {
    all: async <T>(query: Prisma.Sql) => (await send(query)).rows as T[],
    run: async (query: Prisma.Sql) => (await send(query)).rowCount ?? 0,
  };
}

/** Statements outside a transaction, and `laneOnly` transactions, of `db` on the pool itself. */
export function withPgLanes<D extends object>(db: D, pool: pg.Pool, counts: StoreCounts): D {
  const alone = pgLane(pool, counts);
  const outside: Lane = {
    all: (q) => (counts.transactions++, alone.all(q)),
    run: (q) => (counts.transactions++, alone.run(q)),
  };
  setLane(db, outside);
  return routeTransactions(db, (arg, opts, run) => (isBody(arg) && isLaneOnly(arg) ? inPgLane(pool, counts, arg) : run(arg, opts)));
}

/** BEGIN (with the first statement), the callback, COMMIT (ROLLBACK when it throws), on one pooled connection. */
async function inPgLane(pool: pg.Pool, counts: StoreCounts, fn: (tx: object) => Promise<unknown>): Promise<unknown> {
  const conn = await pool.connect();
  const first = { pending: true };
  let broken: Error | undefined;
  // A connection cut while it is out of the pool (the server restarting) reports here, not as a crash;
  // the statement waiting on it fails by itself.
  const cut = (err: Error) => (broken ??= err);
  conn.on("error", cut);
  const exec = async (sql: "COMMIT" | "ROLLBACK") => {
    counts.statements++;
    counts.trace?.(sql);
    await conn.query(sql);
  };
  try {
    counts.transactions++;
    let out: unknown;
    try {
      out = await fn(laneClient(pgLane(conn, counts, first)));
      if (!first.pending) await exec("COMMIT");
    } catch (err) {
      if (!first.pending) {
        await exec("ROLLBACK").catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
      }
      throw err;
    }
    return out;
  } catch (err) {
    // A connection that failed mid-way (the server restarting) is dropped, not given back.
    if (!broken && isStoreUnreachable(err)) broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    conn.removeListener("error", cut);
    conn.release(broken);
  }
}
