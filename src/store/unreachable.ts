/**
 * Whether an error says the database could not be reached or dropped the connection (PostgreSQL
 * restarting, a network cut), as opposed to a fault in the handler. Nothing was committed then:
 * the transaction either never began or was rolled back by the server, so the user can simply try
 * again. The pool replaces a dropped connection by itself on the next call.
 */

/** Prisma's codes for "cannot reach", "timed out reaching", "connection closed", "no connection free in time". */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** PostgreSQL's SQLSTATEs: class 08 (connection exception), and 57P01-57P03 (shutting down, crashed, starting). */
const PG_STATE = /^(08...|57P0[123])$/;
const NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);
/** The driver adapter's own kinds for the same (Prisma puts them in `meta.driverAdapterError.cause`). */
const ADAPTER_KINDS = new Set(["ConnectionClosed", "DatabaseNotReachable", "SocketTimeout", "TooManyConnections"]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Server has closed the connection|Can't reach database server|server closed the connection|Client has encountered a connection error|connection is closed/i;

interface Faulty {
  name?: string;
  code?: unknown;
  kind?: unknown;
  meta?: { driverAdapterError?: unknown };
  message?: string;
  cause?: unknown;
}

export function isStoreUnreachable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as Faulty;
  const code = typeof e.code === "string" ? e.code : "";
  if (PRISMA_CODES.has(code) || PG_STATE.test(code) || NODE_CODES.has(code)) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (e.name === "PrismaClientInitializationError") return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  return isStoreUnreachable(e.cause, depth + 1) || isStoreUnreachable(e.meta?.driverAdapterError, depth + 1);
}
