// Ten dungeon turns of The Third Age through the local Discord: a torch burns down (a warning the turn
// before, then darkness), then turns until a wandering monster from the table, and its "Start encounter" button.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, until, liveBoard, type E2E } from "../helpers/e2e.js";
import type { Reply } from "../../src/local/types.js";

let h: E2E;
let wandering: Reply;
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "charisma=1 hp=10" });
  await h.cmd("bob", "character create", { name: "Brom", sheet: "hp=8" });
});
afterAll(async () => h?.stop());

describe("a dungeon session, end to end", () => {
  it("the referee sets the wandering table and supplies; players may not", async () => {
    const no = await h.cmd("alice", "dungeon set", { table: "1 ogre" });
    expect(no.ephemeral).toBe(true);
    expect(no.message.content).toMatch(/Only a referee/);
    const bad = await h.cmd("referee", "dungeon set", { table: "2d4 dragons" });
    expect(bad.message.content).toMatch(/not one of The Third Age's presets/);
    const set = await h.cmd("referee", "dungeon set", { table: "2d4 goblins; 1 ogre", rations: 6, water: 6 });
    expect(text(set.message)).toMatch(/Wandering table \(1d2\): 1\. 2d4 goblins · 2\. 1 ogre/);
    expect(text(set.message)).toMatch(/Supplies: rations 6 · water 6/);
  });

  it("Alda lights a torch: 6 turns (the campaign's torchTurns)", async () => {
    const lit = await h.cmd("alice", "dungeon light", { action: "light" });
    expect(text(lit.message)).toMatch(/^Alda lights a torch: 6 turns of light\./);
    expect(text(lit.message)).toMatch(/Alda's torch: 6 turns left, burning/);
    const theirs = await h.cmd("bob", "dungeon light", { action: "out", holder: "Alda" });
    expect(theirs.ephemeral).toBe(true);
  });

  it("ten turns: the torch warns on turn 5, goes out on turn 6, and it is dark", async () => {
    // seed e2e-1 (the campaign's): the ten 1-in-6 checks roll 4, 5, 6, 3, 4, 6, 6, 5, 3, 6 — nothing comes.
    const checks: number[] = [];
    const texts: string[] = [];
    for (let t = 1; t <= 10; t++) {
      const r = await h.cmd("referee", "dungeon turn", { action: t % 2 ? "search, listen" : "move" });
      const s = text(r.message);
      texts.push(s);
      expect(s).toMatch(new RegExp(`^Turn ${t}\\n`));
      checks.push(Number(/wandering-monster check 1d6 \[(\d)\]/.exec(s)![1]));
      expect(buttons(r.message)).toEqual([]);
    }
    expect(checks).toEqual([4, 5, 6, 3, 4, 6, 6, 5, 3, 6]);
    expect(texts[0]).toMatch(/Declared: search, listen\./);
    expect(texts[3]).toMatch(/Alda's torch: 2 turns left, burning/);
    expect(texts[4]).toMatch(/⚠️ Alda's torch gutters: it goes out within the next turn\./);
    expect(texts.filter((s) => /gutters/.test(s)).length).toBe(1);
    expect(texts[5]).toMatch(
      /Alda's torch goes out\.\n🌑 Darkness: the last light has gone out\.\nHour 1 of the expedition is over\./,
    );
    expect(texts[9]).toMatch(/Time: Turn 10 · 1 hour and 4 turns elapsed \(600 rounds\)/);
    expect(texts[9]).toMatch(/No light is burning: the party is in darkness/);
  });

  it("status shows time, light, supplies and the next check to anyone", async () => {
    const st = text((await h.cmd("bob", "dungeon status")).message);
    expect(st).toMatch(/Time: Turn 10 · 1 hour and 4 turns elapsed/);
    expect(st).toMatch(/Next wandering check: Turn 11 \(every 1 turn, 1 in 6\)/);
    expect(st).toMatch(/Declared lately: Turn 8: move\nTurn 9: search, listen\nTurn 10: move/);
  });

  it("more turns stop at a wandering monster: the table, its reaction, and the button", async () => {
    const lantern = await h.cmd("bob", "dungeon light", { action: "light", kind: "lantern" });
    expect(text(lantern.message)).toMatch(/^Brom lights a lantern with a flask of oil: 24 turns of light\./);
    wandering = await h.cmd("referee", "dungeon turn", { turns: 30 });
    const t = text(wandering.message);
    // seed e2e-1: checks 3, 5, 6, 3, then 1 on turn 15; the table's 1d2 = 1 → 2d4 (4, 3) = 7 goblins;
    // reaction 2d10 [3, 7] + Alda's Charisma 1 = 11.
    expect(t).toMatch(/^Turns 11–15: wandering monster on turn 15!/);
    expect(t).toMatch(
      /Turn 15: wandering-monster check 1d6 \[1\] = 1 → 1: roll on the random-encounter table, then a reaction roll\. Wandering table 1d2 = 1: 2d4 goblins\. Number appearing 2d4 \(4, 3\) = 7\./,
    );
    expect(t).toMatch(/⏸️ Advancing stopped on turn 15: a wandering monster came\. 25 turns not passed/);
    expect(t).toMatch(/Brom's lantern: 19 turns left, burning/);
    expect(t).toMatch(
      /Wandering monster: 7 goblins \(rolled 2d4: 7\)\nThe referee may start the encounter with the button\./,
    );
    expect(t).toMatch(/Reaction roll 2d10 \[3, 7\] \+1 = 11 \(Alda's Charisma \+1\)\n11: Neutral, Suspicious/);
    expect(buttons(wandering.message).map((b) => b.label)).toEqual(["Start encounter"]);
  });

  it("only the referee starts it; presses at once start one encounter, and the button goes away", async () => {
    const b = buttons(wandering.message)[0]!;
    const no = await h.press("mallory", wandering.message.id, b.id);
    expect(no.ephemeral).toBe(true);
    expect(no.message.content).toMatch(/Only a referee/);
    const all = await Promise.all(Array.from({ length: 5 }, () => h.press("referee", wandering.message.id, b.id)));
    const started = all.filter((r) => !r.ephemeral);
    expect(started.length).toBe(1);
    expect(all.filter((r) => r.ephemeral).every((r) => /started already|same moment/.test(r.message.content))).toBe(
      true,
    );
    const yes = started[0]!;
    expect(buttons(yes.message)).toEqual([]);
    // The start's record, then the encounter's board below it, with its buttons (issue 41: what the start says is in one or the other).
    const board = await liveBoard(h);
    await until(() => yes.followUps.length === 2);
    expect(yes.followUps[1]!.id).toBe(board.id);
    expect(buttons(board).map((b) => b.label)).toContain("Roll initiative ▶");
    const enc = yes.followUps.map(text).join("\n");
    expect(enc).toMatch(/Encounter started: Wandering 7 goblins \(turn 15\)/);
    // The start says how many came and how.
    expect(enc).toMatch(/They come: 7 goblins \(rolled 2d4: 7, at the wandering check\)\./);
    expect(enc).toMatch(/Their reaction \(rolled at the wandering check\): Neutral, Suspicious\./);
    expect(enc).toMatch(/Goblin 7/);
    expect(await h.app.services.store.db.encounter.count()).toBe(1);
    const turn = await h.cmd("referee", "dungeon turn");
    expect(turn.message.content).toMatch(/End it with \/encounter end/);
    expect(h.local.validationErrors).toEqual([]);
  });

  // seed 000, "Random Encounters": "every turn to every three turns"; a turn between checks rolls nothing.
  it("a turn between checks shows no Dice field; the turn with the check shows its die", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "campaign set", { option: "wanderingEvery", value: "2" });
    const [a, b] = [
      text((await h.cmd("referee", "dungeon turn")).message),
      text((await h.cmd("referee", "dungeon turn")).message),
    ];
    const [none, check] = /checks come every 2 turns/.test(a) ? [a, b] : [b, a];
    expect(none).toMatch(/checks come every 2 turns; next on turn \d+/);
    expect(none).not.toMatch(/Dice:/);
    expect(check).toMatch(/Dice: wandering monster: 1d6 \(\d\)/);
  });

  it("a wandering monster left behind: a press after the next turn takes the button away and says why", async () => {
    await h.cmd("referee", "dungeon set", { table: "1 ogre", chance: 6, interval: 1 });
    const came = await h.cmd("referee", "dungeon turn");
    expect(buttons(came.message).map((b) => b.label)).toEqual(["Start encounter"]);
    await h.cmd("referee", "dungeon set", { chance: 0 });
    await h.cmd("referee", "dungeon turn");
    const late = await h.press("referee", came.message.id, buttons(came.message)[0]!.id);
    await until(() => late.followUps.length === 1);
    expect(late.followUps[0]!.content).toMatch(
      /^A later dungeon turn has passed since this wandering monster came, so it no longer waits: nothing was changed/,
    );
    expect((late.followUps[0]!.flags & 64) === 64).toBe(true);
    expect(buttons(h.local.messages.get(came.message.id)!)).toEqual([]);
    expect(await h.app.services.store.db.encounter.count({ where: { status: "active" } })).toBe(0);
  });
});
