// "… to act" is true (issue 41, point 4): the board's title names only those who can act now. Not who has
// attacked at this place, who is down, who is surprised in the first round; a long list says how many more.
import { afterAll, describe, expect, it } from "vitest";
import { button, liveBoard, startTable, type E2E } from "../helpers/e2e.js";
import type { StoredMessage } from "../../src/local/types.js";

const title = (m: StoredMessage) => String((m.embeds?.[0] as { title?: string } | undefined)?.title ?? "");

describe("the board's '… to act' line", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  it("six goblins to act read as three names and how many more; the surprised and the fallen are left out", async () => {
    h = await startTable(
      "bx",
      [
        { user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=30 ac=2 weapons=sword:1d8" },
        { user: "bob", name: "Dorn", sheet: "class=fighter level=2 str=13 hp=25 ac=3 weapons=axe:1d8" },
      ],
      { seedPrefix: "to-act" },
    );
    await h.cmd("referee", "encounter start", { name: "Warren", monsters: "6 goblins", surprise: false });
    // seed 002, "Surprise": the surprised cannot act in the first round. The referee marks Dorn surprised.
    const marked = await h.cmd("referee", "condition add", { target: "Dorn", condition: "surprised" });
    expect(marked.ephemeral, marked.message.content ?? "").toBe(false);
    let board = await liveBoard(h);
    await h.press("referee", board.id, button(board, "Roll initiative")!.id);
    board = await liveBoard(h);
    const db = h.app.services.store.db;
    const seen: string[] = [];
    for (let step = 0; step < 6 && seen.length < 2; step++) {
      const t = title(board);
      expect(t, "Dorn is surprised in round 1").not.toMatch(/Dorn/);
      if (/Goblin/.test(t)) {
        expect(t).toMatch(/round 1 · Goblin 1, Goblin 2, Goblin 3 and 3 more to act$/);
        seen.push("foes");
        // A goblin falls: it leaves the line.
        await h.cmd("referee", "damage", { target: "Goblin 2", amount: 20 });
        board = await liveBoard(h);
        expect(title(board)).toMatch(/round 1 · Goblin 1, Goblin 3, Goblin 4 and 2 more to act$/);
        await h.press("referee", board.id, button(board, /^Next/)!.id);
      } else if (/Una/.test(t)) {
        expect(t).toMatch(/round 1 · Una to act$/);
        seen.push("party");
        const a = await h.cmd("alice", "attack", { target: "Goblin 1" });
        expect(a.ephemeral, a.message.content ?? "").toBe(false);
        // Una has attacked: she is no longer to act, and the turn passed on (or everyone has acted).
        board = await liveBoard(h);
        expect(title(board)).not.toMatch(/Una/);
        continue;
      }
      board = await liveBoard(h);
    }
    expect(seen.sort()).toEqual(["foes", "party"]);
    const e = await db.encounter.findFirstOrThrow({ where: { status: "active" } });
    expect(e.round).toBe(1);
  });
});
