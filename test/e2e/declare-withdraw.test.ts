// /declare action:none takes a declaration back before the round's order is rolled: what it marked goes,
// and what it took off its combatant comes back. Life & Guard (seed 004, "Movement": "Characters spend an
// Action move between adjacent ranks"): a move takes the old rank off; withdrawn, the old rank is back.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

const conditions = async (h: E2E, name: string) =>
  (
    JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).state) as {
      conditions: string[];
    }
  ).conditions;

describe("withdrawing a declaration", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "declare-withdraw" });
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("bob", "character create", {
      name: "Bram",
      sheet: JSON.stringify({ life: 6, guard: 12, weapons: [{ name: "Spear", die: "d8", tags: ["reach"] }] }),
    });
    const e = await h.cmd("referee", "encounter start", {
      name: "Crypt",
      monsters: "1 ghoul",
      stats: "life=7 guard=2 armour=0 type=undead",
    });
    if (e.ephemeral) throw new Error(e.message.content ?? "no encounter");
  });
  afterAll(async () => h?.stop());

  it("gives back the rank a move took off", async () => {
    const placed = await h.cmd("bob", "declare", { action: "place", detail: "melee" });
    expect(placed.ephemeral, placed.message.content ?? "").toBe(false);
    // The declaration's result is the record; the roster is on the board below it.
    expect(text(await liveBoard(h))).toMatch(/Bram\*\*.*· Melee rank/);
    expect(await conditions(h, "Bram")).toEqual(["rank:melee"]);
    // A round's declarations can be taken back only before its order is rolled, and since issue 41 the next round's
    // order is rolled at once: the first round's declarations are the only ones to withdraw. So Bram stands in the
    // Melee rank as a round before left him (not by a declaration of this round, which "none" would take back too).
    const none = await h.cmd("bob", "declare", { action: "none" });
    expect(text(none.message)).toMatch(/Bram withdraws this round's declarations/);
    const bram = await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Bram" } });
    const state = JSON.parse(bram.state) as { conditions: string[] };
    state.conditions = ["rank:melee"];
    await h.app.services.store.db.combatant.update({ where: { id: bram.id }, data: { state: JSON.stringify(state) } });
    const moved = await h.cmd("bob", "declare", { action: "move", detail: "reach" });
    expect(moved.ephemeral, moved.message.content ?? "").toBe(false);
    expect(text(await liveBoard(h))).toMatch(/Bram\*\*.*· Reach rank · moved/);
    expect(await conditions(h, "Bram")).toEqual(["rank:reach", "moved"]);
    const back = await h.cmd("bob", "declare", { action: "none" });
    expect(text(back.message)).toMatch(/Bram withdraws this round's declarations/);
    // Before, the move's marks went and nothing came back: Bram stood in his spear's rank, Reach, not where he was.
    expect(text(await liveBoard(h))).toMatch(/Bram\*\*.*· Melee rank/);
    expect(await conditions(h, "Bram")).toEqual(["rank:melee"]);
  });
});

// B/X house rules (seed 001, "MISC COMBAT RULES", retreat): each foe who beats the retreat roll gets a
// parting shot, one free attack more. Withdrawn, the retreat takes those back: the foes no longer have it.
describe("withdrawing a declaration that marked others", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "withdraw-retreat" });
    await h.cmd("referee", "campaign start", { system: "bx-house" });
    // DEX 3 (−3 to the retreat roll): the goblins beat it with these seeds.
    await h.cmd("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=3 str=13 dex=3 hp=18 ac=4 thac0=17 weapons=sword:1d8",
    });
    const e = await h.cmd("referee", "encounter start", {
      name: "Gate",
      monsters: "3 goblins",
      stats: "hd=1 hp=5 ac=6 thac0=19",
      surprise: false,
    });
    if (e.ephemeral) throw new Error(e.message.content ?? "no encounter");
  });
  afterAll(async () => h?.stop());

  const shots = async () => {
    const rows = await h.app.services.store.db.combatant.findMany({
      where: { side: "foes" },
      orderBy: { name: "asc" },
    });
    return rows
      .filter((r) => (JSON.parse(r.state) as { conditions: string[] }).conditions.includes("parting shot"))
      .map((r) => r.name);
  };

  it("takes the foes' parting shots back, whether withdrawn or replaced by another move", async () => {
    const retreat = await h.cmd("alice", "declare", { action: "retreat" });
    expect(text(retreat.message)).toMatch(/Dorn retreats: free attacks/);
    const given = await shots();
    expect(given.length).toBeGreaterThan(0);
    const back = await h.cmd("alice", "declare", { action: "none" });
    expect(text(back.message)).toMatch(/Dorn withdraws this round's declarations/);
    // Before, the goblins kept their parting shots, and each an attack more this round.
    expect(await shots()).toEqual([]);
    // Retreat again, then charge instead: a charge replaces the retreat, and the shots go with it.
    await h.cmd("alice", "declare", { action: "retreat" });
    expect((await shots()).length).toBeGreaterThan(0);
    const charge = await h.cmd("alice", "declare", { action: "charge" });
    expect(text(charge.message)).toMatch(/Dorn charges/);
    expect(await shots()).toEqual([]);
  });
});
