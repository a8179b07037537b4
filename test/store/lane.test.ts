import { describe, it, expect, afterEach } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../src/store/client.js";
import { insertRolls, rollById } from "../../src/store/hot.js";
import { markProcessed } from "../../src/store/processed.js";
import { laneOf } from "../../src/store/lane.js";

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
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
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
    const ids = await s.db.$transaction((tx) => insertRolls(tx, [row("first", true), row("second", false)], at));
    expect(ids).toHaveLength(2);
    const viaPrisma = await s.db.roll.findUniqueOrThrow({ where: { id: ids[0]! } });
    expect(viaPrisma.createdAt.toISOString()).toBe("2026-11-24T10:00:00.123Z");
    expect(viaPrisma.hidden).toBe(true);
    const viaLane = await s.db.$transaction((tx) => rollById(tx, ids[0]!));
    expect(viaLane).toEqual(viaPrisma);
    expect(viaLane!.createdAt).toBeInstanceOf(Date);
    expect(typeof viaLane!.id).toBe("number");
    expect(await s.db.$transaction((tx) => rollById(tx, ids[1]!))).toMatchObject({ hidden: false, purpose: "second", streamDraws: 1 });
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
