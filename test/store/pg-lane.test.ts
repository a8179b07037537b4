// The hot path's lane on PostgreSQL (runs in the `postgresql` test project only): statements sent
// by node-postgres on the pool Prisma shares, BEGIN riding with a transaction's first statement.
import { describe, it, expect, afterAll, afterEach } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Hot, type Store, type Tx } from "../../src/store/client.js";
import {
  insertRolls,
  later,
  pendingById,
  queryRows,
  rollById,
  rollNumber,
  openAttacks,
  updatePending,
} from "../../src/store/hot.js";
import { Prisma } from "../../src/generated/prisma/client.js";
import { inInteraction, markProcessed } from "../../src/store/processed.js";
import { laneOf, laneOnly } from "../../src/store/lane.js";
import { testDatabase, type TestDatabase } from "../helpers/database.js";

const stores: Store[] = [];
const dbs: TestDatabase[] = [];
const dir = mkdtempSync(join(tmpdir(), "tenfoot-pglane-"));
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dbs.splice(0)) await d.drop();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fresh(pool = { size: 10, connectTimeoutMs: 2000 }): Promise<Store> {
  const d = await testDatabase(dir, "x.db");
  dbs.push(d);
  const s = await openStore(d.url, pool);
  stores.push(s);
  return s;
}

const row = (purpose: string, hidden: boolean) => ({
  campaignId: null,
  encounterId: null,
  guildId: "g",
  channelId: "c",
  userId: "u",
  purpose,
  expression: "1d20",
  faces: "[7]",
  total: "7",
  streamDraws: 1,
  hidden,
});

function traced(s: Store): string[] {
  const seen: string[] = [];
  s.counts.trace = (sql) => void seen.push(sql.split(" ").slice(0, 3).join(" "));
  return seen;
}

describe("the PostgreSQL lane", () => {
  it("answers outside a transaction and in a laneOnly one, never inside Prisma's own transaction", async () => {
    const s = await fresh();
    expect(laneOf(s.db)).toBeDefined();
    await s.db.$transaction(async (tx) => expect(laneOf(tx)).toBeUndefined());
    await s.db.$transaction(laneOnly(async (tx: Hot) => expect(laneOf(tx)).toBeDefined()));
  });

  it("writes rows Prisma reads back the same, and reads them as Prisma's models type them", async () => {
    const s = await fresh();
    const at = new Date("2026-11-24T10:00:00.123Z");
    const ids = await s.db.$transaction(
      laneOnly(async (tx: Hot) =>
        (await insertRolls(tx, [row("first", true), row("second", false)], at)).map((r) => r.id),
      ),
    );
    expect(ids).toHaveLength(2);
    const viaPrisma = await s.db.roll.findUniqueOrThrow({ where: { id: ids[0]! } });
    expect(viaPrisma.createdAt.toISOString()).toBe("2026-11-24T10:00:00.123Z");
    expect(viaPrisma.hidden).toBe(true);
    const viaLane = await rollById(s.db, ids[0]!);
    expect(viaLane).toEqual(viaPrisma);
    expect(typeof viaLane!.id).toBe("number");
    expect(await s.db.$transaction(laneOnly((tx: Hot) => rollById(tx, ids[1]!)))).toMatchObject({
      hidden: false,
      purpose: "second",
      streamDraws: 1,
    });
    expect(await rollNumber(s.db, ids[1]!, { campaignId: "none" })).toBe(0);
  });

  it("keeps awkward text and dates exactly, sent with BEGIN in one round trip or alone", async () => {
    const s = await fresh();
    const awkward = `O'Brien said "hi" \\ back\\slash $1 — ünïcode ' ''`;
    const at = new Date("2026-01-02T03:04:05.000Z");
    const [id] = await s.db.$transaction(
      laneOnly(async (tx: Hot) =>
        (await insertRolls(tx, [{ ...row(awkward, true), campaignId: null }], at)).map((r) => r.id),
      ),
    );
    const back = await s.db.roll.findUniqueOrThrow({ where: { id: id! } });
    expect(back).toMatchObject({ purpose: awkward, hidden: true, campaignId: null, streamDraws: 1 });
    expect(back.createdAt.toISOString()).toBe("2026-01-02T03:04:05.000Z");
    // A date compared in the first round trip (with BEGIN), then alone: the same answer.
    const due = await s.db.$transaction(
      laneOnly(async (tx: Hot) => [await openAttacks(tx, "e", at), await openAttacks(tx, "e", at)]),
    );
    expect(due).toEqual([[], []]);
  });

  it("sends BEGIN with the first statement, then each statement, then COMMIT: one transaction", async () => {
    const s = await fresh();
    const seen = traced(s);
    const before = { ...s.counts };
    const ids = await s.db.$transaction(
      laneOnly(async (tx: Hot) => {
        await markProcessed(tx, "lane");
        return (await insertRolls(tx, [row("lane", false)], new Date())).map((r) => r.id);
      }),
    );
    expect(seen).toEqual(["BEGIN", 'INSERT INTO "ProcessedInteraction"', 'INSERT INTO "Roll"', "COMMIT"]);
    expect(s.counts.transactions - before.transactions).toBe(1);
    expect(s.counts.statements - before.statements).toBe(4);
    expect(await s.db.roll.findUniqueOrThrow({ where: { id: ids[0]! } })).toMatchObject({ purpose: "lane" });
    expect(await markProcessed(s.db, "lane")).toBe(false);
  });

  it("rolls back when its callback throws, when a statement fails, and when the callback reaches for Prisma", async () => {
    const s = await fresh();
    const seen = traced(s);
    const lose = (body: (tx: Hot) => Promise<unknown>) => s.db.$transaction(laneOnly(body));
    await expect(
      lose(async (tx) => {
        await insertRolls(tx, [row("lost", false)], new Date());
        throw new Error("the handler failed");
      }),
    ).rejects.toThrow("the handler failed");
    await expect(
      lose(async (tx) => {
        await insertRolls(tx, [row("lost too", false)], new Date());
        await insertRolls(tx, [{ ...row("bad", false), streamDraws: "many" as unknown as number }], new Date());
      }),
    ).rejects.toThrow(/integer/);
    await expect(
      lose(async (tx) => {
        await insertRolls(tx, [row("lost three", false)], new Date());
        return (tx as Tx).roll.count();
      }),
    ).rejects.toThrow("a laneOnly transaction runs only the lane's statements");
    expect(seen.filter((x) => !x.startsWith("INSERT"))).toEqual([
      "BEGIN",
      "ROLLBACK",
      "BEGIN",
      "ROLLBACK",
      "BEGIN",
      "ROLLBACK",
    ]);
    expect(await s.db.roll.count()).toBe(0);
  });

  it("gives every connection back: 40 transactions at once on a pool of 2, a quarter of them failing", async () => {
    const s = await fresh({ size: 2, connectTimeoutMs: 10_000 });
    const runs = Array.from({ length: 40 }, (_, i) =>
      s.db
        .$transaction(
          laneOnly(async (tx: Hot) => {
            await insertRolls(tx, [row(`r${i}`, false)], new Date());
            if (i % 4 === 0) throw new Error(`fail ${i}`);
          }),
        )
        .then(
          () => "ok",
          () => "failed",
        ),
    );
    const out = await Promise.all(runs);
    expect(out.filter((x) => x === "ok")).toHaveLength(30);
    expect(await s.db.roll.count()).toBe(30);
    expect(await markProcessed(s.db, "after")).toBe(true);
  });

  it("sends reads asked for together in one message, and keeps writes for the COMMIT's: two round trips", async () => {
    const s = await fresh();
    const seen = traced(s);
    const before = { ...s.counts };
    const out = await s.db.$transaction(
      laneOnly(async (tx: Hot) => {
        const [roll, pending] = await Promise.all([rollById(tx, 1), pendingById(tx, "p1")]);
        later(tx, Prisma.sql`INSERT INTO "ProcessedInteraction" ("id", "createdAt") VALUES (${"i1"}, ${new Date()})`, {
          rows: 1,
          fail: () => new Error("recorded before"),
        });
        return {
          found: [roll, pending],
          logged: insertRolls(tx, [row("kept", false)], new Date(), { campaignId: "none" }),
        };
      }),
    );
    expect(out.found).toEqual([null, null]);
    const [logged] = await out.logged; // read back with the COMMIT
    expect(logged).toMatchObject({ before: 0 });
    expect(seen).toEqual([
      "BEGIN",
      "SELECT * FROM",
      "SELECT * FROM",
      'INSERT INTO "ProcessedInteraction"',
      'INSERT INTO "Roll"',
      "COMMIT",
    ]);
    expect(s.counts.roundTrips - before.roundTrips).toBe(2);
    expect(await s.db.processedInteraction.count()).toBe(1);
    expect(await s.db.roll.findUniqueOrThrow({ where: { id: logged!.id } })).toMatchObject({ purpose: "kept" });
  });

  it("fails the transaction with a write's own error when its check fails in the COMMIT's message: nothing is written", async () => {
    const s = await fresh();
    const before = { ...s.counts };
    const moved = () => new Error("that moved on");
    const run = s.db.$transaction(
      laneOnly(async (tx: Hot) => {
        insertRolls(tx, [row("never", false)], new Date());
        updatePending(tx, "nobody", 0, { state: "s", input: "i" }, { rows: 1, fail: moved });
        return "committed";
      }),
    );
    await expect(run).rejects.toThrow("that moved on");
    // BEGIN, the two writes and COMMIT in one message, then the ROLLBACK.
    expect(s.counts.roundTrips - before.roundTrips).toBe(2);
    expect(await s.db.roll.count()).toBe(0);
    // The connection went back to the pool clean: the next transaction commits.
    await s.db.$transaction(
      laneOnly(async (tx: Hot) => void (await insertRolls(tx, [row("next", false)], new Date()))),
    );
    expect(await s.db.roll.count()).toBe(1);
  });

  it("keeps the redelivery record in the handler's transaction: a second delivery writes nothing and stops at its first statement", async () => {
    const s = await fresh();
    let runs = 0;
    // The record rides with the handler's first statement (one round trip): a redelivery fails that statement.
    const handler = (db: typeof s.db) =>
      db.$transaction(
        laneOnly(async (tx: Hot) => void (await insertRolls(tx, [row("once", false)], new Date()), runs++)),
      );
    expect(await inInteraction(s.db, "interaction-1", handler)).toBe(true);
    expect(await inInteraction(s.db, "interaction-1", handler)).toBe(false);
    expect(runs).toBe(1);
    expect(await s.db.roll.count()).toBe(1);
    expect(await s.db.processedInteraction.count()).toBe(1);
  });

  it("runs again a transaction the server ended to break a deadlock, on the lane and in Prisma's own: both commit", async () => {
    const s = await fresh();
    await s.db.processedInteraction.createMany({ data: [{ id: "a" }, { id: "b" }] });
    const lock = (tx: Hot, id: string) =>
      queryRows(tx, Prisma.sql`SELECT "id" FROM "ProcessedInteraction" WHERE "id" = ${id} FOR UPDATE`);
    // Each holds one row, then (on its first run only) asks for the other's: the server ends one of them.
    const meet = () => {
      let arrived = 0;
      let open!: () => void;
      const both = new Promise<void>((r) => (open = r));
      return () => (++arrived === 2 && open(), both);
    };
    for (const kind of ["lane", "prisma"] as const) {
      const met = meet();
      const runs = { ab: 0, ba: 0 };
      const body = (first: string, second: string, key: "ab" | "ba") => async (tx: Hot) => {
        runs[key]++;
        await lock(tx, first);
        if (runs[key] === 1) await met();
        await lock(tx, second);
        return key;
      };
      const go = (f: (tx: Hot) => Promise<string>) =>
        kind === "lane" ? s.db.$transaction(laneOnly(f)) : s.db.$transaction((tx) => f(tx), { timeout: 10_000 });
      expect(await Promise.all([go(body("a", "b", "ab")), go(body("b", "a", "ba"))])).toEqual(["ab", "ba"]);
      // At least one ran again (the server ends one of the two; on a loaded machine a retry may meet the other once more).
      expect(runs.ab + runs.ba).toBeGreaterThanOrEqual(3);
    }
  });
});
