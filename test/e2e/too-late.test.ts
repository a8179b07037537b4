// An interaction the bot reaches too late to answer (Discord takes the first answer within 3 s)
// applies nothing: no roll logged unseen. SQLite only: the store is held by holding its one
// connection, which is how a bot falls behind on one machine; the check itself is the router's.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  // The bot commits an interaction's work only while it is under 2.2 s old (Discord takes the answer within 3 s).
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx" });
});
afterAll(async () => h?.stop());

describe("an interaction too late to answer", () => {
  it("is not applied: the roll behind a 2.5 s hold is neither answered nor logged; the next one in time is both", async () => {
    const db = h.app.services.store.db;
    // Another transaction holds the store for 2.5 s; the /roll waits behind it and is then 2.5 s old.
    const hold = db.$transaction(async () => new Promise((r) => setTimeout(r, 2500)));
    const late = h.cmd("alice", "roll", { dice: "1d20", reason: "late" }).then(
      () => "answered",
      (e: Error) => e.message,
    );
    await hold;
    expect(await late).toMatch(/deadline/);
    expect(await db.roll.count({ where: { purpose: "late" } })).toBe(0);
    const stream = (await db.campaign.findFirstOrThrow()).streamState;

    const r = await h.cmd("alice", "roll", { dice: "1d20", reason: "in time" });
    expect(r.ephemeral).toBe(false);
    expect(await db.roll.count({ where: { purpose: "in time" } })).toBe(1);
    // The late roll drew nothing from the stream either: the one in time drew its first die.
    expect((await db.campaign.findFirstOrThrow()).streamState).not.toBe(stream);
    expect(await db.roll.findFirstOrThrow({ where: { purpose: "in time" } })).toMatchObject({ streamDraws: 0 });
  });
});
