// Castles & Crusades, the last rules of the combat text in play (issue 42, points 10 to 17 and 27): movement with an
// ability, the held and the restrained, the free attack that drops the one fleeing, the distance a disengagement
// keeps, the Castle Keeper's rulings on cover and on a defender nobody knows of, and what a rest and a cure say.
// Seeds are fixed (seedPrefix siege-last): the dice below are the ones they give.
import { describe, it, expect, beforeAll, afterAll, afterEach } from "vitest";
import { liveBoard, nextUntilBoard, nextUntilRound, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const refused = async (user: string, name: string, options: Record<string, unknown>, why: string | RegExp) => {
  const r = await h.cmd(user, name, options as never);
  expect(r.ephemeral, text(r.message)).toBe(true);
  expect(r.message.content).toMatch(why);
};
const say = async (user: string, name: string, options: Record<string, unknown> = {}) => {
  const r = await h.cmd(user, name, options as never);
  if (r.ephemeral) throw new Error(`/${name} refused: ${r.message.content}`);
  await h.app.bot.router.settled();
  return text(r.message);
};
const board = async () => text(await liveBoard(h));
/** Rats that any blow fells: one hit point, AC 5. */
const RATS = { stats: "HD 1 HP 1 AC 5 ATK bite 1d2", surprise: false };

describe("Castles & Crusades: the last rules in play", () => {
  beforeAll(async () => {
    h = await startE2E({ users: ["referee", "alice", "bob"], seedPrefix: "siege-last" });
    await h.cmd("referee", "campaign start", { system: "siege" });
    await h.cmd("alice", "character create", {
      name: "Una",
      sheet: "class=fighter level=3 str=14 dex=13 ac=14 hpMax=20 move=30 weapons=longsword:1d8",
    });
    await h.cmd("bob", "character create", {
      name: "Bo",
      sheet: "class=fighter level=2 str=12 ac=13 hpMax=12 weapons=mace:1d6",
    });
  });
  afterAll(async () => h?.stop());
  // A test that fails midway leaves no fight running for the next one.
  afterEach(async () => void (await h.cmd("referee", "encounter end")));

  // seed 003, "Use an Ability": "Ability may involve movement, but in most cases the movement will not exceed the
  // normal movement rate."
  it("an ability may involve movement: a move after it, up to the normal rate", async () => {
    await say("referee", "encounter start", { monsters: "1 rat", ...RATS });
    await say("referee", "next");
    await nextUntilBoard(h, /Una to act/);
    await say("alice", "declare", { action: "ability", detail: "climb the wall" });
    await refused(
      "alice",
      "declare",
      { action: "move", detail: "40" },
      "Una used an ability this round: its movement is at most the normal rate (30 ft), not 40 ft (Castles & Crusades · Use an Ability).",
    );
    expect(await say("alice", "declare", { action: "move", detail: "30" })).toMatch(
      /^Una moves 30 ft\nUna moves 30 ft \(6 squares\) with the ability: up to the normal rate \(30 ft\)\.\nCastles & Crusades · Use an Ability/,
    );
    await refused(
      "alice",
      "attack",
      { target: "Rat" },
      /^Una cannot attack this round \(used an ability: that is this round's action\)/,
    );
    await say("referee", "encounter end");
  });
  // seed 003, "Grappling": "Should an attack be successful, the defender is held and cannot act except to attempt to
  // break the hold."
  it("the held cannot move or cast: only a grapple to break the hold", async () => {
    await say("referee", "encounter start", { monsters: "1 rat", ...RATS });
    await say("referee", "condition add", { target: "Bo", condition: "held" });
    await say("referee", "next");
    await nextUntilBoard(h, /Bo to act/);
    expect(await board()).toMatch(
      /\*\*Bo\*\* .* · held \(prone and defenceless; can act only to break the hold\) this encounter/,
    );
    await refused(
      "bob",
      "declare",
      { action: "move", detail: "10" },
      /^Move is open to others but not to Bo now: while held \(prone and defenceless; can act only to break the hold\)\. Bo has nothing to declare now\./,
    );
    await refused(
      "bob",
      "declare",
      { action: "spell", detail: "Sleep" },
      /^Cast a spell is open to others but not to Bo now: while held/,
    );
    await refused("bob", "attack", { target: "Rat" }, "Bo is held: the only action is a grapple to break the hold.");
    await say("referee", "encounter end");
  });

  // seed 003, "Movement in the Combat Round": "The Castle Keeper should always allow a character to move at least 5
  // feet in a combat round, unless the character is restrained or otherwise unable to move."
  it("the restrained move no distance at all: no move, charge or disengagement, and the board says so", async () => {
    await say("referee", "encounter start", { monsters: "1 rat", ...RATS });
    await say("referee", "condition add", { target: "Una", condition: "restrained" });
    expect(await board()).toMatch(/\*\*Una\*\* .* · cannot move \(restrained\)/);
    await refused(
      "alice",
      "declare",
      { action: "charge", detail: "Rat 40" },
      "Una is restrained: no movement at all, not even the 5 ft the Castle Keeper otherwise allows: no charge (Castles & Crusades · Movement in the Combat Round).",
    );
    await refused(
      "alice",
      "declare",
      { action: "disengage" },
      /^Una is restrained: no movement at all, not even the 5 ft the Castle Keeper otherwise allows: no disengagement/,
    );
    await say("referee", "next");
    await nextUntilBoard(h, /Una to act/);
    await refused(
      "alice",
      "declare",
      { action: "move", detail: "5" },
      "Una is restrained: no movement at all, not even the 5 ft the Castle Keeper otherwise allows (Castles & Crusades · Movement in the Combat Round).",
    );
    await say("referee", "encounter end");
  });

  // seed 003, "Disengaging from Combat": "their opponent gets an attack against them as they run away. This is a free
  // attack and does not count against the opponent's other action in the round".
  it("a free attack that drops the one fleeing leaves the attacker its own attack", async () => {
    await say("referee", "encounter start", { monsters: "2 rats", ...RATS });
    await say("referee", "declare", { who: "Rat 1", action: "disengage", detail: "Una" });
    await say("referee", "next");
    await nextUntilBoard(h, /Una to act/);
    const free = await say("alice", "attack", { target: "Rat 1" });
    expect(free).toMatch(/^Una attacks Rat 1: hit\n[\s\S]*Rat 1 takes 7 damage: HP 1 → -6\.\nRat 1 is unconscious/);
    expect(await say("alice", "attack", { target: "Rat 2" })).toMatch(/^Una attacks Rat 2: /);
    await refused(
      "alice",
      "attack",
      { target: "Rat 2" },
      /^Una has already made 2 attacks this round \(one attack this round, and a free attack at Rat 1 disengaging hastily\)/,
    );
    await say("referee", "encounter end");
  });

  // seed 003, "Disengaging from Combat": "In the round following the disengagement the character or monster has put
  // distance between theirselves and their opponent"; a hasty one "automatically puts distance between" them.
  it("the distance a disengagement gains holds into the next round, until a move closes it", async () => {
    await say("referee", "encounter start", { monsters: "1 rat", ...RATS });
    await say("alice", "declare", { action: "withdraw" });
    const end = await nextUntilRound(h, 2);
    expect(end).toMatch(
      /Una has put distance between itself and its foes by disengaging: no melee with them until a move closes on Una\./,
    );
    expect(await board()).toMatch(/\*\*Una\*\* .* · out of melee after disengaging \(until a move closes on it\)/);
    await nextUntilBoard(h, /Rat to act/);
    await refused(
      "referee",
      "attack",
      { attacker: "Rat", target: "Una" },
      "Una put distance between itself and its foes by disengaging: no melee until a move closes it (`/declare move detail:Una 20`), or a missile (Castles & Crusades · Disengaging from Combat).",
    );
    expect(await say("referee", "declare", { who: "Rat", action: "move", detail: "Una 10" })).toMatch(
      /Rat closes the distance Una's disengagement had put between them: melee again\./,
    );
    expect(await say("referee", "attack", { attacker: "Rat", target: "Una" })).toMatch(/^Rat attacks Una: /);
    await say("referee", "encounter end");
  });

  // seed 003, "Cover": "In some cases, the Castle Keeper may rule that the character seeking cover may not attack."
  it("the Castle Keeper rules that one behind cover may not attack; moving out of cover ends it", async () => {
    await say("referee", "encounter start", { monsters: "1 rat", ...RATS });
    await say("referee", "next");
    await nextUntilBoard(h, /Una to act/);
    await say("alice", "declare", { action: "cover", detail: "3/4" });
    expect(await say("referee", "condition add", { target: "Una", condition: "no attack from cover" })).toMatch(
      /Una: may not attack from behind cover \(the Castle Keeper's ruling\), this encounter/,
    );
    await refused(
      "alice",
      "attack",
      { target: "Rat" },
      /^Una cannot attack this round \(behind cover, and the Castle Keeper rules it may not attack from there\)\./,
    );
    await say("alice", "declare", { action: "move", detail: "10" });
    expect(await board()).not.toMatch(/may not attack from behind cover|behind 3\/4 cover/);
    expect(await say("alice", "attack", { target: "Rat" })).toMatch(/^Una attacks Rat: /);
    await say("referee", "encounter end");
  });

  // seed 003, "Situational Modifiers": "In all instances, attackers must know of a defender's presence, though not
  // their exact location."
  it("a defender the referee marks unnoticed cannot be attacked until its foes know of it", async () => {
    await say("referee", "encounter start", { monsters: "1 rat", ...RATS });
    expect(await say("referee", "condition add", { target: "Rat", condition: "unnoticed" })).toMatch(
      /Rat: unnoticed: the foes do not know it is there and cannot attack it, this encounter/,
    );
    await say("referee", "next");
    await nextUntilBoard(h, /Una to act/);
    await refused(
      "alice",
      "attack",
      { target: "Rat" },
      `Una does not know Rat is there: attackers must know of a defender's presence (Castles & Crusades · Situational Modifiers). The referee removes "unnoticed" once they do.`,
    );
    await say("referee", "condition remove", { target: "Rat", condition: "unnoticed" });
    expect(await say("alice", "attack", { target: "Rat" })).toMatch(/^Una attacks Rat: /);
    await say("referee", "encounter end");
  });

  // seed 003, "Use an Ability": "Some abilities, like spells, take more than one round to complete."
  it("an ability of 2 rounds is the action until it completes on its user's turn the following round", async () => {
    await say("referee", "encounter start", { monsters: "1 rat", ...RATS });
    let shown = "";
    for (let i = 0; i < 4 && !/round 1 · Una to act/.test(shown); i++)
      shown = `${await say("referee", "next")}\n${await board()}`;
    expect(await say("alice", "declare", { action: "ability", detail: "Turn undead, 2 rounds" })).toMatch(
      "Una begins Turn undead, 2 rounds to complete: it completes on Una's turn in round 2, the following round. Until then it is Una's action each round: no attack or other action.\nCastles & Crusades · Use an Ability",
    );
    expect(await board()).toMatch(
      /\*\*Una\*\* .* · using Turn undead: it completes in round 2 · declared: Use an ability/,
    );
    await refused(
      "alice",
      "attack",
      { target: "Rat" },
      "Una cannot attack this round (still using Turn undead: it completes in round 2).",
    );
    // On Una's turn in round 2 the channel says the ability completes (the turn then passes on: nothing else is left).
    shown = "";
    for (let i = 0; i < 6 && !/Una's Turn undead completes now/.test(shown); i++)
      shown += `${await say("referee", "next")}\n${await board()}\n`;
    expect(shown).toMatch(
      /\nUna's Turn undead completes now, in round 2: that is Una's action this round \(Castles & Crusades · Use an Ability\)\./,
    );
    expect(await board()).toMatch(
      /round 2 · [\s\S]*\*\*Una\*\* .* · completing an ability: that is this round's action/,
    );
    await refused(
      "alice",
      "attack",
      { target: "Rat" },
      "Una cannot attack this round (completing an ability: that is this round's action).",
    );
  });

  // seed 003, "Use an Ability": "A character or monster may perform one class or racial ability each round … Some
  // monsters can perform more than one ability per round."
  it("a monster whose line gives ABILITIES 2 uses two abilities a round; a character one", async () => {
    await say("referee", "encounter start", {
      monsters: "1 wyrm",
      stats: "HD 5 AC 18 ATK bite 2d8 ABILITIES 2",
      surprise: false,
    });
    await say("referee", "next");
    expect(await say("referee", "declare", { who: "Wyrm", action: "ability", detail: "breath, fear aura" })).toMatch(
      /^Wyrm: use an ability\nWyrm uses breath and fear aura, 2 abilities this round\. That is the round's action: no attack as well; it may involve movement, up to the normal rate \(`\/declare move`\)\./,
    );
    await refused(
      "alice",
      "declare",
      { action: "ability", detail: "climb, hide" },
      `Una may perform one ability a round, not 2 ("Some monsters can perform more than one ability per round": a monster's sheet or line gives \`abilities\`, e.g. \`ABILITIES 2\`).`,
    );
  });

  // seed 003, "Hit Points": "The cure is for 8 hit points, but the knight is only brought back up to 0 hit points";
  // "In general, hit points heal at a rate of one point per day". The text keeps no light or supplies.
  it("a cure below 0 says what it did; a rest of days says days and hours, and nothing of light or supplies", async () => {
    await say("referee", "heal", { target: "Una", amount: 20 });
    await say("referee", "damage", { target: "Una", amount: 21 });
    expect(await say("referee", "heal", { target: "Una", amount: 8 })).toMatch(
      /The cure of 8 brings Una from -1 to 0 HP, as far as magical healing goes below 0: 1 of it takes effect, the other 7 are lost\./,
    );
    await say("referee", "damage", { target: "Bo", amount: 20 });
    expect(await say("referee", "heal", { target: "Bo", amount: 3 })).toMatch(
      /The cure of 3 brings Bo from -8 to -5 HP \(magical healing below 0 goes no further than 0\)\./,
    );
    await say("referee", "dungeon set", { chance: 0 });
    const rest = await say("referee", "dungeon rest", { days: 9 });
    expect(rest).toMatch(/\nTime: Turn 1296 · 9 days elapsed\n/);
    expect(rest).not.toMatch(/\(\d+ rounds\)|\nLight:|\nSupplies:/);
    const status = await say("referee", "dungeon status");
    expect(status).toMatch(/\nTime: Turn 1296 · 9 days elapsed\n/);
    expect(status).not.toMatch(/\nLight:|\nSupplies:/);
    // The movement line names this book's ruling, never Basic/Expert's "Group Movement Rate".
    expect(status).toMatch(
      /\nMovement: The slowest is Una \(30 ft a combat round\); the text gives no rate per turn, the referee judges the distance\.\n/,
    );
    expect(status).toMatch(
      /\nCastles & Crusades · a ruling: the party goes at its slowest member's rate \(this text gives movement only in combat rounds\)$/,
    );
    expect(status).not.toMatch(/Basic\/Expert/);
  });
});
