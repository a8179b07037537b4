// What the store takes from inside Prisma and its drivers, beyond their documented API (src/store/client.ts,
// lane.ts, pg-lane.ts). Of these only the $transaction wrapper has a client-extension counterpart ($extends with a
// `client.$transaction`), which returns a new client of another type that every holder of the store's client would
// have to take; the driver's connection and node-postgres's pipeline are out of an extension's reach. So they stay,
// and this file fails first, and loudly, when an upgrade moves one; each message names the code that relies on it.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../../src/generated/prisma/client.js";

const dir = mkdtempSync(join(tmpdir(), "tenfoot-internals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Prisma's and the drivers' internals the store relies on", () => {
  it("the SQLite adapter's connect can be wrapped, and its connection keeps better-sqlite3's as `client`", async () => {
    const factory = new PrismaBetterSQLite3({ url: `file:${join(dir, "a.db")}` });
    expect(typeof factory.connect, "src/store/client.ts counting() replaces factory.connect").toBe("function");
    const conn = await factory.connect();
    try {
      const client: unknown = Reflect.get(conn, "client");
      expect(
        typeof Reflect.get(client as object, "prepare"),
        "src/store/client.ts reads the better-sqlite3 connection as conn.client",
      ).toBe("function");
      expect(
        typeof Reflect.get(client as object, "inTransaction"),
        "src/store/lane.ts asks better-sqlite3's inTransaction",
      ).toBe("boolean");
    } finally {
      await conn.dispose();
    }
  });

  it("the client's $transaction is a method that can be replaced on the instance", async () => {
    const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${join(dir, "b.db")}` }) });
    try {
      const own: unknown = Reflect.get(db, "$transaction");
      expect(typeof own, "src/store/lane.ts routeTransactions() wraps $transaction").toBe("function");
      let routed = 0;
      const run = (own as (...a: unknown[]) => Promise<unknown>).bind(db);
      Object.defineProperty(db, "$transaction", {
        value: (...a: unknown[]) => (routed++, run(...a)),
        configurable: true,
        writable: true,
      });
      expect(await db.$transaction(async () => 7)).toBe(7);
      expect(routed, "a redefined $transaction is the one callers reach").toBe(1);
    } finally {
      await db.$disconnect();
    }
  });

  it("node-postgres keeps a `pipeline` flag and its socket as connection.stream, with cork and uncork", () => {
    const client = new pg.Client();
    expect(
      Reflect.get(client, "pipeline"),
      "src/store/pg-lane.ts pipelined() turns node-postgres's pipeline flag",
    ).toBe(false);
    const stream = Reflect.get(Reflect.get(client, "connection") as object, "stream") as {
      cork?: unknown;
      uncork?: unknown;
    };
    expect(typeof stream.cork, "src/store/pg-lane.ts corks the socket across a batch").toBe("function");
    expect(typeof stream.uncork).toBe("function");
  });
});
