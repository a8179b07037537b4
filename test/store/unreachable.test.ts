// Which failures the bot answers with "try again" (the database out of reach) rather than as a fault.
// The shapes are those Prisma 6.19 and pg gave while a PostgreSQL server restarted (test/scale/restart.test.ts).
import { describe, it, expect } from "vitest";
import { isStoreUnreachable } from "../../src/store/unreachable.js";

const prisma = (code: string, cause: object) =>
  Object.assign(new Error("Invalid `prisma.$executeRaw()` invocation"), {
    name: "PrismaClientKnownRequestError",
    code,
    meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
  });

describe("isStoreUnreachable", () => {
  it("knows a connection cut, a server starting up, a refused or timed-out connect", () => {
    expect(isStoreUnreachable(prisma("P2010", { kind: "ConnectionClosed" }))).toBe(true);
    expect(
      isStoreUnreachable(
        prisma("P2010", { kind: "postgres", code: "57P03", message: "the database system is starting up" }),
      ),
    ).toBe(true);
    expect(isStoreUnreachable(prisma("P1001", { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }))).toBe(
      true,
    );
    expect(
      isStoreUnreachable(
        Object.assign(new Error("terminating connection due to administrator command"), {
          name: "DriverAdapterError",
          cause: { code: "57P01" },
        }),
      ),
    ).toBe(true);
    expect(isStoreUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isStoreUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isStoreUnreachable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
  });

  it("leaves a handler's own faults alone: a constraint, a bug, nothing", () => {
    expect(
      isStoreUnreachable(prisma("P2002", { kind: "UniqueConstraintViolation", constraint: { fields: ["nameKey"] } })),
    ).toBe(false);
    expect(
      isStoreUnreachable(prisma("P2010", { kind: "postgres", code: "23505", message: "duplicate key value" })),
    ).toBe(false);
    expect(isStoreUnreachable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isStoreUnreachable(undefined)).toBe(false);
    expect(isStoreUnreachable("Connection terminated")).toBe(false);
  });
});
