// Two board moves at once leave the live board current (issue 43, point 4): the referee presses Next on the
// board while a typed /next arrives. Whichever lands second, the one board with live buttons is drawn from the
// state both left, inside the encounter's queue, so its Next is never "moved on".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { button, liveBoard, liveBoards, startTable, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable(
    "bx",
    [
      { user: "alice", name: "Tamsin", sheet: "class=fighter level=3 hp=30 ac=2 weapons=sword:1d8" },
      { user: "bob", name: "Wren", sheet: "class=cleric level=3 hp=20 ac=3 weapons=mace:1d6" },
    ],
    { seedPrefix: "race" },
  );
  await h.cmd("referee", "encounter start", { name: "Ogres", monsters: "2 ogres", surprise: false });
  // Discord's answers take their time, as they do over the network: the two moves' board work overlaps.
  h.local.latencyMs = 40;
});
afterAll(async () => h?.stop());

/** The stored round and turn, read past the bot's queue. */
async function stored(): Promise<string> {
  await h.app.bot.router.settled();
  const e = await h.app.services.store.db.encounter.findFirstOrThrow();
  return `${e.round}:${e.turn}`;
}

describe("two board moves at once", () => {
  it("a pressed Next and a typed /next, 8 times: one live board each time, showing the stored round", async () => {
    for (let n = 0; n < 8; n++) {
      const board = await liveBoard(h);
      const next = button(board, /^(Next|Roll initiative|Roll the order)/)!;
      // The press goes first, the typed /next a few milliseconds behind it (0 to 21 ms): both move the round.
      const behind = (n % 4) * 7;
      const got = await Promise.allSettled([
        h.press("referee", board.id, next.id),
        new Promise((r) => setTimeout(r, behind)).then(() => h.cmd("referee", "next")),
      ]);
      expect(
        got.filter((g) => g.status === "fulfilled" && !g.value.ephemeral).length,
        `try ${n}: a move went through`,
      ).toBeGreaterThanOrEqual(1);
      const now = await stored();
      const live = await liveBoard(h);
      expect(liveBoards(h).length, `try ${n}: one live board`).toBe(1);
      // The live board's Next carries the round and turn the store holds: a press on it is not "moved on".
      const ids = live.components.flatMap((r) =>
        (r as { components: { custom_id?: string }[] }).components.map((c) => c.custom_id ?? ""),
      );
      const shown = ids.map((id) => /^next:[^:]+:(\d+):(\d+):/.exec(id)).find(Boolean);
      expect(shown, `try ${n}: the board's Next names its round`).toBeTruthy();
      expect(`${shown![1]}:${shown![2]}`, `try ${n}: the board's round:turn`).toBe(now);
    }
  });
});
