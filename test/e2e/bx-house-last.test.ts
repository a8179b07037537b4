// Issue 42 (the B/X house rules, seed 001): a declared mount, haste, "in melee" within 10 feet, the whip's reach
// and size, six around a man-sized defender, the free attacks of the foes a retreat passes, and marks that go stale.
// Seeds are fixed (seedPrefix house42): the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, buttons, liveBoard, type E2E, saying } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
const ok = async (user: string, name: string, options: Record<string, unknown> = {}) => {
  const r = await say(user, name, options);
  if (r.ephemeral) throw new Error(`/${name} refused: ${r.message.content}`);
  await h.app.bot.router.settled();
  return text(r.message);
};
const refused = async (user: string, name: string, options: Record<string, unknown>, why: string | RegExp) => {
  const r = await say(user, name, options);
  expect(r.ephemeral, text(r.message)).toBe(true);
  expect(r.message.content).toMatch(why);
};
const board = async () => {
  const b = await liveBoard(h);
  if (DEBUG) console.log(`--- the board\n${text(b)}\n${JSON.stringify(buttons(b).map((x) => x.label))}`);
  return text(b);
};

/** The referee moves on (/next) until the board says `pattern`. */
const toAct = async (pattern: RegExp) => {
  for (let i = 0; i < 8; i++) {
    if (pattern.test(await board())) return;
    await ok("referee", "next");
  }
  throw new Error(`never reached ${pattern}`);
};

/** A new fight (the last one ended first). */
const fresh = async (options: Record<string, unknown>) => {
  await say("referee", "encounter end");
  return ok("referee", "encounter start", { surprise: false, ...options });
};

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "house42" });
  await h.cmd("referee", "campaign start", { system: "bx-house" });
  await h.cmd("bob", "character create", {
    name: "Bea",
    sheet: "class=thief level=3 hp=18 dex=10 ac=7 movement=120 weapons=whip:1d2|dagger:1d4",
  });
  await h.cmd("alice", "character create", {
    name: "Ash",
    sheet: "class=fighter level=2 hp=20 str=10 dex=10 ac=5 movement=120 weapons=lance:1d6|sword:1d8",
  });
});
afterAll(() => h?.stop());

describe("issue 42: the house rules at the table", () => {
  // seed 001, "MISC COMBAT RULES": "Mounted opponents get a +1 to-hit against unmounted opponents"; "Foes on horseback
  // charging with a lance will get a +2 to hit and do double damage (2D6 x 2) to approximately man-sized foes".
  it("a declared mount gives +1 against a foe on foot, and the lance charged on horseback does 2d6 × 2", async () => {
    await ok("referee", "encounter start", {
      monsters: "Sentry",
      stats: "HD 1 HP 40 AC 9 ATK spear 1d6 ML 12",
      surprise: false,
    });
    await ok("referee", "next");
    await ok("alice", "declare", { action: "mount" });
    // No `mounted:true` typed: the declared mount is what the attack reads.
    const sword = await ok("alice", "attack", { target: "Sentry", weapon: "sword" });
    const [, die, total] = /with sword \(melee\): d20 (\d+) \(mounted \+1\) = (\d+); needs 10/.exec(sword) ?? [];
    expect(Number(total), sword).toBe(Number(die) + 1);
    await toAct(/round 1 · everyone has acted/);
    await ok("alice", "declare", { action: "charge" });
    await ok("referee", "next");
    const lance = await ok("alice", "attack", { target: "Sentry", weapon: "lance", modifier: 10 });
    expect(lance).toMatch(/d20 \d+ \(charge \+2, mounted \+1, player's modifier \+10\) = \d+; needs 10/);
    const [, a, b, dmg] = /Damage 2d6 \[(\d), (\d)\] × 2: (\d+)/.exec(lance) ?? [];
    expect(Number(dmg), lance).toBe(2 * (Number(a) + Number(b)));
  });

  // seed 001, "ENCOUNTER ORDER" 7: "Magically HASTED creatures move twice as fast and always have initiative."
  it("hasted, Ash runs 240' a round, twice his 120'", async () => {
    await ok("referee", "declare", { action: "hasted", who: "Ash" });
    await toAct(/round 2 · everyone has acted/);
    await ok("alice", "declare", { action: "run" });
    expect(await ok("referee", "next")).toMatch(/Ash runs\nUp to 240', no attack or other action this round\./);
  });

  // seed 001, "MISC COMBAT RULES": "Creatures are considered to be "in melee" when they are within 10 feet of each other".
  it("in melee within 10 feet: a typed 15' is refused, 10' is in melee; with the distance kept, a move closes it", async () => {
    await fresh({ monsters: "Sentry", stats: "HD 1 HP 40 AC 9 ATK spear 1d6 ML 12" });
    await ok("referee", "next");
    await refused(
      "referee",
      "attack",
      { attacker: "Bea", target: "Sentry", weapon: "dagger", distance: 15 },
      'Sentry is 15\' away: melee attacks are possible only "in melee", within 10 feet of each other (B/X house rules · MISC COMBAT RULES). Move first (declare Move), or use a missile weapon.',
    );
    const near = await ok("referee", "attack", { attacker: "Bea", target: "Sentry", weapon: "dagger", distance: 10 });
    expect(near).toMatch(/Distance 10': in melee\./);
    expect(near).not.toMatch(/Ignored by this system/);
    // Kept: the sides start at the rolled distance (70'), Ash's Move (half of 120') closes 60' of it.
    await ok("referee", "campaign set", { option: "distance", value: "kept" });
    expect(await fresh({ monsters: "Sentry", stats: "HD 1 HP 40 AC 9 ATK spear 1d6 ML 12" })).toMatch(
      /2d6 = 7 × 10 = 70 feet/,
    );
    expect(await ok("alice", "declare", { action: "move" })).toMatch(
      /Up to 60' and attack \(half the turn's movement\)\.\nCloses 60' to Sentry: in melee\./,
    );
    await ok("referee", "next");
    expect(await board()).not.toMatch(/at:\d/);
    await refused(
      "referee",
      "attack",
      { attacker: "Bea", target: "Sentry", weapon: "dagger" },
      /^Sentry is 70' \(the encounter's distance\) away: melee attacks are possible only "in melee", within 10 feet/,
    );
    expect(await ok("referee", "attack", { attacker: "Ash", target: "Sentry", weapon: "sword" })).toMatch(
      /Distance 10' \(the encounter's distance\): in melee\./,
    );
    await ok("referee", "campaign set", { option: "distance", value: "referee" });
  });

  // seed 001, "MISC COMBAT RULES": "A whip may be used to entangle an opponent of ogre size or smaller … Whips can be
  // used against an opponent who is 10 feet away."
  it("a whip entangles nothing larger than an ogre (a stat line can say SZ huge), and reaches 10 feet, not 20", async () => {
    await fresh({ monsters: "Giant, 1 ogre", stats: "Giant: HD 8 HP 50 AC 4 ATK club 2d8 SZ huge" });
    await ok("referee", "next");
    await ok("referee", "declare", { action: "entangle", who: "Bea" });
    expect(await board()).toMatch(/\*\*Bea\*\*[^\n]*entangling with a whip on the next hit/);
    const giant = await ok("referee", "attack", { attacker: "Bea", target: "Giant", modifier: 15 });
    expect(giant).toMatch(
      /The whip cannot entangle it: Giant is larger than an ogre: a whip entangles only an opponent of ogre size or smaller\. No save\./,
    );
    expect(giant).not.toMatch(/saves vs paralysis/);
    await refused(
      "referee",
      "attack",
      { attacker: "Bea", target: "Ogre", distance: 20, override: true },
      "Ogre is 20' away: whips can be used against an opponent who is 10 feet away, no farther (B/X house rules · MISC COMBAT RULES). Move first (declare Move), or use a missile weapon.",
    );
  });

  // seed 001, "MISC COMBAT RULES": "Up to 6 combatants of around human size can surround and attack a human-sized character in melee".
  it("six goblins surround Ash; a seventh is refused, and the referee's override lets it in, said so", async () => {
    await fresh({ monsters: "7 goblins" });
    await ok("referee", "next");
    for (let i = 1; i <= 6; i++) await ok("referee", "attack", { attacker: `Goblin ${i}`, target: "Ash" });
    await refused(
      "referee",
      "attack",
      { attacker: "Goblin 7", target: "Ash" },
      "Ash is already surrounded by 6 attackers, the most around a man-sized defender (B/X house rules · MISC COMBAT RULES): Goblin 7 cannot reach it in melee.",
    );
    expect(await ok("referee", "attack", { attacker: "Goblin 7", target: "Ash", override: true })).toMatch(
      /Referee override: Goblin 7 is attacker 7 around Ash, more than the 6 a man-sized defender can be surrounded by\./,
    );
  });

  // seed 001, "MISC COMBAT RULES" (Retreat): "If the fleeing/ moving party passes within 10' of any other opponents not
  // in melee, and does not engage them, each of these also gets a free attack against the fleeing party in the same manner."
  it("a retreat past Orc 2: Orc 2's free attack at +2, sent at Ash by Foes attack; the marks say what holds", async () => {
    await fresh({ monsters: "2 orcs" });
    await ok("referee", "next");
    await ok("referee", "attack", { attacker: "Orc 1", target: "Ash", override: true });
    await toAct(/round 1 · everyone has acted/);
    await ok("alice", "declare", { action: "retreat", detail: "Orc 2" });
    const r2 = await ok("referee", "next");
    expect(r2).toMatch(
      /Ash retreats: free attacks\nAsh: 3\.\nOrc 1: 1 — no parting shot\.\nOrc 2: passed within 10', not in melee — a free attack at \+2, shield not counted\./,
    );
    // seed 001: "If their opponent(s) roll higher, then each of those who did get one free attack at +2": Orc 1 lost the roll.
    const b = await board();
    expect(b).toMatch(/\*\*Ash\*\*[^\n]*retreating: no attack this round/);
    expect(b).not.toMatch(/foes \+2 and no shield/);
    expect(b).toMatch(/\*\*Orc 2\*\*[^\n]*gets a free attack at a retreating foe \(\+2, shield not counted\)/);
    // The board's Foes attack sends Orc 2 at Ash, its own attack and the free one, each at +2.
    const live = await liveBoard(h);
    const before = h.local.channelMessages(h.channelId).length;
    await h.press("referee", live.id, buttons(live).find((x) => x.label.startsWith("Foes attack"))!.id);
    await h.app.bot.router.settled();
    const posted = h.local.channelMessages(h.channelId).slice(before).map(text);
    expect(
      posted.filter((m) => /^Orc 2 attacks Ash: /.test(m)).map((m) => /d20 \d+ \(parting shot \+2\)/.test(m)),
    ).toEqual([true, true]);
  });

  // Issue 42, point 28: a mark naming one who is out of the fight says nothing true any more.
  it("Ash fought the ogre; once it is dead the board no longer says he is fighting it", async () => {
    await fresh({ monsters: "1 ogre" });
    await ok("referee", "next");
    await ok("referee", "attack", { attacker: "Ash", target: "Ogre", weapon: "sword" });
    expect(await board()).toMatch(/\*\*Ash\*\*[^\n]*fighting Ogre/);
    await ok("referee", "damage", { target: "Ogre", amount: 50 });
    const b = await board();
    expect(b).toMatch(/\*\*Ogre\*\*[^\n]*dead/);
    expect(b).not.toMatch(/fighting Ogre/);
  });
});
