// Castles & Crusades in the round (issue 29, points 13, 18, 2, 8, 9, 3 and 4): the free attacks of a hasty
// disengagement, a charge at a named foe, first strike on closing in, spells of several rounds, the monk's second
// attack, packed items and the Castle Keeper's reduced movement.
// Seeds are fixed (seedPrefix siege-rd): the dice below are the ones they give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { buttons, liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const refused = async (user: string, name: string, options: Record<string, unknown>, why: string | RegExp) => {
  const r = await h.cmd(user, name, options as never);
  expect(r.ephemeral, text(r.message)).toBe(true);
  expect(r.message.content).toMatch(why);
};
const say = async (user: string, name: string, options: Record<string, unknown> = {}) => {
  const r = await h.cmd(user, name, options as never);
  if (r.ephemeral) throw new Error(`/${name} refused: ${r.message.content}`);
  // The bot's work after its answer (the board below it, the old one's deletion) is done before the next command.
  await h.app.bot.router.settled();
  return text(r.message);
};
/** The live board's text (its title, notes and roster), once the bot has posted it below the last answer. */
const board = async () => text(await liveBoard(h));
/** `say`, then what the channel shows of it: the answer (the record, when it rolled something) and the board below. */
const sayAndBoard = async (user: string, name: string, options: Record<string, unknown> = {}) =>
  `${await say(user, name, options)}\n${await board()}`;

describe("Castles & Crusades in the round", () => {
  beforeAll(async () => {
    h = await startE2E({ users: ["referee", "alice", "bob"], seedPrefix: "siege-rd" });
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

  // seed 003, "Disengaging from Combat": "their opponent gets an attack against them as they run away. This is a free
  // attack and does not count against the opponent's other action in the round, although the opponent may not make a
  // second attack against the fleeing character."
  it("a hasty disengagement: only the foes in melee with the one fleeing get a free attack, one each, in melee", async () => {
    await say("referee", "encounter start", { monsters: "2 orcs, 1 goblin", surprise: false });
    await refused(
      "alice",
      "declare",
      { action: "disengage", detail: "Ogre" },
      /"ogre" is not a foe in the fight: name the foes in melee with Una \(.*Orc 1.*\), separated by commas\./,
    );
    expect(await say("alice", "declare", { action: "disengage", detail: "Orc 1" })).toMatch(
      /Hasty disengagement: up to 120 ft, −2 AC for the round[\s\S]*Orc 1 is in melee with Una: one free attack each, never a second; no other foe gets one\./,
    );
    await say("referee", "next");
    expect(await board()).toMatch(/round 1 · Goblin, Orc 1 to act/);
    // Orc 1's own attack at Bo, then its free one at Una: in melee, not from 200 ft.
    expect(await say("referee", "attack", { attacker: "Orc 1", target: "Bo" })).toMatch(
      /\*\*scimitar\*\*: d20 20 \+ 1 \(BtH \+1\) = \*\*21\*\* vs AC 13 → hit, 1d8 = 6 damage\./,
    );
    await refused(
      "referee",
      "attack",
      { attacker: "Orc 1", target: "Una", distance: 200 },
      "Orc 1's free attack at Una is made in melee as they run away, not from afar (Castles & Crusades · Disengaging from Combat).",
    );
    expect(await say("referee", "attack", { attacker: "Orc 1", target: "Una" })).toMatch(
      /= \*\*17\*\* vs AC 12 = sheet AC 14 − 2 hasty disengagement → hit, 1d8 = 8 damage\./,
    );
    await refused(
      "referee",
      "attack",
      { attacker: "Orc 1", target: "Una" },
      /Orc 1 has already made 2 attacks this round \(one attack this round, and a free attack at Una disengaging hastily\)/,
    );
    // Orc 2 was not in melee with Una: its one attack, and no free one.
    expect(await say("referee", "attack", { attacker: "Orc 2", target: "Bo" })).toMatch(/Orc 2 attacks Bo: miss/);
    await refused(
      "referee",
      "attack",
      { attacker: "Orc 2", target: "Una" },
      /^Orc 2 has already attacked this round \(one attack this round\)\./,
    );
    await say("referee", "encounter end");
  });

  // seed 003, "Charging": "Una the elf announces that she is going to charge an orc … As long as the orc is at least 30
  // feet away, but no more than 60 feet"; "Initiative": the larger creature strikes first "only if the … smaller
  // creature approaches within ten feet".
  it("a charge names its foe and distance; only the foe charged strikes first; a one tap says what to give", async () => {
    await say("referee", "encounter start", { monsters: "1 ogre, 1 orc", surprise: false });
    const start = await liveBoard(h);
    const charge = buttons(start).find((b) => b.label === "Charge")!;
    // One tap opens the detail box; left empty, the charge is refused with what to give, and nothing is set.
    const tap = await h.press("alice", start.id, charge.id);
    expect(JSON.stringify(tap.modal)).toContain('"placeholder":"the foe and its distance in feet, e.g. Orc 1 40"');
    const empty = await h.submit("alice", String(tap.modal!.custom_id), { detail: "" });
    expect(empty.ephemeral).toBe(true);
    expect(empty.message.content).toMatch(
      "Say whom Una charges and how far away, e.g. `/declare charge detail:Orc 1 40`: the foe must be 30–60 ft away, in a straight line.",
    );
    await refused(
      "alice",
      "declare",
      { action: "charge", detail: "Orc 25" },
      "Una cannot charge: The foe is 25 ft away: a charge needs at least the normal rate, 30 ft.",
    );
    expect(await say("alice", "declare", { action: "charge", detail: "Orc, 40 ft" })).toMatch(
      /Una charges Orc, 40 ft away\. Charge allowed \(30–60 ft\)/,
    );
    const r1 = await sayAndBoard("referee", "next");
    expect(r1).not.toMatch(/First round: Ogre strikes first/);
    expect(r1).toMatch(/round 1 · /);
    await say("referee", "encounter end");
  });

  // seed 003, "Initiative": "when a large creature is fighting a medium or smaller sized creature. In the first round
  // only, the creature with the longer reach or larger size is allowed to attack first, even if the creature with the
  // shorter reach or smaller size won the initiative roll. This rule only applies if the … smaller creature approaches
  // within ten feet. Such action counts as the action for that round for the larger creature".
  it("closing within ten feet of a larger foe by a move: the foe strikes first, as its action for the round", async () => {
    await say("referee", "heal", { target: "Una", amount: 8 });
    await say("referee", "encounter start", { monsters: "1 goblin, 1 ogre", surprise: false });
    // Una won the initiative over the Ogre: she is #2, it is #4.
    await say("referee", "next");
    expect(await board()).toMatch(/#2 \*\*Una\*\*[\s\S]*#4 \*\*Ogre\*\*/);
    await say("referee", "next");
    expect(await board()).toMatch(/round 1 · Una to act/);
    await refused(
      "alice",
      "declare",
      { action: "move", detail: "Troll 20" },
      '"Troll" is not the foe closed on: choose Goblin, Ogre.',
    );
    const move = await say("alice", "declare", { action: "move", detail: "Ogre 15" });
    expect(move).toMatch(
      "Una moves 15 ft (3 squares): no more than half the rate (15 ft), so the attack is still allowed.\nFirst round: Una closes within ten feet of Ogre, so Ogre strikes first (large against medium), before Una's attack on it and out of its turn; that strike is Ogre's action this round.\nCastles & Crusades · Initiative",
    );
    expect(await board()).toMatch(/\*\*Una\*\* .* · closed within 10 ft of Ogre · declared: Move/);
    await refused(
      "alice",
      "attack",
      { target: "Ogre" },
      "Ogre strikes first: Una closed within ten feet of it in the first round, so Ogre attacks Una before Una's attack, out of its turn (Castles & Crusades · Initiative).",
    );
    expect(await say("referee", "attack", { attacker: "Ogre", target: "Una" })).toMatch(
      /^Ogre attacks Una: hit\n\*\*club\*\*: d20 13 \+ 7 \(BtH \+4, STR \+3\) = \*\*20\*\* vs AC 14 → hit, 2d8 \(STR \+3\) = 13 damage\.\nReferee: Ogre acts out of turn\./,
    );
    expect(await say("alice", "attack", { target: "Ogre" })).toMatch(
      /^Una attacks Ogre: hit\n\*\*longsword\*\*: d20 17 \+ 4/,
    );
    // "Such action counts as the action for that round for the larger creature": at its own place, no second attack.
    // The turn passed on to Bo after Una's attack; past Bo, the Ogre has nothing left to do at its place, so the round is over.
    await say("referee", "next");
    expect(await board()).toMatch(/\*\*Una\*\* .* · closed within 10 ft of Ogre, struck first by Ogre/);
    // Soft: the bot moves the turn to the Ogre's place (its title naming nobody to act) instead of passing it by.
    expect.soft(await board()).toMatch(/round 1 · everyone has acted/);
    await refused(
      "referee",
      "attack",
      { attacker: "Ogre", target: "Bo" },
      /^Ogre has already attacked this round \(one attack this round\)\./,
    );
    await say("referee", "encounter end");
  });

  // seed 003, "Movement in the Combat Round": "The Castle Keeper has the option of reducing the movement rate due to
  // terrain, obstacles, injuries … Generally, the movement rate should not be reduced by more than three-fourths
  // (0.75). The Castle Keeper should always allow a character to move at least 5 feet"; "Drop all fractions".
  it("the Castle Keeper reduces movement: at most by three-quarters, fractions dropped, never below 5 ft; the board shows the rate", async () => {
    await say("referee", "encounter start", {
      monsters: "1 slug",
      stats: "HD 1 AC 10 MV 10 ATK bite 1d2",
      surprise: false,
    });
    const slow = await say("referee", "condition add", { target: "Una", condition: "slowed by three-quarters" });
    expect(slow).toMatch(/Una: movement reduced by three-quarters \(the most\), this encounter/);
    // 30 ft × 0.25 = 7.5: 7 ft.
    expect(await board()).toMatch(/\*\*Una\*\*.* · moves 7 ft a round \(30 ft reduced\)/);
    await say("referee", "condition add", {
      target: "Slug",
      condition: "movement reduced by three-quarters (the most)",
    });
    await say("referee", "next");
    expect(await board()).toMatch(/round 1 · /);
    await refused(
      "referee",
      "declare",
      { who: "Una", action: "move", detail: "29" },
      "Una cannot move 29 ft: running is four times the rate, at most 28 ft. Una's rate is 7 ft: 30 ft reduced by three-quarters by the Castle Keeper.",
    );
    expect(await say("referee", "declare", { who: "Una", action: "move", detail: "3" })).toMatch(
      "Una moves 3 ft (less than a square): no more than half the rate (3 ft), so the attack is still allowed. Una's rate is 7 ft: 30 ft reduced by three-quarters by the Castle Keeper.",
    );
    // 10 ft × 0.25 = 2.5, but "at least 5 feet": 5 ft, and running four times it is 20 ft.
    expect(await say("referee", "declare", { who: "Slug", action: "move", detail: "20" })).toMatch(
      "Slug moves 20 ft (4 squares): more than half the rate (2 ft), so no attack this round. Slug's rate is 5 ft: 10 ft reduced by three-quarters by the Castle Keeper, the least the Castle Keeper allows.",
    );
    await say("referee", "encounter end");
  });

  // seed 003, "Use an Item": "Usually, the item must be on a belt or hanging from a pack, and readying it should not
  // take more than a few seconds. Whereas, if an item is in a backpack, it would take at least a round to take off
  // the pack, dig through it, and retrieve the item."
  it("an item the sheet lists as packed takes a round to dig out; it is used the round after", async () => {
    const sheet = await say("alice", "character edit", { name: "Una", sheet: "packed=potion of healing|rope" });
    expect(sheet).toMatch("In the backpack (a round to dig out): potion of healing, rope");
    await say("referee", "encounter start", { monsters: "1 goblin", surprise: false });
    let shown = "";
    for (let i = 0; i < 4 && !/round 1 · Una to act/.test(shown); i++) shown = await sayAndBoard("referee", "next");
    expect(shown).toMatch(/round 1 · Una to act/);
    const dig = await say("alice", "declare", { action: "item", detail: "Potion of Healing" });
    expect(dig).toMatch(
      "Una takes off the pack and digs out the potion of healing: an item in a backpack takes at least a round to retrieve, so it can be used next round. That is this round's action: no attack as well.\nCastles & Crusades · Use an Item",
    );
    expect(await board()).toMatch(
      /\*\*Una\*\* .* · potion of healing out of the backpack, ready · declared: Use an item/,
    );
    await refused(
      "alice",
      "attack",
      { target: "Goblin" },
      "Una cannot attack this round (used an item: that is this round's action).",
    );
    // The next round, the potion is at hand: used at once.
    for (let i = 0; i < 6 && !/round 2 · Una to act/.test(shown); i++) shown = await sayAndBoard("referee", "next");
    expect(shown).toMatch(/round 2 · Una to act/);
    expect(await say("alice", "declare", { action: "item", detail: "potion of healing" })).toMatch(
      /^Una: use an item \(potion of healing\)\. That is the round's action: no attack as well\./m,
    );
    await say("referee", "encounter end");
  });

  // seed 003, "Two Weapon Fighting": "the secondary attack inflicts normal fist damage of 1d2 hit points. When a monk
  // reaches 6th level, the character gains a secondary hand-to-hand attack. A monk's secondary hand-to-hand attack
  // ability does not suffer any penalty for two-weapon fighting and it inflicts the damage in the monk special
  // ability chart. But, if a monk at any level fights with a weapon in one hand and attacks with his other hand …
  // the monk suffers the standard penalties".
  it("a 6th-level monk's bare hands: a second attack without penalty at the chart's damage; a weapon in one hand keeps the 1d2 and the penalties", async () => {
    await say("bob", "character create", {
      name: "Lin",
      sheet: 'class=monk level=6 str=13 dex=14 ac=15 hpMax=30 weapons="open hand:1d8|staff:1d6"',
    });
    await say("referee", "encounter start", { monsters: "1 ogre", surprise: false });
    await say("bob", "encounter join", { character: "Lin" });
    await say("referee", "next");
    const hands = await say("referee", "attack", {
      attacker: "Lin",
      target: "Ogre",
      weapon: "open hand",
      override: true,
    });
    // 6th level: BtH +3 and STR +1 on both, no "primary hand"/"off hand" penalty; the chart's 1d8 (the sheet's line) on both.
    expect(hands).toMatch(/\*\*open hand\*\*: d20 \d+ \+ 4 \(BtH \+3, STR \+1\) = \*\*\d+\*\* vs AC 16/);
    expect(hands).toMatch(/\*\*open hand \(secondary\)\*\*: d20 \d+ \+ 4 \(BtH \+3, STR \+1\) = \*\*\d+\*\* vs AC 16/);
    expect(hands).toMatch(
      "A monk of 6th level or more has a secondary hand-to-hand attack: no two-weapon penalty, 1d8 by the monk's chart (the sheet's open hand).",
    );
    expect(hands).not.toMatch(/off hand|primary hand|Referee override/);
    const staff = await say("referee", "attack", {
      attacker: "Lin",
      target: "Ogre",
      weapon: "staff",
      two_weapons: true,
      override: true,
    });
    // A weapon in one hand: the standard penalties (−3 and −6, each eased by DEX +1) and the 1d2 fist.
    expect(staff).toMatch(/\*\*staff \(primary\)\*\*: d20 \d+ \+ 1 \(BtH \+3, primary hand \(−3, DEX \+1\) -2\)/);
    expect(staff).toMatch(/\*\*fist \(off hand\)\*\*: d20 \d+ − 2 \(BtH \+3, off hand \(−6, DEX \+1\) -5\)/);
    expect(staff).toMatch(
      "A monk's second attack is hand to hand: a fist for 1d2, both at the two-weapon penalties (a weapon in one hand: the standard penalties).",
    );
    await say("referee", "encounter end");
  });

  // seed 003, "Cast a Spell": "Some spells require two or more rounds to cast, in which case the character must wait
  // until the following round for the effect of the spell to take place."
  it("a spell of 2 rounds: casting is the round's action, and it takes effect on the caster's turn the following round", async () => {
    await say("referee", "encounter start", { monsters: "1 goblin", surprise: false });
    let shown = "";
    for (let i = 0; i < 4 && !/round 1 · Bo to act/.test(shown); i++) shown = await sayAndBoard("referee", "next");
    expect(shown).toMatch(/round 1 · Bo to act/);
    const cast = await say("bob", "declare", { action: "spell", detail: "Sleep, 2 rounds" });
    expect(cast).toMatch(
      "Bo begins casting Sleep, 2 rounds to cast: it takes effect on Bo's turn in round 2, the following round. Until then casting is Bo's action each round: no attack, move or other action.\nCastles & Crusades · Cast a Spell",
    );
    expect(await board()).toMatch(/\*\*Bo\*\* .* · casting Sleep: it takes effect in round 2 · declared: Cast a spell/);
    await refused(
      "bob",
      "attack",
      { target: "Goblin" },
      "Bo cannot attack this round (still casting Sleep: it takes effect in round 2).",
    );
    for (let i = 0; i < 6 && !/round 2 · Bo to act/.test(shown); i++) shown = await sayAndBoard("referee", "next");
    // The following round, on Bo's turn, the channel says the spell takes effect (in the record of the press that brought
    // Bo's turn, or on the board when it rolled nothing); a spell's touch attack is all that is left.
    expect(await board()).toMatch(/round 2 · Bo to act/);
    expect(shown).toMatch(
      /\nBo's Sleep takes effect now, in round 2, its casting done \(Castles & Crusades · Cast a Spell\)\./,
    );
    expect(await board()).not.toMatch(/casting Sleep/);
    await refused(
      "bob",
      "attack",
      { target: "Goblin" },
      /^Bo is casting a spell this round: the only attack left is the spell's touch attack/,
    );
    await say("referee", "encounter end");
  });

  // seed 003 counts time only in rounds and for healing ("It heals at a rate of 1 hit point per every 10 minutes"):
  // it has no dungeon turn, so a turn names the ruling in this book's name, never Basic/Expert's heading.
  it("a dungeon turn cites a Castles & Crusades ruling, not Basic/Expert's Time: Rounds and Turns", async () => {
    await say("referee", "dungeon set", { chance: 0 });
    const t = await say("referee", "dungeon turn", { action: "search" });
    expect(t).toMatch(
      /Castles & Crusades · a ruling: a dungeon turn is 10 minutes, as in the classic games \(this text has only combat rounds\)/,
    );
    expect(t).not.toMatch(/Basic\/Expert|Rounds and Turns/);
    await say("alice", "dungeon light", { action: "light" });
    // A message names one reference: with a torch burning, still this book's ruling, never Basic/Expert's "Resources".
    const lit = await say("referee", "dungeon turn");
    expect(lit).toMatch(
      /Una's torch: 5 turns left, burning[\s\S]*\nCastles & Crusades · a ruling: a dungeon turn is 10 minutes/,
    );
    expect(lit).not.toMatch(/Basic\/Expert|Resources/);
  });
});
