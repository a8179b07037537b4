import { describe, it, expect, afterEach } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/client.js";
import { insertRolls, rollById, updatePending } from "../../src/store/hot.js";
import { inInteraction, markProcessed } from "../../src/store/processed.js";
import { laneOf, laneOnly } from "../../src/store/lane.js";
import type { Hot, Tx } from "../../src/store/client.js";

const dirs: string[] = [];
const stores: Store[] = [];
async function fresh(): Promise<Store> {
  const d = mkdtempSync(join(tmpdir(), "tenfoot-lane-"));
  dirs.push(d);
  const s = await openStore(`file:${join(d, "t.db")}`);
  stores.push(s);
  return s;
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

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

describe("the SQLite lane inside a transaction", () => {
  it("gives a transaction a lane, and nothing outside one", async () => {
    const s = await fresh();
    expect(laneOf(s.db)).toBeUndefined();
    await s.db.$transaction(async (tx) => expect(laneOf(tx)).toBeDefined());
  });

  it("writes rows Prisma reads back the same, and reads them as Prisma's models type them", async () => {
    const s = await fresh();
    const at = new Date("2026-11-24T10:00:00.123Z");
    const ids = await s.db.$transaction(async (tx) =>
      (await insertRolls(tx, [row("first", true), row("second", false)], at)).map((r) => r.id),
    );
    expect(ids).toHaveLength(2);
    const viaPrisma = await s.db.roll.findUniqueOrThrow({ where: { id: ids[0]! } });
    expect(viaPrisma.createdAt.toISOString()).toBe("2026-11-24T10:00:00.123Z");
    expect(viaPrisma.hidden).toBe(true);
    const viaLane = await s.db.$transaction((tx) => rollById(tx, ids[0]!));
    expect(viaLane).toEqual(viaPrisma);
    expect(viaLane!.createdAt).toBeInstanceOf(Date);
    expect(typeof viaLane!.id).toBe("number");
    expect(await s.db.$transaction((tx) => rollById(tx, ids[1]!))).toMatchObject({
      hidden: false,
      purpose: "second",
      streamDraws: 1,
    });
  });

  it("rolls the lane's writes back with the transaction that failed", async () => {
    const s = await fresh();
    await expect(
      s.db.$transaction(async (tx) => {
        await markProcessed(tx, "lost");
        await insertRolls(tx, [row("lost", false)], new Date());
        throw new Error("the handler failed");
      }),
    ).rejects.toThrow("the handler failed");
    expect(await s.db.processedInteraction.count()).toBe(0);
    expect(await s.db.roll.count()).toBe(0);
  });

  it("keeps SQLite's page cache at 4 MiB, not better-sqlite3's 16 (the bot's memory stays flat as the file grows)", async () => {
    const s = await fresh();
    const rows = await s.db.$queryRawUnsafe<{ cache_size: number | bigint }[]>("PRAGMA cache_size");
    expect(Number(rows[0]!.cache_size)).toBe(-4000);
  });

  it("counts its statements with the store's", async () => {
    const s = await fresh();
    const before = s.counts.statements;
    await s.db.$transaction(async (tx) => {
      expect(await markProcessed(tx, "once")).toBe(true);
      expect(await markProcessed(tx, "once")).toBe(false);
    });
    // BEGIN, two inserts, COMMIT
    expect(s.counts.statements - before).toBe(4);
  });
});

describe("a laneOnly transaction: the lane opens and commits it itself", () => {
  const traced = (s: Store) => {
    const seen: string[] = [];
    s.counts.trace = (sql) => void seen.push(sql.split(" ").slice(0, 3).join(" "));
    return seen;
  };

  it("runs BEGIN, the lane's statements and COMMIT on the connection, counted as one transaction", async () => {
    const s = await fresh();
    const seen = traced(s);
    const before = { ...s.counts };
    const ids = await s.db.$transaction(
      laneOnly(async (tx: Hot) => {
        expect(laneOf(tx)).toBeDefined();
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

  it("rolls back when its callback throws, and when the callback reaches for Prisma", async () => {
    const s = await fresh();
    const seen = traced(s);
    await expect(
      s.db.$transaction(
        laneOnly(async (tx: Hot) => {
          await insertRolls(tx, [row("lost", false)], new Date());
          throw new Error("the handler failed");
        }),
      ),
    ).rejects.toThrow("the handler failed");
    await expect(
      s.db.$transaction(
        laneOnly(async (tx: Hot) => {
          await insertRolls(tx, [row("lost too", false)], new Date());
          return (tx as Tx).roll.count();
        }),
      ),
    ).rejects.toThrow("a laneOnly transaction runs only the lane's statements (src/store/hot.ts), not Prisma's roll");
    expect(seen.filter((x) => !x.startsWith("INSERT"))).toEqual(["BEGIN", "ROLLBACK", "BEGIN", "ROLLBACK"]);
    expect(await s.db.roll.count()).toBe(0);
  });

  it("takes its turn with Prisma's interactive transactions: one open on the connection at a time", async () => {
    const s = await fresh();
    const seen = traced(s);
    const prisma = s.db.$transaction(async (tx) => {
      await markProcessed(tx, "prisma");
      await new Promise((r) => setTimeout(r, 30)); // holds the connection across an await, as a handler does
      await markProcessed(tx, "prisma again");
    });
    await new Promise((r) => setTimeout(r, 5));
    const lane = s.db.$transaction(laneOnly(async (tx: Hot) => markProcessed(tx, "lane")));
    const after = s.db.$transaction(async (tx) => markProcessed(tx, "after"));
    expect(await Promise.all([prisma, lane, after])).toEqual([undefined, true, true]);
    // Without the turns the lane's BEGIN would come inside Prisma's transaction and fail.
    expect(seen.filter((x) => x === "BEGIN" || x === "COMMIT")).toEqual([
      "BEGIN",
      "COMMIT",
      "BEGIN",
      "COMMIT",
      "BEGIN",
      "COMMIT",
    ]);
    expect(await s.db.processedInteraction.count()).toBe(4);
  });

  it("keeps the redelivery record in the handler's transaction: a second delivery runs nothing", async () => {
    const s = await fresh();
    let runs = 0;
    const handler = (db: typeof s.db) =>
      db.$transaction(
        laneOnly(async (tx: Hot) => void (runs++, await insertRolls(tx, [row("once", false)], new Date()))),
      );
    expect(await inInteraction(s.db, "interaction-1", handler)).toBe(true);
    expect(await inInteraction(s.db, "interaction-1", handler)).toBe(false);
    expect(runs).toBe(1); // the second found the record first and stopped there
    expect(await s.db.roll.count()).toBe(1);
    expect(await s.db.processedInteraction.count()).toBe(1);
  });

  it("runs a write kept for later at once, and a failed check fails the transaction with its error: nothing is written", async () => {
    const s = await fresh();
    const run = s.db.$transaction(
      laneOnly(async (tx: Hot) => {
        const logged = insertRolls(tx, [row("never", false)], new Date(), { campaignId: "none" });
        expect((await logged)[0]).toMatchObject({ before: 0 }); // already there: SQLite answers at once
        updatePending(tx, "nobody", 0, { state: "s", input: "i" }, { rows: 1, fail: () => new Error("that moved on") });
        return "committed";
      }),
    );
    await expect(run).rejects.toThrow("that moved on");
    expect(await s.db.roll.count()).toBe(0);
  });
});
