// DESIGN.md, "The round": a declaration is one or two taps. A player with a character and a retainer in the
// fight taps a declaration on the round's message and is asked, on a message only they see, who declares it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttons, startE2E, text, until, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ seedPrefix: "declare-who" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Marches" });
  await h.cmd("alice", "character create", { name: "Eowa", sheet: "body=1 charisma=1 hp=9 stamina=3 weapons=sword:1d8" });
  await h.cmd("bob", "character create", { name: "Brom", sheet: "hp=8 weapons=axe:1d8" });
  await h.cmd("alice", "retainer hire", { name: "Hob", employer: "Eowa" });
});
afterAll(async () => h?.stop());

describe("a tap on a declaration by a player who controls two", () => {
  // seed 000, "Movement": "declare who will move out of melee this round" — before the order is rolled.
  it("asks who declares it, only the presser sees the question, and the answer goes on the round", async () => {
    const start = await h.cmd("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    const j = await h.cmd("alice", "encounter join", { retainer: "Hob" });
    const move = buttons(j.message).find((b) => /^Move out of melee/.test(b.label))!;
    const ask = await h.press("alice", j.message.id, move.id);
    expect(ask.ephemeral).toBe(true);
    expect(ask.message.content).toBe("Who declares Move out of melee (−2 AC)?");
    expect(buttons(ask.message).map((b) => b.label)).toEqual(["Eowa", "Hob"]);
    // Bob controls one: his tap declares at once, as before.
    const bob = await h.press("bob", j.message.id, move.id);
    expect(bob.ephemeral).toBeFalsy();
    expect(text(bob.message)).toMatch(/Brom declares Move out of melee/);
    const hob = await h.press("alice", ask.message.id, buttons(ask.message).find((b) => b.label === "Hob")!.id);
    expect(hob.message.content).toMatch(/Hob declares Move out of melee/);
    expect(buttons(hob.message)).toEqual([]);
    await until(() => hob.followUps.length === 1);
    expect(text(hob.followUps[0]!)).toMatch(/\*\*Hob\*\* [^\n]*declared: Move out of melee/);
    expect((hob.followUps[0]!.flags & 64) === 0).toBe(true);
    const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
    const rows = await h.app.services.store.db.combatant.findMany({ where: { encounterId: e.id } });
    const declared = JSON.parse(e.roundState).declared as Record<string, string[]>;
    expect(rows.filter((r) => declared[r.id]?.length).map((r) => r.name).sort()).toEqual(["Brom", "Hob"]);
    // The answer posted the board again below: that is the live one now (the join's lost its buttons).
    const board = hob.followUps[0]!;
    await until(() => buttons(j.message).length === 0);
    // Now only Eowa may: a tap declares for her at once; once she has, a tap says so.
    const eowa = await h.press("alice", board.id, move.id);
    expect(eowa.ephemeral).toBeFalsy();
    expect(text(eowa.message)).toMatch(/Eowa declares Move out of melee/);
    expect(buttons(eowa.message).map((b) => b.label)).toEqual(["Roll initiative ▶"]);
    // The start's message, older, lost its buttons when the join's board came: the newest board works.
    expect(buttons(start.message)).toEqual([]);
  });

  it("a question answered after the order is rolled changes nothing", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
    const j = await h.cmd("alice", "encounter join", { retainer: "Hob" });
    const again = await h.press("alice", j.message.id, buttons(j.message).find((b) => /^Move out of melee/.test(b.label))!.id);
    expect(buttons(again.message).map((b) => b.label)).toEqual(["Eowa", "Hob"]);
    await h.cmd("referee", "initiative");
    const late = await h.press("alice", again.message.id, buttons(again.message).find((b) => b.label === "Eowa")!.id);
    expect(late.ephemeral).toBe(true);
    expect(late.message.content).toMatch(/That button belongs to an earlier round/);
    const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
    expect(JSON.parse(e.roundState).declared ?? {}).toEqual({});
  });
});
