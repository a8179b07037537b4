// Issue 30: the B/X house rules (seed 001) in play, through the local Discord: ties, spellcasters hit.
// Seeds are fixed (campaign e2e-1, encounters e2e-2, e2e-3…), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startE2E,
  text,
  buttons,
  liveBoard,
  resolveWaiting,
  type E2E,
  saying,
  nextUntilBoard,
} from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
/** The live board's text (the roster, whose turn, and the notes of an action that rolled nothing). */
const board = async () => {
  const b = await liveBoard(h);
  if (DEBUG) console.log(`--- the board\n${text(b)}\n${JSON.stringify(buttons(b).map((x) => x.label))}`);
  return text(b);
};
const nextUntil = (until: RegExp, max = 8) => nextUntilBoard(h, until, max);

beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx-house" });
  await h.cmd("referee", "campaign set", { option: "initiativeEachRound", value: "on" });
  await h.cmd("bob", "character create", {
    name: "Wren",
    sheet: "class=magic-user level=3 hp=9 ac=9 weapons=dagger:1d4",
  });
});
afterAll(() => h?.stop());

describe("house rules: a spellcaster hit during the round", () => {
  // seed 001, "ENCOUNTER ORDER" 7: "A spellcaster hit and taking damage during the round by an opponent who won initiative, causes the caster to lose the spell"
  it("the sentry strikes first (reach, round 1) and hits Wren: the spell is lost, and her turn casts nothing", async () => {
    await say("referee", "encounter start", {
      monsters: "Sentry",
      stats: "HD 1 HP 30 AC 9 ATK spear 1d6 ML 12",
      surprise: false,
    });
    await say("bob", "declare", { action: "spell", detail: "Sleep" });
    const r1 = await say("referee", "next");
    expect(text(r1.message)).toMatch(/Reach advantage, first round: Sentry strikes first/);
    const hit = await say("referee", "attack", { attacker: "Sentry", target: "Wren" });
    expect(text(hit.message)).toMatch(
      /Wren was casting Sleep: Hit by a foe who won initiative: the spell is lost, and no other may be cast until next round/,
    );
    // The sentry has attacked, and Wren has lost the round with her spell: her place passes by itself, and no spell goes off.
    const turn = await board();
    expect(turn).toMatch(/round 1 · everyone has acted/);
    expect(turn).not.toMatch(/spell goes off/);
  });

  // seed 001, "ENCOUNTER ORDER" 7: "A spellcaster hit and taking damage during the round by an opponent with simultaneous initiative must make a Save vs Paralysis … (Roll a D6. On a 1-4, the spell was lost. On a 5-6, the spell was miscast)"
  it("a tie, 2 to 2: the spell goes off with the exchange, and the sentry's hit in it calls for the save: failed, d6 5, miscast", async () => {
    // Round 1 is over (Wren lets her turn pass): she declares her spell for round 2, made when it starts.
    expect(await nextUntil(/round 1 · everyone has acted/)).toMatch(/round 1 · everyone has acted/);
    const ahead = await say("bob", "declare", { action: "spell", detail: "Sleep" });
    expect(text(ahead.message)).toMatch(/for round 2/);
    const r2 = await say("referee", "next");
    expect(text(r2.message)).toMatch(/initiative \(Wren\): 1d6 \(2\)[\s\S]*initiative \(Sentry group\): 1d6 \(2\)/);
    expect(text(r2.message)).toMatch(/Wren's turn: the spell \(Sleep\) goes off\./);
    const hit = await say("referee", "attack", { attacker: "Sentry", target: "Wren" });
    expect(text(hit.message)).toMatch(
      /Wren cast Sleep at the same initiative: Hit during a simultaneous round: save vs paralysis — Rolled 4 against 13 .*: lower, a failure\. d6 5: 5–6, the spell is miscast\./,
    );
    await resolveWaiting(h);
    const show = await say("referee", "encounter show");
    expect(text(show.message)).toMatch(/\*\*Wren\*\*.*spell disrupted/);
  });

  // seed 001, "ENCOUNTER ORDER" 7: "If the Spellcaster won initiative for the round, the spell goes off as intended even if they are hit and take damage"
  it("Wren wins 6 to 3: her spell goes off on her turn, and the sentry's hit afterwards does not take it back", async () => {
    // Rounds 3 and 4 pass; once round 4 is over Wren declares her spell for round 5.
    expect(await nextUntil(/round 4 · everyone has acted/, 12)).toMatch(/round 4 · everyone has acted/);
    await say("bob", "declare", { action: "spell", detail: "Sleep" });
    const r5 = await say("referee", "next");
    expect(text(r5.message)).toMatch(/initiative \(Wren\): 1d6 \(6\)[\s\S]*initiative \(Sentry group\): 1d6 \(3\)/);
    expect(text(r5.message)).toMatch(/Wren's turn: the spell \(Sleep\) goes off\./);
    // Wren won: her place is first (the spell is her round's sole action, so she is not listed "to act" after it).
    expect(await board()).toMatch(/round 5\b[\s\S]*#1 \*\*Wren\*\*[\s\S]*#2 \*\*Sentry\*\*/);
    expect(await nextUntil(/round 5 · Sentry to act/, 2)).toMatch(/round 5 · Sentry to act/);
    // The referee's +4 (a sure hit for the test's sake): the hit is what matters.
    const hit = await say("referee", "attack", { attacker: "Sentry", target: "Wren", modifier: 4 });
    expect(text(hit.message)).toMatch(
      /Wren cast Sleep this round: The caster won initiative: the spell goes off as intended even though hit\./,
    );
    expect(text(hit.message)).not.toMatch(/spell is lost/);
  });
});

describe("house rules: wordings", () => {
  // seed 001, "Grappling attacks": "A successful attack means that that foe has 'grappled' our hero": no save
  it("a grapple declared for the next hit says the foe is grappled at once, with no save; /campaign show: initiative is a d6 alone", async () => {
    await say("referee", "next");
    await say("referee", "next");
    const g = await say("referee", "declare", { action: "grapple", who: "Wren" });
    expect(text(g.message)).toMatch(
      /If the next attack hits, the foe is grappled at once \(no save\) and takes no weapon damage/,
    );
    expect(text(g.message)).not.toMatch(/save is rolled/);
    const show = await say("referee", "campaign show");
    expect(text(show.message)).toMatch(
      /add Dexterity to individual initiative \(never: the house rules roll a d6 alone\)\*\*: off/,
    );
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("house rules: morale by creature type", () => {
  // seed 001, "ENCOUNTER ORDER": "Monsters who make their morale roll twice will fight to the death": the marks go to those who rolled
  it("an ogre and orcs roll apart; a twice-made roll marks only that group to fight to the death", async () => {
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "1 ogre, 2 orcs", surprise: false });
    for (let i = 0; i < 2; i++) await say("referee", "morale", { group: "ogre", modifier: 2 });
    const show = text((await say("referee", "encounter show")).message);
    expect(show).toMatch(/\*\*Ogre\*\*.*will fight to the death/);
    expect(show).not.toMatch(/\*\*Orc 1\*\*.*(fight to the death|morale made once)/);
    const both = await say("referee", "morale");
    expect(text(both.message)).toMatch(/Ogre: Morale made twice already: they fight to the death\./);
    expect(text(both.message)).toMatch(/Orc: 2d6 = \d+ against morale 8/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("house rules: movement in a melee round", () => {
  // seed 001, "MISC COMBAT RULES": "may move up to 1/2 of their Turn movement in a melee round AND attack"; "Spellcasters may move up to 10 feet while casting normally"
  it("a move is half the turn's 120 feet, 60', with an attack; a caster may move 10 feet while casting", async () => {
    await h.cmd("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=1 hp=8 ac=5 movement=120 weapons=sword:1d8",
    });
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "1 orc", surprise: false });
    const move = await say("alice", "declare", { action: "move" });
    expect(text(move.message)).toMatch(/Dorn moves\nUp to 60' and attack \(half the turn's movement\)\./);
    const cast = await say("bob", "declare", { action: "spell", detail: "Sleep" });
    expect(text(cast.message)).toMatch(
      /Casting is the round's sole action; the caster may move up to 10' while casting\./,
    );
    expect(text(cast.message)).not.toMatch(/cannot move/);
  });

  // seed 001, "Melee Weapon Reach": "a sufficient reach advantage over their opponent (spear vs dagger for example) strike first"
  it("reach is judged against the opponent: Wren's dagger does not give the orc the first blow over Dorn's sword", async () => {
    const r1 = await say("referee", "next");
    expect(text(r1.message)).toMatch(/initiative \(Dorn\)/);
    expect(text(r1.message)).not.toMatch(/Reach advantage/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("house rules: retreat", () => {
  // seed 001, "Retreat": "roll an initiative die (D6) for the combatant retreating as well as for the combatant(s) they are disengaging from"
  it("the retreat roll is made against the orc fighting Dorn only, not every orc standing", async () => {
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    await say("referee", "next");
    await say("referee", "attack", { attacker: "Orc 1", target: "Dorn", override: true });
    // Round 1 over, Dorn declares his retreat for round 2: it is made (and its roll rolled) when round 2 starts.
    expect(await nextUntil(/round 1 · everyone has acted/)).toMatch(/round 1 · everyone has acted/);
    const ahead = await say("alice", "declare", { action: "retreat" });
    expect(text(ahead.message)).toMatch(/Dorn declares Retreat for round 2/);
    const r = await say("referee", "next");
    expect(text(r.message)).toMatch(/Dorn retreats/);
    expect(text(r.message)).toMatch(/Orc 1: \d+ — /);
    expect(text(r.message)).not.toMatch(/Orc 2: \d+ — /);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("house rules: initiative groups", () => {
  // seed 001, "ENCOUNTER ORDER" 6: "the DM rolls a D6 for each group of foes (a group of skeletons, an evil wizard …, and the evil wizard's bugbear bodyguards)"
  it("two different custom monsters roll a die each, not one shared 'monster' die", async () => {
    await say("referee", "encounter end");
    await say("referee", "encounter start", {
      monsters: "Sentry",
      stats: "HD 1 HP 5 AC 9 ATK spear 1d6 ML 12",
      surprise: false,
    });
    const add = await say("referee", "encounter add", { monsters: "Brute", stats: "HD 2 HP 9 AC 7 ATK club 1d8 ML 9" });
    expect(add.ephemeral).toBeFalsy();
    const r1 = await say("referee", "next");
    expect(text(r1.message)).toMatch(/initiative \(Sentry group\): 1d6/);
    expect(text(r1.message)).toMatch(/initiative \(Brute group\): 1d6/);
  });

  // seed 001, "ENCOUNTER ORDER" 6: "reroll initiative each round" is optional: without it, a goblin added later does not reroll everyone
  it("a goblin added in round 2 (named Goblin) takes its group's die; the others' dice stand", async () => {
    await say("referee", "campaign set", { option: "initiativeEachRound", value: "off" });
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const r1 = await say("referee", "next");
    expect(text(r1.message)).toMatch(/initiative \(Wren\): 1d6/);
    // Round 1 over: the goblin comes in before round 2 starts.
    expect(await nextUntil(/round 1 · everyone has acted/)).toMatch(/round 1 · everyone has acted/);
    await say("referee", "encounter add", { monsters: "1 goblin" });
    const r2 = await say("referee", "next");
    expect(text(r2.message)).toMatch(/Initiative stands from the first round\./);
    expect(text(r2.message)).toMatch(/No die from the first round: Goblin \(Goblin: its group's die\)\./);
    expect(text(r2.message)).not.toMatch(/initiative \(Wren\): 1d6/);
    expect(h.local.validationErrors).toEqual([]);
  });
});
