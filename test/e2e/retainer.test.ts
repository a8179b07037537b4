// A retainer's story in The Third Age through the local Discord: hired with loyalty 7 + Charisma, loyalty
// raised and lowered with reasons kept as history, checks (hesitates, stays, deserts), a fight under their employer's control, a
// restart after which they are still there, and other channels and servers that never see them.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "charisma=2 hp=10" });
  await h.cmd("bob", "character create", { name: "Brom", sheet: "hp=8" });
});
afterAll(async () => h?.stop());

describe("a retainer, end to end", () => {
  it('hire: loyalty 7 + the employer\'s Charisma (seed 000, "Morale and Loyalty")', async () => {
    const no = await h.cmd("mallory", "retainer hire", { name: "Hob", employer: "Alda" });
    expect(no.ephemeral).toBe(true);
    const r = await h.cmd("alice", "retainer hire", { name: "Hob", employer: "Alda", sheet: "body=1 hp=6" });
    const t = text(r.message);
    expect(t).toMatch(/^Hired: Hob, loyalty 9/);
    expect(t).toMatch(/Hob is hired by Alda \(<@\d+>\)\. Loyalty 9: The Third Age's starting loyalty\./);
    expect(t).toMatch(/History: <t:\d+:f> · 9 · hired by Alda/);
  });

  it("events change loyalty, each kept with its reason and time; only the referee changes it", async () => {
    const mine = await h.cmd("alice", "retainer loyalty", { name: "Hob", change: 3, reason: "I like him" });
    expect(mine.message.content).toMatch(/Only a referee/);
    const up = await h.cmd("referee", "retainer loyalty", {
      name: "Hob",
      change: 1,
      reason: "a share of the treasure",
    });
    expect(text(up.message)).toMatch(/Hob's loyalty rises: 9 → 10 — a share of the treasure\./);
    const down = await h.cmd("referee", "retainer loyalty", {
      name: "Hob",
      change: -1,
      reason: "left behind in the pit",
    });
    expect(text(down.message)).toMatch(/Hob's loyalty falls: 10 → 9 — left behind in the pit\./);
    const history = text((await h.cmd("alice", "retainer loyalty", { name: "Hob" })).message);
    expect(history).toMatch(
      /9 · hired by Alda[^\n]*\n<t:\d+:f> · \*\*\+1\*\* → 10 · a share of the treasure\n<t:\d+:f> · \*\*-1\*\* → 9 · left behind in the pit/,
    );
    expect((await h.cmd("bob", "retainer loyalty", { name: "Hob" })).ephemeral).toBe(true);
  });

  it("a check: 2d6 against loyalty, the result in words", async () => {
    const r = await h.cmd("alice", "retainer check", { name: "Hob" });
    const t = text(r.message);
    // seed e2e-1 (the campaign's first roll): 2d6 [4, 5] = 9 against loyalty 9.
    expect(t).toMatch(/^Hob: Loyalty: hesitates/);
    expect(t).toMatch(
      /Hob hesitates\.\nLoyalty check 2d6 \[4, 5\] = 9 vs loyalty 9\n9 equals loyalty 9: the retainer hesitates/,
    );
    expect(t).toMatch(/Status: active/);
    expect(t).toMatch(/9 · loyalty check \(2d6 = 9\): hesitates/);
  });

  it("lists per employer; the referee sees the whole campaign", async () => {
    expect(text((await h.cmd("alice", "retainer list")).message)).toMatch(
      /Your retainers in Barrow\n\*\*Hob\*\* — loyalty 9$/,
    );
    expect(text((await h.cmd("bob", "retainer list")).message)).toMatch(/No retainers yet/);
    expect(text((await h.cmd("referee", "retainer list")).message)).toMatch(
      /Retainers in Barrow\n\*\*Hob\*\* — loyalty 9 · <@\d+>/,
    );
  });

  it("joins a fight under Alda's player and rolls morale against loyalty", async () => {
    await h.cmd("referee", "encounter start", { monsters: "1 goblin", surprise: false });
    expect((await h.cmd("bob", "encounter join", { retainer: "Hob" })).ephemeral).toBe(true);
    const j = await h.cmd("alice", "encounter join", { retainer: "Hob" });
    expect(text(j.message)).toMatch(/Hob \(retainer of <@\d+>\) joins the fight\./);
    const hob = await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Hob" } });
    expect(hob).toMatchObject({ kind: "retainer", side: "party", controllerId: h.users.alice });
    const m = text((await h.cmd("referee", "morale", { side: "party" })).message);
    // seed e2e-2 (the encounter's, after the goblin's hit die): Hob rolls 2d6 [1, 4] = 5 against loyalty 9; the characters
    // roll none (seed 000, "Morale and Loyalty" gives morale to monsters).
    expect(m).toMatch(
      /Hob \(loyalty 9\): Morale roll 2d6 \[1, 4\] = 5 vs morale 9; 5 is not above 9: Hob holds\.\nThe Third Age gives morale to monsters only/,
    );
    // Alda's player controls two: /attack without an attacker asks which, until only one of them has an attack left.
    // The order rolled is the record; who is to act is on the board below it.
    expect((await h.cmd("referee", "initiative")).ephemeral).toBeFalsy();
    let order = text(await liveBoard(h));
    for (let i = 0; i < 3 && !/round 1 · Alda, Brom, Hob to act/.test(order); i++) {
      await h.cmd("referee", "next");
      order = text(await liveBoard(h));
    }
    expect(order).toMatch(/round 1 · Alda, Brom, Hob to act/);
    const which = await h.cmd("alice", "attack", { target: "Goblin" });
    expect(which.ephemeral).toBe(true);
    expect(which.message.content).toBe("You control Alda, Hob: say which attacks with the `attacker` option.");
    expect(text((await h.cmd("alice", "attack", { attacker: "Hob", target: "Goblin" })).message)).toMatch(
      /^Hob attacks Goblin/,
    );
    const alda = await h.cmd("alice", "attack", { target: "Goblin" });
    expect(alda.ephemeral).toBeFalsy();
    expect(text(alda.message)).toMatch(/^Alda attacks Goblin/);
    await h.cmd("referee", "encounter end");
  });

  it("survives a restart, then stays, and deserts when treated badly", async () => {
    await h.restart();
    expect(text((await h.cmd("alice", "retainer list")).message)).toMatch(/\*\*Hob\*\* — loyalty 9$/);
    const history = text((await h.cmd("referee", "retainer loyalty", { name: "Hob" })).message);
    expect(history).toMatch(/left behind in the pit\n<t:\d+:f> · 9 · loyalty check \(2d6 = 9\): hesitates/);
    // seed 000 loyalty (2d6 + modifier against loyalty): with −6 it is always below 9, with +6 always above 4.
    const stays = text((await h.cmd("alice", "retainer check", { name: "Hob", modifier: -6 })).message);
    expect(stays).toMatch(/^Hob: Loyalty: stays\nHob stays\./);
    // Issue 20: the history keeps the dice as they showed, then the modifier.
    const shown = text((await h.cmd("referee", "retainer loyalty", { name: "Hob" })).message);
    // seed e2e-1: 2d6 shows 9, the −6 makes it 3: "2d6 = 9, −6 = 3", not "2d6 = 3".
    expect(shown).toMatch(/· 9 · loyalty check \(2d6 = 9, −6 = 3\): stays/);
    await h.cmd("referee", "retainer loyalty", { name: "Hob", change: -5, reason: "used as a trap-finder" });
    const desert = text((await h.cmd("referee", "retainer check", { name: "Hob", modifier: 6 })).message);
    expect(desert).toMatch(/^Hob: Loyalty: deserts\nHob deserts and leaves the party\./);
    expect(text((await h.cmd("alice", "retainer list")).message)).toMatch(/\*\*Hob\*\* — loyalty 4 \(deserted\)/);
  });

  it("another channel or another server never sees them", async () => {
    const channel = h.local.createChannel(h.guildId, "elsewhere").id;
    const none = await h.cmd("alice", "retainer list", undefined, { channelId: channel });
    expect(none.message.content).toMatch(/no campaign in this channel/);
    await h.cmd("referee", "campaign start", { system: "third-age", name: "Other" }, { channelId: channel });
    expect(text((await h.cmd("referee", "retainer list", undefined, { channelId: channel })).message)).toMatch(
      /Retainers in Other\nNo retainers yet/,
    );
    expect(
      (await h.cmd("referee", "retainer loyalty", { name: "Hob" }, { channelId: channel })).message.content,
    ).toMatch(/No retainer named "Hob" in "Other"/);
    const guild = h.local.createGuild("Another Table").id;
    const there = h.local.createChannel(guild, "table").id;
    h.local.addMember(guild, h.users.alice!);
    const away = await h.cmd("alice", "retainer list", undefined, { guildId: guild, channelId: there });
    expect(away.message.content).toMatch(/no campaign in this channel/);
    expect(h.local.validationErrors).toEqual([]);
  });
});
