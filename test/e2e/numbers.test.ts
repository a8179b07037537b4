// Numbers that agree, through the local Discord: a fight's rolls are numbered from 1 (the /roll footer and
// /verify alike, never by a row id), hit points read the same in the damage line and on the board, a death
// is told in one line, and nobody hurt is called "fine".
// Seeds are fixed: B/X campaign e2e-1, Castles & Crusades campaign e2e-2, the B/X encounter e2e-3, the other e2e-4.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
let siegeRoom: string;
const inSiege = (user: string, name: string, options?: Record<string, unknown>) =>
  h.cmd(user, name, options as never, { channelId: siegeRoom });
const DEBUG = process.env.NUMBERS_DEBUG === "1";
const show = <T extends { message: Parameters<typeof text>[0] }>(r: T): T => (DEBUG && console.log(text(r.message)), r);
const deathLines = (t: string) => t.split("\n").filter((l) => /dead|killed|slain|dies\b/i.test(l));

describe("time and numbers that agree", () => {
  beforeAll(async () => {
    h = await startE2E();
    siegeRoom = h.local.createChannel(h.guildId, "siege-room").id;
    await h.cmd("referee", "campaign start", { system: "bx" });
    await h.cmd("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=3 str=16 dex=13 hp=18 ac=4 thac0=10 weapons=sword:1d8",
    });
    await inSiege("referee", "campaign start", { system: "siege" });
    await inSiege("bob", "character create", {
      name: "Una",
      sheet: "class=fighter level=3 str=18 dex=13 ac=14 hpMax=20 move=30 weapons=longsword:1d8+8",
    });
  });
  afterAll(async () => h?.stop());

  it("a roll outside the fight is the campaign's first; inside, the fight's own count (not the log's row id)", async () => {
    const before = show(await h.cmd("alice", "roll", { dice: "1d6" }));
    expect(text(before.message)).toMatch(/from the campaign "Basic\/Expert campaign" stream · #1 in \/verify$/m);
    show(await h.cmd("referee", "encounter start", { name: "Hall", monsters: "2 goblins", surprise: false }));
    show(await h.cmd("referee", "next"));
    // The fight's rolls so far: 2 hit points, the distance, 2 initiative dice; the log's row ids run one ahead.
    const inside = show(await h.cmd("alice", "roll", { dice: "1d6" }));
    expect(text(inside.message)).toMatch(/from the encounter "Hall" stream · #6 in \/verify$/m);
  });

  // seed 002, "Death": "A character or monster reduced to 0 hit points or less is killed": shown as 0, dead.
  it("B/X: a kill below 0 is one line, HP 1 → 0, dead; the board shows the same 0", async () => {
    // Dorn's turn in round 1, the round over (everyone has acted), round 2's order rolled at once (foes first), then Dorn's turn.
    for (let i = 0; i < 4; i++) show(await h.cmd("referee", "next"));
    const hurt = show(await h.cmd("referee", "damage", { target: "Goblin 1", amount: 4 }));
    expect(text(hurt.message)).toMatch(/Goblin 1 takes 4 damage: HP 5 → 1\.\nNow: HP 1\/5 \(wounded\)\./);
    const kill = show(await h.cmd("alice", "attack", { target: "Goblin 1" }));
    const t = text(kill.message);
    expect(t).toMatch(/^Dorn attacks Goblin 1: slain/);
    expect(t).toMatch(/Damage 1d6 \(STR \+2\): 3 /);
    expect(deathLines(t).filter((l) => !l.startsWith("Dorn attacks"))).toEqual([
      "Goblin 1 takes 3 damage: HP 1 → 0, dead.",
    ]);
    expect(t).not.toMatch(/→ -|would drop|is killed/);
    const board = show(await h.cmd("referee", "encounter show"));
    expect(text(board.message)).toMatch(/\*\*Goblin 1\*\* `░+` HP 0\/5 · dead/);
  });

  it('the end names who fell and who stands, with no "(fine)" for anyone', async () => {
    await h.cmd("alice", "roll", { dice: "1d6" });
    // Round 2 is over (everyone has acted): the referee ends the fight without starting round 3, whose Next round ▶
    // would roll the due morale check and round 3's order at once.
    const end = show(await h.cmd("referee", "encounter end"));
    const t = text(end.message);
    expect(t).toMatch(/Fell: Goblin 1 \(dead\)/);
    expect(t).toMatch(/Still standing: Dorn\nGoblin 2\n/);
    expect(t).not.toMatch(/fine/);
  });

  it("/verify numbers the fight's rolls from 1, and the count it ends with is the last number", async () => {
    const v = show(await h.cmd("alice", "verify"));
    const t = text(v.message);
    const numbers = [...t.matchAll(/^✅ #(\d+) /gm)].map((m) => Number(m[1]));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(t).toMatch(/^✅ #1 monsters' hit points: hit points — `1d8-1` \[6\]$/m);
    // The roll whose footer said "#6 in /verify" is #6 here.
    expect(t).toMatch(/^✅ #6 roll — `1d6` \[\d\]$/m);
    expect(t).toMatch(/Rolls: 11 of 11 match/);
    // The referee's roll log numbers them the same way, by the stream they came from.
    const log = text((await h.cmd("referee", "campaign rolls")).message);
    expect(log).toMatch(new RegExp(`^#1 <@${h.users.alice}> roll: \`1d6\``, "m"));
    expect(log).toMatch(new RegExp(`^Hall #6 <@${h.users.alice}> roll: \`1d6\``, "m"));
    expect(log).toMatch(new RegExp(`^Hall #11 <@${h.users.alice}> roll: \`1d6\``, "m"));
  });

  // seed 003, "Hit Points": −1 to −9 are states of their own and −10 is death, so negative hit points show.
  it("Castles & Crusades: a kill is one line with the real negative HP, and the board shows the same number", async () => {
    await inSiege("referee", "encounter start", {
      name: "Ford",
      monsters: "Goon",
      stats: "HD 1 (d8) AC 10 ATK club 1d6 SIZE medium HP 3",
      surprise: false,
    });
    await inSiege("referee", "next");
    const kill = show(await inSiege("bob", "attack", { target: "Goon" }));
    const t = text(kill.message);
    expect(deathLines(t)).toEqual(["Goon takes 17 damage: HP 3 → -14, dead."]);
    const board = show(await inSiege("referee", "encounter show"));
    expect(text(board.message)).toMatch(/\*\*Goon\*\* `░+` HP -14\/3 · dead/);
  });

  it("a wounded character is said to be wounded, not fine", async () => {
    const d = show(await inSiege("referee", "damage", { target: "Una", amount: 3 }));
    expect(text(d.message)).toMatch(/Una takes 3 damage: HP 20 → 17\.\nNow: HP 17\/20 \(wounded\)\./);
    const sheet = show(await inSiege("bob", "character show"));
    expect(text(sheet.message)).toMatch(/\*\*HP 17\/20\*\* · wounded/);
  });
});
