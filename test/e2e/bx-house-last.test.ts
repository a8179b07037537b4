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

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "house42" });
  await h.cmd("referee", "campaign start", { system: "bx-house" });
  await h.cmd("alice", "character create", { name: "Ash", sheet: "class=fighter level=2 hp=20 str=10 dex=10 ac=5 movement=120 weapons=lance:1d6|sword:1d8" });
});
afterAll(() => h?.stop());

describe("issue 42: the house rules at the table", () => {
  // seed 001, "MISC COMBAT RULES": "Mounted opponents get a +1 to-hit against unmounted opponents"; "Foes on horseback
  // charging with a lance will get a +2 to hit and do double damage (2D6 x 2) to approximately man-sized foes".
  it("a declared mount gives +1 against a foe on foot, and the lance charged on horseback does 2d6 × 2", async () => {
    await ok("referee", "encounter start", { monsters: "Sentry", stats: "HD 1 HP 40 AC 9 ATK spear 1d6 ML 12", surprise: false });
    await ok("referee", "next");
    await ok("alice", "declare", { action: "mount" });
    // No `mounted:true` typed: the declared mount is what the attack reads.
    expect(await ok("alice", "attack", { target: "Sentry", weapon: "sword" })).toMatch(/with sword \(melee\): d20 6 \(mounted \+1\) = 7; needs 10/);
    await toAct(/round 1 · everyone has acted/);
    await ok("alice", "declare", { action: "charge" });
    await ok("referee", "next");
    const lance = await ok("alice", "attack", { target: "Sentry", weapon: "lance", modifier: 10 });
    expect(lance).toMatch(/d20 2 \(charge \+2, mounted \+1, player's modifier \+10\) = 15; needs 10/);
    expect(lance).toMatch(/Damage 2d6 \[6, 4\] × 2: 20/);
  });

  // seed 001, "ENCOUNTER ORDER" 7: "Magically HASTED creatures move twice as fast and always have initiative."
  it("hasted, Ash runs 240' a round, twice his 120'", async () => {
    await ok("referee", "declare", { action: "hasted", who: "Ash" });
    await toAct(/round 2 · everyone has acted/);
    await ok("alice", "declare", { action: "run" });
    expect(await ok("referee", "next")).toMatch(/Ash runs\nUp to 240', no attack or other action this round\./);
  });
});
