// The hot path's statements on both engines: on SQLite inside a transaction the lane runs
// (src/store/lane.ts), on PostgreSQL through Prisma's raw queries (src/store/hot.ts).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { testServices } from "../helpers/services.js";
import { addRounds, insertPending, pendingById, setState, statesOf, updatePending } from "../../src/store/hot.js";
import { laneOnly } from "../../src/store/lane.js";
import type { Hot } from "../../src/store/client.js";

type S = Awaited<ReturnType<typeof testServices>>;
let s: S;
const inTx = <T>(fn: (tx: Hot) => PromiseLike<T>) => s.store.db.$transaction(laneOnly(async (tx: Hot) => await fn(tx)));

beforeAll(async () => {
  s = await testServices("hot");
  const db = s.store.db;
  await db.campaign.create({
    data: {
      id: "c1",
      guildId: "g",
      channelId: "ch",
      system: "bx",
      name: "Hot",
      creatorId: "u",
      seed: "x",
      seedHash: "h",
      streamState: "{}",
    },
  });
  await db.encounter.create({
    data: { id: "e1", campaignId: "c1", name: "Hall", seed: "x", seedHash: "h", streamState: "{}" },
  });
  await db.character.create({
    data: { id: "k1", campaignId: "c1", ownerId: "u", name: "Dorn", sheet: "{}", state: '{"conditions":["charged"]}' },
  });
  await db.character.create({
    data: { id: "k2", campaignId: "c1", ownerId: "u", name: "Edda", sheet: "{}", state: "{}" },
  });
});
afterAll(async () => s?.cleanup());

describe("the hot path's statements", () => {
  it("addRounds starts a campaign's clock, then adds to it, leaving its state and version", async () => {
    expect(await inTx((tx) => addRounds(tx, "c1", 58))).toBe(58);
    expect(await inTx((tx) => addRounds(tx, "c1", 1))).toBe(59);
    expect(await s.store.db.clock.findUniqueOrThrow({ where: { campaignId: "c1" } })).toMatchObject({
      rounds: 59,
      state: "{}",
      version: 0,
    });
  });

  it("statesOf gives every character's state; setState bumps a sheet's version only when asked", async () => {
    const rows = await inTx((tx) => statesOf(tx, "Character", "c1"));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: "k1", state: '{"conditions":["charged"]}' },
      { id: "k2", state: "{}" },
    ]);
    await inTx((tx) => setState(tx, "Character", "k1", '{"conditions":[]}', true));
    await inTx((tx) => setState(tx, "Character", "k2", '{"hp":3}'));
    const [k1, k2] = await s.store.db.character.findMany({ orderBy: { id: "asc" } });
    expect([k1!.state, k1!.version, k2!.state, k2!.version]).toEqual(['{"conditions":[]}', 1, '{"hp":3}', 0]);
    await expect(inTx((tx) => setState(tx, "Retainer", "nobody", "{}"))).rejects.toThrow(/not in the store/);
  });

  it("updatePending moves an open attack on once per version, and leaves it open only when told", async () => {
    await inTx((tx) =>
      insertPending(
        tx,
        {
          id: "p1",
          encounterId: "e1",
          kind: "attack",
          state: "s0",
          input: "i0",
          channelId: "ch",
          expiresAt: new Date("2026-11-24T12:00:00Z"),
        },
        new Date("2026-11-24T11:59:00Z"),
      ),
    );
    expect(await inTx((tx) => updatePending(tx, "p1", 0, { state: "s1", input: "i1", status: "open" }))).toBe(1);
    expect(await inTx((tx) => updatePending(tx, "p1", 0, { state: "late", input: "late", status: "open" }))).toBe(0); // a repeated press
    expect(await inTx((tx) => updatePending(tx, "p1", 1, { state: "s2", input: "i2" }))).toBe(1);
    expect(await inTx((tx) => updatePending(tx, "p1", 2, { state: "again", input: "again" }))).toBe(0); // done already
    const p = await inTx((tx) => pendingById(tx, "p1"));
    expect(p).toMatchObject({ state: "s2", input: "i2", status: "done", version: 2, messageId: null });
    expect(p!.expiresAt).toEqual(new Date("2026-11-24T12:00:00Z"));
    expect(await inTx((tx) => pendingById(tx, "nope"))).toBeNull();
  });
});
