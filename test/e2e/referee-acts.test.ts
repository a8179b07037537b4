// docs/design.md, "Who does what": when a player is absent the referee attacks, declares and reacts for
// their character, and each such action says it was the referee's. A `modifier` is labelled by who gave it, and
// `override` stays the referee's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttons, liveBoard, startTable, text, until, type E2E } from "../helpers/e2e.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

let h: E2E;
let bob: string;
const brom = async () => {
  const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
  const row = await h.app.services.store.db.combatant.findFirstOrThrow({ where: { encounterId: e.id, name: "Brom" } });
  return {
    declared: JSON.parse(e.roundState).declared?.[row.id] as string[] | undefined,
    state: JSON.parse(row.state) as { stamina: number; conditions: string[] },
  };
};

beforeAll(async () => {
  h = await startTable(
    "third-age",
    [
      { user: "alice", name: "Alda", sheet: "body=2 hp=10 successAC=8 stamina=3 weapons=longsword:1d8" },
      { user: "bob", name: "Brom", sheet: "body=1 hp=12 successAC=8 stamina=2 weapons=spear:1d6" },
    ],
    { seedPrefix: "referee-acts" },
  );
  bob = h.users.bob!;
  await h.cmd("referee", "encounter start", {
    monsters: "2 goblins",
    stats: "HD 1-1 HP 30 AC 13/9 AB +0 ATK short sword 1d6 ML 7",
    surprise: false,
  });
});
afterAll(async () => h?.stop());

describe("the referee acts for an absent player", () => {
  // seed 000, "Movement": "declare who will move out of melee this round".
  it("declares for Bob's character from the round's button and with /declare who:, each shown as the referee's", async () => {
    const shown = await h.cmd("referee", "encounter show");
    expect(shown.ephemeral, shown.message.content ?? "").toBeFalsy();
    const board = await liveBoard(h);
    const move = buttons(board).find((b) => /^Move out of melee/.test(b.label))!;
    const ask = await h.press("referee", board.id, move.id);
    expect(ask.ephemeral).toBe(true);
    expect(ask.message.content).toBe("Who declares Move out of melee (−2 AC)?");
    expect(buttons(ask.message).map((b) => b.label)).toEqual(["Alda", "Brom", "Goblin 1", "Goblin 2"]);
    const done = await h.press("referee", ask.message.id, buttons(ask.message).find((b) => b.label === "Brom")!.id);
    expect(done.message.content).toBe(`Brom declares Move out of melee (−2 AC) (by the referee, for <@${bob}>).`);
    // The answer goes to the channel: the declaration's record, then the board below it.
    const after = await liveBoard(h);
    await until(() => done.followUps.some((m) => m.id === after.id));
    expect(text(after)).toMatch(/\*\*Brom\*\* [^\n]*declared: Move out of melee/);
    expect((await brom()).declared).toEqual(["move-out"]);

    const back = await h.cmd("referee", "declare", { action: "none", who: "Brom" });
    expect(back.ephemeral).toBeFalsy();
    expect(text(back.message)).toContain(`Brom withdraws this round's declarations (by the referee, for <@${bob}>).`);
    expect((await brom()).declared).toBeUndefined();
    // A player's own declaration says nothing of the referee.
    const own = await h.cmd("alice", "declare", { action: "move-out" });
    expect(text(own.message)).toMatch(/Alda declares Move out of melee \(−2 AC\)\./);
    expect(text(own.message)).not.toMatch(/by the referee/);
  });

  // seed 000, "Attack Rolls": 2d10 + Body + Attack Bonus (+ any modifier) against the Success and Partial ACs.
  it("attacks with Bob's character; the referee's modifier carries the referee's label", async () => {
    // The order is rolled first: before it, a player's attack is refused (issue 28, "Results take effect").
    expect((await h.cmd("referee", "initiative")).ephemeral).toBeFalsy();
    const a = await h.cmd("referee", "attack", { attacker: "Brom", target: "Goblin 1", modifier: 2 });
    expect(a.ephemeral).toBeFalsy();
    const t = text(a.message);
    expect(t).toMatch(
      /Attack roll 2d10 \[\d+, \d+\] \+3 = \d+ \(Body \+1, Attack Bonus \+0, referee's modifier \+2\)\./,
    );
    expect(t).toContain(`Brom's attack: by the referee, for <@${bob}>.`);
    // It is Brom's one attack this round: the referee's next is refused unless overridden.
    const again = await h.cmd("referee", "attack", { attacker: "Brom", target: "Goblin 1" });
    expect(again.message.content).toBe(
      "Brom has already attacked this round (one attack this round). To allow it anyway, repeat with `override:true`.",
    );
  });

  it("a player's modifier is labelled as the player's; a player's override is refused as the referee's", async () => {
    // Alda attacks on her turn.
    for (let i = 0; i < 4; i++) {
      const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
      const alda = await h.app.services.store.db.combatant.findFirstOrThrow({
        where: { encounterId: e.id, name: "Alda" },
      });
      if (orderCodec.decode(e.order)[e.turn]?.includes(alda.id)) break;
      await h.cmd("referee", "next");
    }
    const a = await h.cmd("alice", "attack", { target: "Goblin 2", modifier: 1 });
    const t = text(a.message);
    expect(t).toMatch(
      /Attack roll 2d10 \[\d+, \d+\] \+3 = \d+ \(Body \+2, Attack Bonus \+0, player's modifier \+1\)\./,
    );
    expect(t).not.toMatch(/referee/);
    const again = await h.cmd("alice", "attack", { target: "Goblin 2" });
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toBe("Alda has already attacked this round (one attack this round).");
    const over = await h.cmd("alice", "attack", { target: "Goblin 2", override: true });
    expect(over.ephemeral).toBe(true);
    expect(over.message.content).toBe(
      "`override` is the referee's: only a referee may allow an attack beyond the round's allowance. Attack without it, or ask the referee.",
    );
    const e = await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } });
    expect(Object.values(JSON.parse(e.roundState).attacks)).toEqual([1, 1]);
  });

  // seed 000, "Reactions": Parry costs 1 stamina and lowers the attack roll by 2.
  it("presses Bob's Parry for him, shown as the referee's choice; other players still may not", async () => {
    // Goblin 2's first attack that Brom may parry (the referee may attack again: override).
    let a = await h.cmd("referee", "attack", { attacker: "Goblin 2", target: "Brom", override: true });
    for (let i = 0; i < 8 && !buttons(a.message).some((b) => /^Parry/.test(b.label)); i++)
      a = await h.cmd("referee", "attack", { attacker: "Goblin 2", target: "Brom", override: true });
    const roll = /Attack roll 2d10 \[\d+, \d+\] = (\d+) \(Attack Bonus \+0\)/.exec(text(a.message));
    expect(roll, text(a.message)).not.toBeNull();
    const parry = buttons(a.message).find((b) => /^Parry/.test(b.label))!;
    for (const user of ["alice", "mallory"]) {
      const refused = await h.press(user, a.message.id, parry.id);
      expect(refused.ephemeral).toBe(true);
      expect(refused.message.content).toBe(`That is <@${bob}>'s to decide (for Brom).`);
    }
    expect((await brom()).state.stamina).toBe(2);
    const p = await h.press("referee", a.message.id, parry.id);
    expect(p.ephemeral).toBeFalsy();
    const t = text(p.message);
    expect(t).toContain(`Brom parries: −2 → ${Number(roll![1]) - 2}.`);
    expect(t).toContain(`Brom's Parry (−2 to the attack): by the referee, for <@${bob}>.`);
    expect((await brom()).state.stamina).toBe(1);
  });
});
