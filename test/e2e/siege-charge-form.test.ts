// Issue 41, point 5: Castles & Crusades' Charge box reads the foe's name with its number ("Orc 1 40"), in either order.
// Seeds are fixed (seedPrefix siege-form).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { button, liveBoard, startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;

beforeAll(async () => {
  h = await startTable(
    "siege",
    [
      {
        user: "alice",
        name: "Una",
        sheet: "class=fighter level=3 str=14 dex=13 ac=14 hpMax=20 move=30 weapons=longsword:1d8",
      },
      { user: "bob", name: "Bo", sheet: "class=fighter level=2 str=12 ac=13 hpMax=12 move=30 weapons=mace:1d6" },
    ],
    { seedPrefix: "siege-form" },
  );
});
afterAll(() => h?.stop());

describe("Castles & Crusades: the charge box", () => {
  // seed 003, "Charging": "Una the elf announces that she is going to charge an orc … As long as the orc is at least 30
  // feet away, but no more than 60 feet"
  it("takes the example it gives, Orc 1 40, from the box; and 40' Orc 2 or Orc 2, 40 from /declare", async () => {
    await h.cmd("referee", "encounter start", { monsters: "2 orcs, 1 ogre", surprise: false });
    // The answer is the record; the board (with the declaration buttons) is the message below it.
    const start = await liveBoard(h);
    const charge = button(start, /^Charge$/)!;
    const tap = await h.press("alice", start.id, charge.id);
    expect(JSON.stringify(tap.modal)).toContain("e.g. Orc 1 40");
    const box = await h.submit("alice", String(tap.modal!.custom_id), { detail: "Orc 1 40" });
    expect(box.ephemeral, box.message.content ?? "").toBeFalsy();
    expect(text(box.message)).toMatch(/\*\*Una\*\*.*charging.* · declared: Charge/);
    const show = text((await h.cmd("referee", "encounter show")).message);
    expect(show).toMatch(/\*\*Una\*\*.*charging \(−4 AC this round\), the charge is at Orc 1 · declared: Charge/);

    // Bad input says what it could not read, and changes nothing.
    const troll = await h.cmd("bob", "declare", { action: "charge", detail: "Troll 2 40" });
    expect(troll.ephemeral).toBe(true);
    expect(troll.message.content).toBe('"Troll 2" is not the foe charged: choose Ogre, Orc 1, Orc 2.');
    const forty = await h.cmd("bob", "declare", { action: "charge", detail: "Orc 2 forty" });
    expect(forty.ephemeral).toBe(true);
    expect(forty.message.content).toMatch(
      /^Give the distance to the foe \(Bo can charge a foe 30–60 ft away\): a whole number of feet, e.g\. 40\.$/,
    );
    expect(text((await h.cmd("referee", "encounter show")).message)).toMatch(/\*\*Bo\*\* `[^`]*` HP 12\/12\n/);

    // The number first, with feet; then taken back and given again with a comma.
    const first = await h.cmd("bob", "declare", { action: "charge", detail: "40' Orc 2" });
    expect(first.ephemeral, first.message.content ?? "").toBeFalsy();
    expect(text(first.message)).toMatch(/Bo charges Orc 2, 40 ft away\./);
    await h.cmd("bob", "declare", { action: "none" });
    const comma = await h.cmd("bob", "declare", { action: "charge", detail: "Orc 2, 50ft" });
    expect(text(comma.message)).toMatch(/Bo charges Orc 2, 50 ft away\./);
  });

  // seed 003, "Movement in the Combat Round": a move that closes on a foe names it, with the feet moved
  it("a move names the foe it closes on the same way: 20 Orc 1, or Orc 2 15", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    await h.cmd("referee", "next");
    // The referee declares for each, whoever's turn it is (a referee may act out of turn).
    const una = text((await h.cmd("referee", "declare", { action: "move", who: "Una", detail: "20 Orc 1" })).message);
    expect(una).toMatch(/Una moves 20 ft \(4 squares\)[^\n]*\nUna closes within ten feet of Orc 1\./);
    const bo = text((await h.cmd("referee", "declare", { action: "move", who: "Bo", detail: "Orc 2 15" })).message);
    expect(bo).toMatch(/Bo moves 15 ft \(3 squares\)[^\n]*\nBo closes within ten feet of Orc 2\./);
    expect(h.local.validationErrors).toEqual([]);
  });
});
