// Issue 32, point 2: roll calls that cannot be confused. A call keys its slots by character
// (a rename or a namesake cannot move a slot), rolls and records in one step (a double
// press rolls once; a slot left half taken by a crash can be rolled), shows a hidden call's
// results only to a referee of its own campaign, refuses up front what no one could roll, and
// never posts more buttons than a Discord message holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, buttons, text, until, type E2E } from "../helpers/e2e.js";
import { targetsCodec } from "../../src/play/codecs/rollcall.js";

const SHEET = "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=sword:1d8";
const many = Array.from({ length: 21 }, (_, i) => `p${i + 1}`);
let h: E2E;
beforeAll(async () => {
  h = await startE2E({ users: ["referee", "alice", "bob", "carol", "mallory", ...many] });
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("alice", "character create", {
    name: "Mira",
    sheet: "class=cleric level=2 wis=15 hp=9 ac=5 thac0=19 weapons=mace:1d6",
  });
  await h.cmd("bob", "character create", { name: "Dorn", sheet: SHEET });
});
afterAll(() => h?.stop());

const db = () => h.app.services.store.db;
const saves = () => db().roll.count({ where: { purpose: { startsWith: "save" } } });
const ephemeralFor = (interactionId: string) => () =>
  h.local
    .channelMessages(h.channelId)
    .find((m) => m.interaction_metadata?.id === interactionId && (m.flags & 64) === 64);
async function answerTo(p: { interactionId: string }): Promise<string> {
  await until(() => !!ephemeralFor(p.interactionId)());
  const m = ephemeralFor(p.interactionId)()!;
  return m.content || text(m);
}

describe("roll calls, hardened", () => {
  it("a B/X save called without its kind is refused at once, not with buttons that all refuse", async () => {
    const before = await db().rollCall.count();
    const r = await h.cmd("referee", "save", { players: "party" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(
      /Say which saving throw: death, wands, paralysis, breath, spells\. Nothing was asked/,
    );
    expect(await db().rollCall.count()).toBe(before);
    const ok = await h.cmd("referee", "save", { players: "party", kind: "death" });
    expect(buttons(ok.message).map((b) => b.label)).toEqual(["Roll: Mira", "Roll: Dorn"]);
  });

  it("a slot is the character's, not its name's: after a rename and a namesake, the owner's press rolls the owner's character", async () => {
    const call = await h.cmd("referee", "save", { players: "Dorn", kind: "spells" });
    const [slot] = buttons(call.message);
    expect((await h.cmd("bob", "character edit", { name: "Dorn", rename: "Brand" })).ephemeral).toBe(false);
    expect((await h.cmd("carol", "character create", { name: "Dorn", sheet: SHEET })).ephemeral).toBe(false);

    const refused = await h.press("carol", call.message.id, slot!.id);
    expect(await answerTo(refused)).toMatch(/That button is <@\d+>'s: Dorn rolls it/);
    const before = await saves();
    const p = await h.press("bob", call.message.id, slot!.id);
    expect(await answerTo(p)).toMatch(/Brand: save vs Spells, Rods, or Staves/);
    expect(text(call.message)).toMatch(/\*\*Dorn\*\*: save vs Spells, Rods, or Staves (fails|succeeds) — Rolled/);
    expect(await saves()).toBe(before + 1);
    expect((await db().roll.findFirst({ orderBy: { id: "desc" } }))!.userId).toBe(h.users.bob);
  });

  it("a double press rolls once, and a slot a crash left half taken can still be rolled", async () => {
    const call = await h.cmd("referee", "save", { players: "Mira", kind: "wands" });
    const [slot] = buttons(call.message);
    const before = await saves();
    const [a, b] = await Promise.all([
      h.press("alice", call.message.id, slot!.id),
      h.press("alice", call.message.id, slot!.id),
    ]);
    const words = await Promise.all(
      [a, b].map((p) => until(() => !!ephemeralFor(p.interactionId)()).then(() => ephemeralFor(p.interactionId)()!)),
    );
    expect(words.filter((m) => /rolled for this call already/.test(m.content))).toHaveLength(1);
    expect(await saves()).toBe(before + 1);

    // A slot marked "rolling" by a press that never finished (the process stopped between claim and roll).
    const stuck = await h.cmd("referee", "save", { players: "Mira", kind: "breath" });
    const row = (await db().rollCall.findFirst({ orderBy: { createdAt: "desc" } }))!;
    const mira = targetsCodec.decode(row.targets)[0]!.characterId;
    await db().rollCall.update({ where: { id: row.id }, data: { results: JSON.stringify({ [mira]: "rolling" }) } });
    await h.press("alice", stuck.message.id, buttons(stuck.message)[0]!.id);
    expect(text(stuck.message)).toMatch(/\*\*Mira\*\*: save vs Breath Attacks (fails|succeeds)/);
    expect(await saves()).toBe(before + 2);
  });

  it("a hidden call's results stay with its own campaign's referees after a new campaign starts in the channel", async () => {
    const call = await h.cmd("referee", "save", { players: "Mira", kind: "death", hidden: true });
    await h.press("alice", call.message.id, buttons(call.message).find((b) => b.label === "Roll: Mira")!.id);
    const results = buttons(call.message).find((b) => b.label === "Results (referee)")!;
    expect((await h.cmd("referee", "campaign end")).ephemeral).toBe(false);
    expect((await h.cmd("mallory", "campaign start", { system: "bx" })).ephemeral).toBe(false);

    const stranger = await h.press("mallory", call.message.id, results.id);
    const said = await answerTo(stranger);
    expect(said).toMatch(/Only a referee of/);
    expect(said).not.toMatch(/Mira/);
    const own = await h.press("referee", call.message.id, results.id);
    expect(text(own.message)).toMatch(/[✅❌] \*\*Mira\*\*: save vs Death or Poison/);
  });

  it("a party larger than one message's buttons is refused with what to do, and nothing is posted", async () => {
    for (const u of many)
      expect(
        (await h.cmd("mallory", "character create", { name: `Hero ${u}`, sheet: SHEET, owner: h.users[u]! })).ephemeral,
      ).toBe(false);
    const before = await db().rollCall.count();
    const r = await h.cmd("mallory", "save", { players: "party", kind: "death" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/The party is 21 characters and one call asks at most 20 .*split the call/);
    expect(await db().rollCall.count()).toBe(before);
    expect(h.local.validationErrors).toEqual([]);
  });
});
