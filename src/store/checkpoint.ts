/**
 * SQLite's WAL checkpoint, moved out of the interactions' commits.
 *
 * A checkpoint copies the write-ahead log back into the database file, and with
 * `synchronous=NORMAL` it is where SQLite syncs: the log, then the file. That is milliseconds of
 * fsync, more the longer the log (5 ms for 130 /rolls on this machine's disk, over 100 ms for
 * 1,500). By default SQLite runs it inside the commit that takes the log past 1,000 pages, so one
 * interaction in about 130 waited for it, and that was the p99 of every hot path
 * (docs/performance.md). The bot runs it itself instead, after an interaction has been answered:
 * - after an interaction, once `batch` transactions have committed since the last one and nothing
 *   else is in flight (or `overdue` have, whatever is in flight: the log stays short under load);
 * - on a timer, when nothing is in flight, so a quiet table's last commits reach the file too.
 * SQLite's own checkpoint stays as a bound on the log (`AUTOCHECKPOINT_PAGES`).
 */
import type { Logger } from "pino";
import type { Checkpoint, SqliteConnection, Store, StoreCounts } from "./types.js";

export type { Checkpoint } from "./types.js";

/** Pages in the log (4 KiB each) before SQLite checkpoints inside a commit anyway. */
export const AUTOCHECKPOINT_PAGES = 4_000;

/** A page count from the pragma's one row (busy, log, checkpointed). */
function pages(row: Record<string, unknown> | undefined, column: "log" | "checkpointed"): number {
  const n = row?.[column];
  if (typeof n !== "number") throw new Error(`PRAGMA wal_checkpoint answered no ${column} count`);
  return n;
}

/** A passive checkpoint on the bot's own connection, counted; null when SQLite says not now. */
export function walCheckpoint(conn: SqliteConnection, counts: StoreCounts): Checkpoint | null {
  try {
    const [row] = conn.prepare("PRAGMA wal_checkpoint(PASSIVE)").safeIntegers(false).all();
    const done = { log: pages(row, "log"), checkpointed: pages(row, "checkpointed") };
    counts.checkpoints++;
    counts.checkpointedPages += done.checkpointed;
    return done;
  } catch (err) {
    // Inside a transaction on this connection SQLite refuses (SQLITE_LOCKED), and another process's
    // checkpoint holds the log (SQLITE_BUSY): a later moment will do.
    const code = (err as { code?: string }).code;
    if (code === "SQLITE_LOCKED" || code === "SQLITE_BUSY") return null;
    throw err;
  }
}

export interface CheckpointPolicy {
  /** Transactions after which an idle moment checkpoints. */
  batch: number;
  /** Transactions after which an interaction's end checkpoints even with others in flight. */
  overdue: number;
  /** The timer for quiet moments (0: none). */
  everyMs: number;
}
export const CHECKPOINTS: CheckpointPolicy = { batch: 64, overdue: 256, everyMs: 1_000 };

export interface Checkpointer {
  /** Call when an interaction has been answered. */
  answered(): void;
  stop(): void;
}

export function checkpointer(
  store: Store,
  inFlight: () => number,
  log: Logger,
  policy: CheckpointPolicy = CHECKPOINTS,
): Checkpointer {
  let at = store.counts.transactions;
  const pending = () => store.counts.transactions - at;
  const run = () => {
    try {
      // Null: the connection is inside a transaction (the sweeper's); a later moment will do.
      if (store.checkpoint()) at = store.counts.transactions;
    } catch (err) {
      at = store.counts.transactions; // not again at once; SQLite's own checkpoint still bounds the log
      log.warn({ err }, "checkpoint failed");
    }
  };
  const timer =
    policy.everyMs > 0 ? setInterval(() => inFlight() === 0 && pending() > 0 && run(), policy.everyMs) : undefined;
  timer?.unref();
  return {
    answered() {
      const n = pending();
      if (n >= policy.overdue || (n >= policy.batch && inFlight() === 0)) run();
    },
    stop: () => clearInterval(timer),
  };
}
