// One board in the channel (issue 41, point 3; docs/design.md, "The board"): a typed action costs at most three
// requests to Discord (its answer, the new board, the old board's deletion), the answer's message comes from
// the callback (no fetch), and where the bot may not delete its old boards it says once what it needs and
// keeps working. The foes' routine from the board (point 1): a claw/claw/bite stat line attacks three times
// from one press, a foe with nobody to fight is asked for in the menu, and two presses at once attack once.
import { afterAll, describe, expect, it } from "vitest";
import { button, liveBoard, liveBoards, menuOptions, startTable, text, type E2E } from "../helpers/e2e.js";

/** The requests the bot made to Discord while `act` ran (and the work it does after its answer). */
async function requestsOf(h: E2E, act: () => Promise<unknown>) {
  const before = h.local.requests.length;
  await act();
  await h.app.bot.router.settled();
  return h.local.requests.slice(before).filter((r) => !r.path.startsWith("/_local"));
}

const rosters = (h: E2E) =>
  [...h.local.channelMessages(h.channelId)].filter(
    (m) =>
      !m.deleted &&
      (m.embeds ?? []).some((e) => / — (round|before)/.test(String((e as { title?: string }).title ?? ""))),
  );

describe("the board is sticky", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  it("a typed attack costs three requests: the answer (its message from the callback), the board, the old board's deletion", async () => {
    h = await startTable(
      "bx",
      [{ user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=30 ac=2 weapons=sword:1d8" }],
      { seedPrefix: "sticky" },
    );
    await h.cmd("referee", "encounter start", { name: "Ogre den", monsters: "2 ogres", surprise: false });
    let board = await liveBoard(h);
    await h.press("referee", board.id, button(board, "Roll initiative")!.id);
    board = await liveBoard(h);
    // Una acts when her side does; the referee's attack for an ogre is the exceptional, typed one.
    const sent = await requestsOf(h, () =>
      h.cmd("referee", "attack", { attacker: "Ogre 1", target: "Una", override: true }),
    );
    const route = (path: string) =>
      path
        .split("/")
        .map((p, n, all) =>
          /^\d{5,}$/.test(p) ? ":id" : all[n - 2] === "interactions" || all[n - 2] === "webhooks" ? ":token" : p,
        )
        .join("/");
    // The old board's deletion goes while the new board is posted: the two may arrive in either order.
    const routes = sent.map((r) => `${r.method} ${route(r.path)}`);
    expect(routes[0]).toBe("POST /interactions/:id/:token/callback");
    expect(routes.slice(1).sort()).toEqual(["DELETE /channels/:id/messages/:id", "POST /webhooks/:id/:token"]);
    expect(sent.some((r) => r.method === "GET")).toBe(false);
    expect(rosters(h).length).toBe(1);
    expect(liveBoards(h).length).toBe(1);
    // The channel reads as the fight's log: the start's record, the order rolled, the attack, and the one board at the bottom.
    const shown = [...h.local.channelMessages(h.channelId)].filter((m) => !m.deleted && !(m.flags & 64));
    expect(shown.at(-1)!.id).toBe((await liveBoard(h)).id);
    expect(text(shown.at(-2)!)).toMatch(/Ogre 1 attacks Una|Ogre 1/);
  });

  it("where the bot may not delete its old boards, it says once what it needs, and keeps working by posting", async () => {
    h.local.world.botDenied.add(h.channelId);
    const first = await h.cmd("referee", "damage", { target: "Ogre 2", amount: 1 });
    expect(first.ephemeral, first.message.content ?? "").toBe(false);
    await h.app.bot.router.settled();
    const told = () =>
      [...h.local.channelMessages(h.channelId)].filter(
        (m) => !m.deleted && /View Channel.*Read Message History/.test(String(m.content ?? "")),
      );
    expect(told().length).toBe(1);
    expect(told()[0]!.flags & 64).toBe(0);
    await h.cmd("referee", "damage", { target: "Ogre 2", amount: 1 });
    await h.app.bot.router.settled();
    expect(told().length, "said once").toBe(1);
    // The newest board works; the older ones stay (the bot could not delete them) and their presses say they moved on.
    expect(rosters(h).length).toBeGreaterThan(1);
    h.local.world.botDenied.delete(h.channelId);
    const newest = rosters(h).at(-1)!;
    const n = await h.press("referee", newest.id, button(newest, /^Next/)!.id);
    expect(n.ephemeral, n.message.content ?? "").toBe(false);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("the foes' routine from the board", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  it("a troll with claw/claw/bite is asked a target, then one pick makes all three attacks, each its own message", async () => {
    h = await startTable(
      "bx",
      [
        { user: "alice", name: "Una", sheet: "class=fighter level=5 str=16 hp=60 ac=2 weapons=sword:1d8" },
        { user: "bob", name: "Dorn", sheet: "class=fighter level=5 str=13 hp=50 ac=3 weapons=axe:1d8" },
      ],
      { seedPrefix: "troll-routine" },
    );
    // seed 002, "Monster Attacks": a stat line's routine is its attacks each round (claw/claw/bite).
    await h.cmd("referee", "encounter start", {
      monsters: "1 troll",
      stats: "HD 6+3 AC 4 ATK claw 1d6/claw 1d6/bite 1d10 ML 10",
      surprise: false,
    });
    let board = await liveBoard(h);
    await h.press("referee", board.id, button(board, "Roll initiative")!.id);
    board = await liveBoard(h);
    // Until the troll is to act, the party acts: walk the order with the players' attacks.
    for (
      let i = 0;
      i < 4 && !/Troll[^\n]* to act/.test(String((board.embeds?.[0] as { title?: string } | undefined)?.title));
      i++
    ) {
      const title = String((board.embeds?.[0] as { title?: string } | undefined)?.title);
      for (const [pc, user] of [
        ["Una", "alice"],
        ["Dorn", "bob"],
      ] as const)
        if (title.includes(pc)) await h.cmd(user, "attack", { target: "Troll" });
      board = await liveBoard(h);
    }
    const title = String((board.embeds?.[0] as { title?: string } | undefined)?.title);
    expect(title).toMatch(/Troll to act/);
    const db = h.app.services.store.db;
    const attacked = await db.combatant.findFirst({ where: { name: "Troll" } });
    const fought = JSON.parse((await db.encounter.findFirstOrThrow({ where: { status: "active" } })).roundState).foes?.[
      attacked!.id
    ];
    if (!fought) {
      // Nobody has fought the troll yet: no Foes attack, and the menu asks "Troll attacks…".
      expect(button(board, "Foes attack")).toBeUndefined();
    }
    const menu = menuOptions(board).filter((o) => o.id.includes(":pick:"));
    expect(menu.map((o) => o.label).sort()).toEqual(["Dorn", "Una"]);
    const before = [...h.local.channelMessages(h.channelId)].length;
    const picked = await h.choose("referee", board.id, menu[0]!.id, [menu.find((o) => o.label === "Una")!.value]);
    expect(picked.ephemeral, picked.message.content ?? "").toBe(false);
    await h.app.bot.router.settled();
    const after = [...h.local.channelMessages(h.channelId)].slice(before - 1).filter((m) => !m.deleted);
    const attacks = after.filter((m) => /Troll attacks Una/.test(text(m)));
    expect(attacks.map((m) => /claw|bite/.exec(text(m))?.[0])).toEqual(["claw", "claw", "bite"]);
    const rs = JSON.parse((await db.encounter.findFirstOrThrow({ where: { status: "active" } })).roundState);
    expect(rs.foes[attacked!.id]).toBe((await db.combatant.findFirstOrThrow({ where: { name: "Una" } })).id);
    expect(liveBoards(h).length).toBe(1);
    // The pressed board became the first attack's message: one board in the channel.
    expect(rosters(h).length).toBe(1);
  });

  it("two presses of Foes attack at once attack once", async () => {
    // The next round: the troll fights Una, its opponent now, and the board offers one press.
    let board = await liveBoard(h);
    for (let i = 0; i < 8 && !button(board, "Foes attack"); i++) {
      const title = String((board.embeds?.[0] as { title?: string } | undefined)?.title);
      if (/Una|Dorn/.test(title.split(" · ")[1] ?? "")) {
        for (const [pc, user] of [
          ["Una", "alice"],
          ["Dorn", "bob"],
        ] as const)
          if ((title.split(" · ")[1] ?? "").includes(pc)) await h.cmd(user, "attack", { target: "Troll" });
      } else await h.press("referee", board.id, button(board, /^(Next|Roll)/)!.id);
      board = await liveBoard(h);
    }
    const go = button(board, "Foes attack")!;
    expect(go).toBeDefined();
    const db = h.app.services.store.db;
    const last = (await db.roll.findFirst({ orderBy: { id: "desc" } }))?.id ?? 0;
    const both = await Promise.allSettled([h.press("referee", board.id, go.id), h.press("referee", board.id, go.id)]);
    await h.app.bot.router.settled();
    const answered = both
      .filter((x) => x.status === "fulfilled")
      .map((x) => (x as PromiseFulfilledResult<Awaited<ReturnType<E2E["press"]>>>).value);
    // Both presses are acknowledged at once (the attacks take a moment); the later one is told it changed nothing.
    expect(answered.length).toBe(2);
    const refusals = answered
      .flatMap((a) => a.followUps)
      .filter((m) => m.flags & 64)
      .map((m) => String(m.content));
    expect(refusals.length, JSON.stringify(answered.map((a) => a.followUps.map(text)))).toBe(1);
    expect(refusals[0]).toMatch(/nothing was changed/);
    const troll = await db.combatant.findFirstOrThrow({ where: { name: "Troll" } });
    const e = await db.encounter.findFirstOrThrow({ where: { status: "active" } });
    const attacksMade = await db.roll.findMany({
      where: { encounterId: e.id, id: { gt: last } },
      orderBy: { id: "asc" },
    });
    expect(attacksMade.filter((r) => /^Troll attacks/.test(r.purpose) && /d20/.test(r.expression)).length).toBe(3);
    expect(troll).toBeDefined();
    expect(liveBoards(h).length).toBe(1);
  });
});

describe("a morale check from the board", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  // seed 002, "Morale": a check when the first of a side is killed. The board offers it once due; two presses at once roll it once.
  it("is offered when a goblin falls, and two presses at once roll it once", async () => {
    h = await startTable(
      "bx",
      [{ user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=30 ac=2 weapons=sword:1d8" }],
      { seedPrefix: "morale-press" },
    );
    await h.cmd("referee", "encounter start", { monsters: "3 goblins", surprise: false });
    let board = await liveBoard(h);
    expect(button(board, /^Morale/)).toBeUndefined();
    await h.cmd("referee", "damage", { target: "Goblin 1", amount: 20 });
    board = await liveBoard(h);
    const morale = button(board, /^Morale: goblins$/)!;
    expect(morale, JSON.stringify(board.components)).toBeDefined();
    const db = h.app.services.store.db;
    const last = (await db.roll.findFirst({ orderBy: { id: "desc" } }))?.id ?? 0;
    const both = await Promise.allSettled([
      h.press("referee", board.id, morale.id),
      h.press("referee", board.id, morale.id),
    ]);
    await h.app.bot.router.settled();
    expect(both.every((x) => x.status === "fulfilled")).toBe(true);
    const rolled = await db.roll.findMany({ where: { id: { gt: last } } });
    expect(rolled.filter((r) => /morale/i.test(r.purpose)).length).toBe(1);
    // The check is made: the board no longer offers it.
    expect(button(await liveBoard(h), /^Morale/)).toBeUndefined();
  });
});
