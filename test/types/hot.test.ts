// Compile-time checks, run by `npx tsc --noEmit -p tsconfig.json` (tsconfig includes test/): the
// hot path's transactions (`laneOnly`: /roll, /attack, a press, /declare, /next) get a client that
// only the hot statements accept, so a Prisma call inside one must keep failing to compile.
import { describe, expect, it } from "vitest";
import type { Db, Hot, Tx } from "../../src/store/client.js";
import { laneOnly } from "../../src/store/lane.js";
import { activeEncounter, insertRolls } from "../../src/store/hot.js";
import { loadFight } from "../../src/play/encounters/load.js";

// A hot statement, and play's hot readers, take it.
const body = laneOnly(async (tx: Hot) => {
  await activeEncounter(tx, "campaign");
  return insertRolls(tx, [], new Date());
});
// Any client is one a hot statement runs on.
const anyClient = (db: Db, tx: Tx): Hot[] => [db, tx];

const prismaInside = laneOnly(async (tx: Hot) => {
  // @ts-expect-error Prisma's model calls are not on the hot path's client
  return tx.roll.count();
});
const rawInside = laneOnly(async (tx: Hot) => {
  // @ts-expect-error nor are Prisma's own raw queries (they would bypass the lane)
  return tx.$queryRawUnsafe("SELECT 1");
});
// @ts-expect-error a function written against Prisma's transaction does not take the hot client
const wrongReader = laneOnly(async (tx: Hot) => ((t: Tx) => t.encounter.findFirst())(tx));

describe("the hot path's client", () => {
  it("is what laneOnly bodies get, and what the hot statements and readers take", () => {
    expect(
      [body, anyClient, prismaInside, rawInside, wrongReader, loadFight].every((f) => typeof f === "function"),
    ).toBe(true);
  });
});
