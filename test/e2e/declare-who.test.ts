// docs/design.md, "The round": a declaration is one or two taps. A player with a character and a retainer in the
// fight taps a declaration on the round's message and is asked, on a message only they see, who declares it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttons, liveBoard, liveBoards, startE2E, text, until, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ seedPrefix: "declare-who" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Marches" });
  await h.cmd("alice", "character create", {
    name: "Eowa",
    sheet: "body=1 charisma=1 hp=9 stamina=3 weapons=sword:1d8",
  });
  await h.cmd("bob", "character create", { name: "Brom", sheet: "hp=8 weapons=axe:1d8" });
  await h.cmd("alice", "retainer hire", { name: "Hob", employer: "Eowa" });
});
afterAll(async () => h?.stop());

describe("a tap on a declaration by a player who controls two", () => {
  // seed 000, "Movement": "declare who will move out of melee this round" — before the order is rolled.
  it("asks who declares it, only the presser sees the question, and the answer goes on the round", async () => {
    const start = await h.cmd("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    // The start is the record; its board follows below it.
    const startBoard = await liveBoard(h);
    const j = await h.cmd("alice", "encounter join", { retainer: "Hob" });
    expect(j.ephemeral, j.message.content ?? "").toBe(false);
    // The join's answer brings the board anew; the start's board is deleted.
    const joined = await liveBoard(h);
    expect(h.local.messages.get(startBoard.id)!.deleted).toBeTruthy();
    const move = buttons(joined).find((b) => /^Move out of melee/.test(b.label))!;
    const ask = await h.press("alice", joined.id, move.id);
    expect(ask.ephemeral).toBe(true);
    expect(ask.message.content).toBe("Who declares Move out of melee (−2 AC)?");
    expect(buttons(ask.message).map((b) => b.label)).toEqual(["Eowa", "Hob"]);
    // Bob controls one: his tap declares at once, as before.
    const bob = await h.press("bob", joined.id, move.id);
    expect(bob.ephemeral).toBeFalsy();
    expect(text(bob.message)).toMatch(/Brom declares Move out of melee/);
    const hob = await h.press("alice", ask.message.id, buttons(ask.message).find((b) => b.label === "Hob")!.id);
    expect(hob.message.content).toMatch(/Hob declares Move out of melee/);
    expect(buttons(hob.message)).toEqual([]);
    // The answer posts to the channel (not only to the presser): the declaration's record, then the board below it.
    const board = await liveBoard(h);
    await until(() => hob.followUps.some((m) => m.id === board.id));
    expect(text(board)).toMatch(/\*\*Hob\*\* [^\n]*declared: Move out of melee/);
    for (const m of hob.followUps) expect((m.flags & 64) === 0).toBe(true);
    const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
    const rows = await h.app.services.store.db.combatant.findMany({ where: { encounterId: e.id } });
    const declared = JSON.parse(e.roundState).declared as Record<string, string[]>;
    expect(
      rows
        .filter((r) => declared[r.id]?.length)
        .map((r) => r.name)
        .sort(),
    ).toEqual(["Brom", "Hob"]);
    // The answer posted the board again below: that is the live one now (the board before is deleted).
    await until(() => !!h.local.messages.get(joined.id)!.deleted);
    // Now only Eowa may: a tap declares for her at once; once she has, a tap says so.
    const eowa = await h.press("alice", board.id, move.id);
    expect(eowa.ephemeral).toBeFalsy();
    expect(text(eowa.message)).toMatch(/Eowa declares Move out of melee/);
    expect(buttons(eowa.message).map((b) => b.label)).toEqual(["Roll initiative ▶"]);
    // The tap edited the board in place: one board in the channel, and the start's record never had buttons.
    expect(eowa.message.id).toBe(board.id);
    expect(liveBoards(h).map((m) => m.id)).toEqual([board.id]);
    expect(buttons(start.message)).toEqual([]);
  });

  it("a question answered after the order is rolled changes nothing", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
    await h.cmd("alice", "encounter join", { retainer: "Hob" });
    const board = await liveBoard(h);
    const again = await h.press("alice", board.id, buttons(board).find((b) => /^Move out of melee/.test(b.label))!.id);
    expect(buttons(again.message).map((b) => b.label)).toEqual(["Eowa", "Hob"]);
    await h.cmd("referee", "initiative");
    const late = await h.press("alice", again.message.id, buttons(again.message).find((b) => b.label === "Eowa")!.id);
    expect(late.ephemeral).toBe(true);
    expect(late.message.content).toMatch(/That button belongs to an earlier round/);
    const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
    expect(JSON.parse(e.roundState).declared ?? {}).toEqual({});
  });
});
