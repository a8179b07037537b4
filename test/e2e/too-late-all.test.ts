// Nothing is applied unanswered, whatever the command (issue 43, point 3): a typed command, a board press
// and a form held past the moment their answer could reach Discord roll back, as /roll and /attack do.
// The store is held by another transaction, the way a bot falls behind on one machine (SQLite's one writer).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { button, liveBoard, startTable, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  // The bot commits an interaction's work only while it is under 2.2 s old (Discord takes the answer within 3 s).
  h = await startTable(
    "bx",
    [{ user: "alice", name: "Tamsin", sheet: "class=fighter level=2 hp=12 ac=4 weapons=sword:1d8" }],
    { seedPrefix: "late" },
  );
  await h.cmd("referee", "encounter start", { name: "Goblins", monsters: "3 goblins", surprise: false });
});
afterAll(async () => h?.stop());

/** Runs `act` while another transaction holds the store for 2.5 s; what the user got back. */
async function heldPast(act: () => Promise<unknown>): Promise<string> {
  const db = h.app.services.store.db;
  const hold = db.$transaction(async () => new Promise((r) => setTimeout(r, 2500)));
  const got = act().then(
    (r) => `answered: ${JSON.stringify(r)}`,
    (e: Error) => e.message,
  );
  await hold;
  await h.app.bot.router.settled();
  return got;
}

const goblin3 = async () =>
  (
    JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Goblin 3" } })).state) as {
      hp: number;
    }
  ).hp;
/** The round as stored (the board's own message id aside, which the bot records after its answer). */
const encounterRow = async () => {
  await h.app.bot.router.settled();
  const { round, turn, order, roundState, streamState } = await h.app.services.store.db.encounter.findFirstOrThrow();
  return JSON.stringify({ round, turn, order, roundState, streamState });
};

describe("nothing applied unanswered", () => {
  it("/damage held past the deadline deals nothing; the same command in time deals its damage once", async () => {
    const hp = await goblin3();
    expect(await heldPast(() => h.cmd("referee", "damage", { target: "Goblin 3", amount: 1 }))).toMatch(/deadline/);
    expect(await goblin3()).toBe(hp);
    const r = await h.cmd("referee", "damage", { target: "Goblin 3", amount: 1 });
    expect(r.ephemeral, r.message.content ?? "").toBe(false);
    expect(await goblin3()).toBe(hp - 1);
  });

  it("a board press held past the deadline rolls no initiative; pressed again in time, it does", async () => {
    const before = await encounterRow();
    const board = await liveBoard(h);
    const roll = button(board, "Roll initiative")!;
    expect(await heldPast(() => h.press("referee", board.id, roll.id))).toMatch(/deadline/);
    expect(await encounterRow()).toBe(before);
    const again = await liveBoard(h);
    await h.press("referee", again.id, button(again, "Roll initiative")!.id);
    expect(await encounterRow()).not.toBe(before);
  });

  it("/condition held past the deadline marks nothing", async () => {
    const marks = async () =>
      (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Goblin 1" } })).state;
    const before = await marks();
    expect(await heldPast(() => h.cmd("referee", "condition add", { target: "Goblin 1", condition: "held" }))).toMatch(
      /deadline/,
    );
    expect(await marks()).toBe(before);
    const r = await h.cmd("referee", "condition add", { target: "Goblin 1", condition: "held" });
    expect(r.ephemeral, r.message.content ?? "").toBe(false);
    expect(await marks()).not.toBe(before);
  });
});
