// Life & Guard (seed 004) in play through the local Discord: starting ranks from the weapons,
// declarations (an oil, attacks on one foe, a move between ranks), a group attack keeping the
// highest, the action a move spends, and a Doomed PC's failed Life save. Seeds are fixed, so
// the dice below are the ones those seeds give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E, nextUntilRound as nextUntilRoundOf } from "../helpers/e2e.js";

const state = async (h: E2E, name: string) =>
  JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).state) as Record<
    string,
    any
  >;
const sheet = (o: Record<string, unknown>) => JSON.stringify(o);

describe("Life & Guard in play", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("alice", "character create", {
      name: "Wren",
      sheet: sheet({
        life: 6,
        guard: 12,
        weapons: [
          { name: "Bow", die: "d6", tags: ["ranged"] },
          { name: "Sword", die: "d8" },
        ],
        oils: ["undead"],
      }),
    });
    await h.cmd("bob", "character create", {
      name: "Bram",
      sheet: sheet({ life: 6, guard: 12, weapons: [{ name: "Spear", die: "d8", tags: ["reach"] }] }),
    });
  });
  afterAll(async () => h?.stop());

  // seed 004, "Positioning": ranks correspond to weapon ranges
  it("each starts in its weapon's rank, shown on the roster", async () => {
    const s = await h.cmd("referee", "encounter start", {
      name: "Crypt",
      monsters: "1 ghoul",
      stats: "life=12 guard=2 armour=0 type=undead",
    });
    expect(s.ephemeral, text(s.message)).toBe(false);
    // The start is the record; the roster is on the board below it.
    const t = text(await liveBoard(h));
    expect(t).toMatch(/Wren\*\*.*· Ranged rank/);
    expect(t).toMatch(/Bram\*\*.*· Reach rank/);
    expect(t).toMatch(/Ghoul\*\*.*· Melee rank/);
  });

  // seed 004, "Oils" and "Attacks": "All actions are declared before being resolved"
  it("an oil and two attacks on one foe are declared; the round resolves them together, keeping the single highest", async () => {
    const bad = await h.cmd("alice", "declare", { action: "oil", detail: "dragon" });
    expect([bad.ephemeral, bad.message.content]).toEqual([
      true,
      expect.stringMatching(/carries no oil against "dragon"/),
    ]);
    const oil = await h.cmd("alice", "declare", { action: "oil", detail: "undead" });
    expect(text(oil.message)).toMatch(/Wren oils the Bow against undead for this encounter/);
    await h.cmd("bob", "declare", { action: "attack", detail: "Ghoul" });
    const w = await h.cmd("alice", "declare", { action: "attack", detail: "Ghoul" });
    expect(text(w.message)).toMatch(/With Bram: all the damage dice are rolled and the single highest is kept/);
    const r = await h.cmd("referee", "initiative");
    // docs/rules/life-guard.md, "Rolling against Guard": 1d6 at most Guard 12 always acts; the chance is shown.
    expect(text(r.message)).toMatch(/Bram: 1d6 = 4 against Guard 12 \(acts 100% of the time\): acts\./);
    const a = await h.cmd("alice", "attack", { target: "Ghoul" });
    const t = text(a.message);
    // Wren's oiled Bow from the Ranged rank: 2d6 (4, 3) = 7; Bram's Spear from the Reach rank: d8 = 2; keep 7.
    expect(t).toMatch(/2 attackers on Ghoul: Wren 7, Bram 2\.\nKeep the single highest: 7 \(Wren\)\./);
    expect(t).toMatch(/damage \(Bow\): 2d6 \(4, 3\) = \*\*7\*\*/);
    // seed 004, "Attacks": Armour 0, Guard 2 → 0, 5 Critical Damage to Life; the Life save is rolled and shown.
    expect(t).toMatch(/Critical Damage: 5 to Life, Life 12 → 7\.\nLife save: d20 = 7 against Life 7: saved\./);
    expect(await state(h, "Ghoul")).toMatchObject({ guard: 0, life: 7 });
    // Bram's action went into the group attack.
    const again = await h.cmd("bob", "attack", { target: "Ghoul" });
    expect([again.ephemeral, again.message.content]).toEqual([
      true,
      "Bram cannot attack this round (already struck this round (a declared attack resolved together)).",
    ]);
  });

  // seed 004, "Movement": "Characters spend an Action move between adjacent ranks"
  it("a declared move changes the rank on the roster and spends the action", async () => {
    const nextUntilRound = (n: number) => nextUntilRoundOf(h, n);
    /** The referee's /next until everyone has acted in the round (it is not over yet: no new round). */
    const nextUntilOver = async () => {
      const over = async () => {
        const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
        return e.turn >= (JSON.parse(e.order) as { order: string[][] }).order.length;
      };
      for (let i = 0; i < 4 && !(await over()); i++) expect((await h.cmd("referee", "next")).ephemeral).toBe(false);
      expect(text(await liveBoard(h))).toMatch(/everyone has acted/);
    };
    // No declarations between rounds: once everyone has acted in round 1, what Bram declares is for round 2,
    // kept on the roster and made when the referee starts that round.
    await nextUntilOver();
    // Round 1's marks (struck) are his; no rank or move of his own: his weapon's rank.
    const before = (await state(h, "Bram")).conditions as string[];
    expect(before.filter((c) => /rank|moved/.test(c))).toEqual([]);
    const m = await h.cmd("bob", "declare", { action: "move", detail: "melee" });
    expect(m.ephemeral, m.message.content ?? "").toBe(false);
    expect(text(m.message)).toMatch(
      /Bram declares Move a rank \(melee\) for round 2: it stands when the referee starts the round\./,
    );
    expect(text(await liveBoard(h))).toMatch(/Bram\*\*.*· Reach rank · .*for round 2: Move a rank \(melee\)/);
    // Withdrawn before the order is rolled, the move leaves Bram in his old rank; declared again, it stands again.
    const back = await h.cmd("bob", "declare", { action: "none" });
    expect(text(back.message)).toMatch(/Bram withdraws what it declared for round 2/);
    const withdrawn = text(await liveBoard(h));
    expect(withdrawn).toMatch(/Bram\*\*.*· Reach rank/);
    expect(withdrawn).not.toMatch(/Bram\*\*[^\n]*moved/);
    expect(withdrawn).not.toMatch(/Bram\*\*[^\n]*for round 2/);
    expect((await state(h, "Bram")).conditions).toEqual(before); // his weapon's rank, as before
    const again = await h.cmd("bob", "declare", { action: "move", detail: "melee" });
    expect(text(again.message)).toMatch(/Bram declares Move a rank \(melee\) for round 2/);
    // The referee ends round 1 (the Ghoul's place passes, then everyone has acted) and starts round 2: the move is made.
    const n = await nextUntilRound(2);
    expect(n).toMatch(/Round 2: act in order/);
    expect(n).toMatch(/Bram: Moves from the reach rank to the melee rank: that is the action this turn\./);
    expect(text(await liveBoard(h))).toMatch(/Bram\*\*.*· Melee rank · moved \(action spent\)/);
    const after = await h.cmd("bob", "attack", { target: "Ghoul" });
    expect([after.ephemeral, after.message.content]).toEqual([
      true,
      "Bram cannot attack this round (declared a move between ranks: that is the action this turn).",
    ]);
    // Another battlefield is reached from the Ranged rank only: declared for round 3 from the Melee rank, it does not stand.
    await nextUntilOver();
    const far = await h.cmd("bob", "declare", { action: "move", detail: "battlefield" });
    expect(text(far.message)).toMatch(/Bram declares Move a rank \(battlefield\) for round 3/);
    const n3 = await nextUntilRound(3);
    expect(n3).toMatch(/Round 3: act in order/);
    expect(n3).toMatch(
      /Move a rank, declared for this round, does not stand: [^\n]*another battlefield from the Ranged rank/,
    );
    expect((await state(h, "Bram")).conditions).not.toContain("fled");
    expect(text(await liveBoard(h))).toMatch(/Bram\*\*.*· Melee rank/);
  });

  // seed 004, "Scars", Doomed: "If your next Life Save is a fail, you die horribly"
  it("a Doomed PC who fails the Life save dies, and /attack says so", async () => {
    // seed 004, "Scars": Guard 12 taken exactly to 0 is row 12, Doomed.
    const d = await h.cmd("referee", "damage", { target: "Wren", amount: 12 });
    expect(text(d.message)).toMatch(/Scar 12: Doomed/);
    const s = await h.cmd("alice", "save", { kind: "life", modifier: -5 });
    expect(text(s.message)).toMatch(
      /Life save: d20 = \d+ against Life 1: failed\.\nDoomed: the Life save failed — dies horribly\./,
    );
    expect((await state(h, "Wren")).conditions).toContain("dead");
    const dead = await h.cmd("alice", "attack", { target: "Ghoul", attacker: "Wren" });
    expect([dead.ephemeral, dead.message.content]).toEqual([true, "Wren is dead and cannot act."]);
  });
});
