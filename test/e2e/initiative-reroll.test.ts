// Issue 41, point 5: /initiative on a round whose order is already rolled does not roll it again by itself; the
// referee asks for it with reroll:true, and the board says so. Seeds are fixed (seedPrefix reroll).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveBoard, startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;

beforeAll(async () => {
  h = await startTable(
    "bx",
    [
      { user: "alice", name: "Dorn", sheet: "class=fighter level=3 hp=20 ac=4 weapons=sword:1d8" },
      { user: "bob", name: "Mira", sheet: "class=magic-user level=3 hp=9 ac=9 weapons=dagger:1d4" },
    ],
    { seedPrefix: "reroll" },
  );
});
afterAll(() => h?.stop());

/** The live board's text (the roster and whose turn): it follows an answer that rolled something (the record). */
const board = async () => text(await liveBoard(h));
const order = (board: string) =>
  [...board.matchAll(/#(\d+) \*\*([^*]+)\*\*/g)].map((m) => `${m[1]} ${m[2]}`).join(", ");

describe("/initiative once the order is rolled", () => {
  // seed 002, "Initiative": "Roll 1d6: For each side at the start of each round"
  it("rolls the order while declaring, as before; a second /initiative is refused with what to do, and nothing changes", async () => {
    await h.cmd("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const first = await h.cmd("referee", "initiative");
    expect(first.ephemeral).toBeFalsy();
    const rolled = text(first.message);
    expect(rolled).toMatch(/Party 3 · Foes 4\nFoes act first\./);
    // The answer is the record of the order rolled; the board below it says whose turn it is.
    expect(await board()).toMatch(/round 1 · Goblin 1, Goblin 2 to act/);
    const before = order(text((await h.cmd("referee", "encounter show")).message));
    expect(before).not.toBe("");

    const again = await h.cmd("referee", "initiative");
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toBe(
      "Round 1's order is already rolled (Foes, then Party). To roll it again, repeat with `reroll:true`; /next moves on to the next turn.",
    );
    const after = text((await h.cmd("referee", "encounter show")).message);
    expect(order(after)).toBe(before);
    expect(after).toMatch(/round 1 · Goblin 1, Goblin 2 to act/);
    // A player's /initiative is the referee's to make, as before.
    expect((await h.cmd("alice", "initiative")).ephemeral).toBe(true);
  });

  it("reroll:true rolls it again, and the board says the referee did", async () => {
    await h.cmd("referee", "next");
    const r = await h.cmd("referee", "initiative", { reroll: true });
    expect(r.ephemeral).toBeFalsy();
    // The answer is the record (the dice and the note); the board below it says whose turn it is.
    const record = text(r.message);
    expect(record).toMatch(/Initiative, round 1\nParty 1 · Foes 6\n/);
    expect(record).toMatch(
      /The referee rolls round 1's order again: Foes, then Party\. What was done this round stands\./,
    );
    // The order starts again from its first place.
    expect(await board()).toMatch(/round 1 · Goblin 1, Goblin 2 to act/);
    // The next round: its order is rolled without asking when the referee starts it (no declare step between rounds)…
    await h.cmd("referee", "next");
    expect(text((await h.cmd("referee", "next")).message)).toMatch(/round 1 · everyone has acted/);
    const two = await h.cmd("referee", "next");
    expect(two.ephemeral).toBeFalsy();
    expect(text(two.message)).toMatch(/Round 2: act in order\./);
    // …and once rolled, a second /initiative is refused there too.
    const again = await h.cmd("referee", "initiative");
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toMatch(
      /^Round 2's order is already rolled \(.+\)\. To roll it again, repeat with `reroll:true`; \/next moves on to the next turn\.$/,
    );
    expect(h.local.validationErrors).toEqual([]);
  });
});
