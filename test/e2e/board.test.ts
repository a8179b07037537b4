// The referee's loop (issue 28; docs/design.md, "The board" and "Reactions", step 4): a whole B/X fight driven by
// the board's buttons and /attack alone, an attack that waits for its player while the referee runs other
// monsters, the board's one press for every waiting attack, results that take effect (who fled leaves the
// order), and the refusals that say why.
import { afterAll, describe, expect, it } from "vitest";
import { button, buttons, liveBoard, liveBoards, startTable, text, until, type E2E } from "../helpers/e2e.js";
import { nextTurn } from "../../src/play/encounters/turns.js";
import { StaleError } from "../../src/play/errors.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

type Msg = Awaited<ReturnType<E2E["cmd"]>>["message"];

/** The board's button that moves the round on: Roll initiative ▶, Next ▶ or Next round ▶ (not Foes attack, Morale, End the fight). */
const nextButton = (m: Msg) => button(m, /^(Roll initiative|Roll the order|Next round|Next) ▶$/)!;

async function position(h: E2E) {
  const db = h.app.services.store.db;
  const e = await db.encounter.findFirstOrThrow({ where: { status: "active" } });
  const order = orderCodec.decode(e.order);
  const rows = await db.combatant.findMany({ where: { encounterId: e.id } });
  const standing = (r: (typeof rows)[number]) =>
    !(JSON.parse(r.state).conditions as string[]).some((c) => ["dead", "fled", "unconscious"].includes(c));
  const rs = JSON.parse(e.roundState) as { phase?: string; attacks?: Record<string, number> };
  const acting =
    e.round > 0 && rs.phase === "act" ? rows.filter((r) => (order[e.turn] ?? []).includes(r.id) && standing(r)) : [];
  // Who at the place acting now can still attack (B/X: one attack a round).
  const toAct = acting.filter((r) => (rs.attacks?.[r.id] ?? 0) < 1);
  return { e, rows, acting, toAct, standing: rows.filter(standing) };
}

describe("a B/X fight by the board's buttons and /attack alone", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  it("three rounds: one board in the channel at every step, a press edits it in place unless it rolled something; the clock counts each round", async () => {
    h = await startTable(
      "bx",
      [
        { user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=30 ac=2 weapons=sword:1d8" },
        { user: "bob", name: "Dorn", sheet: "class=fighter level=2 str=13 hp=25 ac=3 weapons=axe:1d8" },
      ],
      { seedPrefix: "board-bx" },
    );
    const start = await h.cmd("referee", "encounter start", { monsters: "3 goblins", surprise: false });
    expect(start.ephemeral, text(start.message)).toBe(false);
    // The start is the record (no buttons); the board follows below it.
    expect(buttons(start.message)).toEqual([]);
    let taps = 1;
    const clock0 =
      (await h.app.services.store.db.clock.findUnique({ where: { campaignId: (await position(h)).e.campaignId } }))
        ?.rounds ?? 0;
    // Before the order is rolled a player's attack is refused, and says why.
    const early = await h.cmd("alice", "attack", { target: "Goblin 1" });
    expect(early.ephemeral).toBe(true);
    expect(early.message.content).toMatch(/order is not rolled yet.*Roll initiative/);
    let b = await liveBoard(h);
    const pressed: string[] = [];
    const seen = new Set<string>([b.id]);
    let skipped = false;
    for (let step = 0; step < 40; step++) {
      const { e, toAct, standing } = await position(h);
      if (e.round > 3) break;
      if (!standing.some((r) => r.side === "foes") || !standing.some((r) => r.side === "party")) break;
      // One board in the channel at every step; every board before it is gone (or, pressed when it rolled something, is the record).
      expect(liveBoards(h).map((m) => m.id)).toEqual([b.id]);
      for (const id of seen)
        if (id !== b.id)
          expect(!!h.local.messages.get(id)!.deleted || buttons(h.local.messages.get(id)!).length === 0, id).toBe(true);
      const a = toAct[0];
      // In round 2 the referee moves on past the foes' place with Next ▶ once, without their attacks.
      const skip = !!a && a.side === "foes" && e.round === 2 && !skipped;
      if (a && !skip) {
        const now = (await position(h)).standing;
        const user = a.side === "party" ? (a.name === "Una" ? "alice" : "bob") : "referee";
        const target = now.find((r) => r.side !== a.side)!.name;
        const r = await h.cmd(user, "attack", { ...(user === "referee" ? { attacker: a.name } : {}), target });
        taps++;
        expect(r.ephemeral, r.message.content ?? "").toBe(false);
        // B/X has no reactions: each attack is final at once; the board follows below it and the one before is deleted.
        const after = await liveBoard(h);
        expect(after.id).not.toBe(b.id);
        expect(BigInt(after.id) > BigInt(r.message.id)).toBe(true);
        expect(h.local.messages.get(b.id)!.deleted).toBeTruthy();
        b = after;
        seen.add(b.id);
        continue;
      }
      if (skip) skipped = true;
      const go = nextButton(b);
      expect(go, JSON.stringify(buttons(b).map((x) => x.label))).toBeDefined();
      const n = await h.press("referee", b.id, go.id);
      taps++;
      pressed.push(go.label);
      expect(n.ephemeral, n.message.content ?? "").toBe(false);
      const after = await liveBoard(h);
      const pressedNow = h.local.messages.get(b.id)!;
      if (go.label === "Next ▶") {
        // It rolled nothing: the board is edited in place.
        expect(after.id).toBe(b.id);
        expect((await position(h)).e.round).toBe(e.round);
      } else {
        // It rolled the order (and ended the round before it): the pressed board is that record, and the board follows below.
        expect(after.id).not.toBe(b.id);
        expect(pressedNow.deleted).toBeFalsy();
        expect(buttons(pressedNow)).toEqual([]);
        expect(text(pressedNow)).toMatch(/initiative/i);
        expect((await position(h)).e.round).toBe(e.round + 1);
      }
      b = after;
      seen.add(b.id);
    }
    const { e, standing } = await position(h);
    // A side with nobody standing: the board says how the fight ends.
    if (!standing.some((r) => r.side === "foes"))
      expect(text(b)).toMatch(/No one of the foes is left standing: the referee ends the fight/);
    expect(e.round).toBeGreaterThanOrEqual(3);
    // The first order, then each new round, came from one press each; the Next ▶ past the foes edited the board in place.
    expect(pressed.filter((l) => l === "Roll initiative ▶").length).toBe(1);
    expect(pressed.filter((l) => l === "Next round ▶").length).toBe(e.round - 1);
    expect(pressed.filter((l) => l === "Next ▶").length).toBe(1);
    // Only the newest board has buttons; every older one is deleted or is the record of what its press rolled.
    expect(liveBoards(h).length).toBe(1);
    expect(
      [...h.local.channelMessages(h.channelId)]
        .filter((m) => !m.deleted && buttons(m).some((x) => x.id.startsWith("next:")))
        .map((m) => m.id),
    ).toEqual([b.id]);
    // Every round of the fight counts once on the campaign's clock.
    const clock = await h.app.services.store.db.clock.findUniqueOrThrow({ where: { campaignId: e.campaignId } });
    expect(clock.rounds - clock0).toBe(e.round);
    expect(taps).toBeLessThan(40);
    expect(h.local.validationErrors).toEqual([]);
  });

  it("two Next presses at once move the round once", async () => {
    const b = await liveBoard(h);
    const go = nextButton(b);
    const before = await position(h);
    const both = await Promise.all([h.press("referee", b.id, go.id), h.press("referee", b.id, go.id)]);
    expect(both.filter((r) => !r.ephemeral).length).toBe(1);
    const after = await position(h);
    const at = (p: typeof before) => `${p.e.round}:${p.e.turn}:${JSON.parse(p.e.roundState).phase}`;
    expect(at(after)).not.toBe(at(before));
    const stale = both.find((r) => r.ephemeral);
    if (stale) expect(stale.message.content).toMatch(/moved on|changed at the same moment/);
    // Still one board in the channel.
    expect(liveBoards(h).length).toBe(1);
  });

  it("morale that breaks takes them out: who fled cannot act or be attacked, and the end says fled", async () => {
    const ended = await h.cmd("referee", "encounter end");
    expect(ended.ephemeral, ended.message.content ?? "").toBe(false);
    const again = await h.cmd("referee", "encounter start", { monsters: "3 goblins", surprise: false });
    expect(again.ephemeral, again.message.content ?? "").toBe(false);
    const go = await liveBoard(h);
    await h.press("referee", go.id, nextButton(go).id);
    const m = await h.cmd("referee", "morale", { side: "foes", rating: 2 });
    expect(m.ephemeral).toBe(false);
    const { rows } = await position(h);
    const fled = rows.filter((r) => r.side === "foes" && (JSON.parse(r.state).conditions as string[]).includes("fled"));
    expect(fled.length, text(m.message)).toBeGreaterThan(0);
    const one = fled[0]!;
    const acts = await h.cmd("referee", "attack", { attacker: one.name, target: "Una" });
    expect(acts.ephemeral).toBe(true);
    expect(acts.message.content).toMatch(new RegExp(`${one.name} is fled and cannot act|${one.name} has fled`));
    const at = await h.cmd("alice", "attack", { target: one.name });
    expect(at.ephemeral).toBe(true);
    expect(at.message.content).toMatch(new RegExp(`${one.name} has fled and is out of the fight`));
    const b = await liveBoard(h);
    expect(text(b)).not.toMatch(new RegExp(`#\\d+ \\*\\*${one.name}\\*\\*`));
    const end = await h.cmd("referee", "encounter end");
    expect(text(end.message)).toMatch(new RegExp(`Fled or surrendered: [^]*${one.name} \\(fled\\)`));
    // The last board is deleted: the end's summary is the fight's record, and no board is left in the channel.
    await h.app.bot.router.settled();
    await until(() => liveBoards(h).length === 0);
    expect(h.local.messages.get(b.id)!.deleted).toBeTruthy();
  });

  it("a button of an ended encounter says that encounter has ended", async () => {
    const e = await h.app.services.store.db.encounter.findFirstOrThrow({
      where: { status: "ended" },
      orderBy: { createdAt: "desc" },
    });
    const actor = { guildId: h.guildId, channelId: h.channelId, userId: h.users.referee!, roleIds: [] };
    await h.cmd("referee", "encounter start", { monsters: "1 goblin", surprise: false });
    const err = await nextTurn(h.app.services, actor, {
      encounterId: e.id,
      round: e.round,
      turn: e.turn,
      phase: "act",
    }).catch((x) => x);
    expect(err).toBeInstanceOf(StaleError);
    expect(err.message).toBe("That encounter has ended: nothing was changed.");
  });
});

describe("reactions wait for the player", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  it("an attack left open while the referee runs two more monsters and moves on, then answered by its player", async () => {
    h = await startTable("third-age", [{ user: "alice", name: "Alda", sheet: "hp=60 successAC=8 stamina=5" }], {
      seedPrefix: "board-wait",
    });
    await h.cmd("referee", "encounter start", { monsters: "4 orcs", surprise: false });
    const go = await liveBoard(h);
    await h.press("referee", go.id, nextButton(go).id);
    const db = h.app.services.store.db;
    // The first orc whose attack waits for Alda's answer (a hit she may parry).
    let waiting: Msg | undefined;
    let used = 0;
    for (const orc of ["Orc 1", "Orc 2", "Orc 3", "Orc 4"]) {
      used++;
      const r = await h.cmd("referee", "attack", { attacker: orc, target: "Alda", override: true });
      expect(r.ephemeral, r.message.content ?? "").toBe(false);
      if (buttons(r.message).some((b) => /^Parry/.test(b.label))) {
        waiting = r.message;
        break;
      }
    }
    expect(waiting, "an orc's attack offers Parry").toBeDefined();
    await until(
      async () => (await db.pendingAction.count({ where: { status: "open", messageId: waiting!.id } })) === 1,
    );
    // The referee runs two more monsters, and moves to the next combatant: the attack still waits.
    const others = ["Orc 1", "Orc 2", "Orc 3", "Orc 4"].filter((_, i) => i !== used - 1).slice(0, 2);
    for (const orc of others)
      expect((await h.cmd("referee", "attack", { attacker: orc, target: "Alda", override: true })).ephemeral).toBe(
        false,
      );
    let b = await liveBoard(h);
    expect(text(b)).toMatch(/Waiting for an answer/);
    expect(text(b)).toMatch(/Orc \d → Alda: Parry[^\n]*Take it/);
    const { e } = await position(h);
    const order = orderCodec.decode(e.order);
    if (e.turn < order.length - 1) {
      const n = await h.press("referee", b.id, nextButton(b).id);
      expect(n.ephemeral, n.message.content ?? "").toBe(false);
      // Next ▶ rolled nothing: the board is edited in place.
      expect((await liveBoard(h)).id).toBe(b.id);
    }
    expect(buttons(waiting!).some((x) => /^Parry/.test(x.label))).toBe(true);
    // Alda's player answers: Parry, on the attack's own message.
    const parry = buttons(waiting!).find((x) => /^Parry/.test(x.label))!;
    const p = await h.press("alice", waiting!.id, parry.id);
    expect(p.ephemeral, p.message.content ?? "").toBe(false);
    expect(text(p.message)).not.toMatch(/No reaction came in time/);
    expect(text(p.message)).toMatch(/Parry/);
    expect((await db.pendingAction.findFirstOrThrow({ where: { messageId: waiting!.id } })).version).toBeGreaterThan(0);

    // The referee resolves whatever still waits with one press, and the board says so.
    if ((await db.pendingAction.count({ where: { status: "open" } })) > 0) {
      b = await liveBoard(h);
      await until(() => buttons(liveBoards(h)[0]!).some((x) => /^Resolve \d+ waiting$/.test(x.label)));
      b = liveBoards(h)[0]!;
      const resolve = buttons(b).find((x) => /^Resolve \d+ waiting$/.test(x.label))!;
      const refused = await h.press("alice", b.id, resolve.id);
      expect(refused.ephemeral).toBe(true);
      const r = await h.press("referee", b.id, resolve.id);
      expect(r.ephemeral, r.message.content ?? "").toBe(false);
      const after = await liveBoard(h);
      expect(text(after)).toMatch(/The referee resolved (the attack|\d+ attacks) waiting for an answer/);
      expect(text(after)).not.toMatch(/Waiting for an answer/);
      expect(await db.pendingAction.count({ where: { status: "open" } })).toBe(0);
    }
    expect(h.local.validationErrors).toEqual([]);
  });

  it("The Third Age gives morale to monsters: /morale side:party says so", async () => {
    const r = await h.cmd("referee", "morale", { side: "party" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/gives morale to monsters only/);
  });
});
