// B/X (seed 002) and its house rules (seed 001) in play, through the local Discord.
// Seeds are fixed (campaign e2e-1, encounters e2e-2, e2e-3…), so the dice below are the ones they give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, menuOptions, liveBoard, type E2E, saying } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
const say = (h: E2E, user: string, name: string, options?: Record<string, unknown>) =>
  saying(() => h, DEBUG)(user, name, options);
/** The live board's text (the roster and the notes of an action that rolled nothing), once the bot has posted it. */
const board = async (h: E2E) => {
  const b = await liveBoard(h);
  if (DEBUG) console.log(`--- the board\n${text(b)}\n${JSON.stringify(buttons(b).map((x) => x.label))}`);
  return b;
};
const state = async (h: E2E, name: string) =>
  JSON.parse(
    (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name }, orderBy: { id: "desc" } })).state,
  ) as Record<string, any>;

describe("B/X house rules in play", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "bx-house" });
    // surprisedOn=6: Dorn's side is always surprised (seed 001, "SURPRISE(examples)": the ranges are the sheet's).
    await h.cmd("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=3 str=16 dex=13 hp=18 ac=4 thac0=17 surprisedOn=6 weapons=sword:1d8",
    });
  });
  afterAll(async () => h?.stop());

  // seed 001, "ENCOUNTER ORDER": "Distance between parties will be from 10 - 30 feet"; "the surprised party can not respond that round"
  it("surprise: the distance is 10–30 feet, and the surprised have a place but cannot act in round 1", async () => {
    const s = await say(h, "referee", "encounter start", {
      name: "Hall",
      monsters: "Brute",
      stats: "hd=2 hp=12 ac=6 thac0=17 morale=11 surprisedOn=0",
    });
    expect(text(s.message)).toMatch(/Party: rolled 6, surprised on 1–6: surprised/);
    expect(text(s.message)).toMatch(/Surprise: 1d3 = 2 × 10 = 20 feet/);
    const r1 = await say(h, "referee", "next");
    // The order rolled is the record; the roster (each one's place) is on the board below it.
    expect(text(r1.message)).toMatch(/Surprised, placed by their die, act from the next round: Dorn/);
    expect(text(await board(h))).toMatch(/#2 \*\*Dorn\*\*/);
    const refused = await say(h, "alice", "attack", { target: "Brute" });
    expect(refused.ephemeral).toBe(true);
    expect(text(refused.message)).toMatch(/Dorn is surprised and cannot act this round/);
  });

  // seed 001, "MISC COMBAT RULES": "Surprise Attacks… operate as Attacks From Behind": +2 now; the following round the attacker has Advantage, the defender Disadvantage
  it("a surprise attack, then the following round: the attacker at advantage, the defender at disadvantage; the marks end with that round", async () => {
    const a = await say(h, "referee", "attack", { attacker: "Brute", target: "Dorn" });
    expect(text(a.message)).toMatch(/d20 8 \(surprise attack \+2\) = 10/);
    expect(text(a.message)).toMatch(/Dorn is surprised: it cannot return the attack this round/);
    // The Brute has attacked and Dorn cannot act: the turn passes on by itself, past the last place.
    const over = text(await board(h));
    expect(over).toMatch(/Dorn is surprised[^\n]*: skipped/);
    expect(over).toMatch(/round 1 · everyone has acted/);
    expect(over).toMatch(/attacks Dorn with advantage next round/);
    // Next round ▶ ends round 1 and starts round 2 at once (no declarations asked for between rounds).
    const d = await say(h, "referee", "next");
    expect(text(d.message)).toMatch(/Round 2: act in order/);
    // Initiative stands from round 1 (seed 001: the optional reroll is off): Dorn has his place now.
    expect(text(d.message)).toMatch(/Initiative stands from the first round/);
    expect(text(await board(h))).toMatch(/attacks Dorn with advantage next round/);
    const b = await say(h, "referee", "attack", { attacker: "Brute", target: "Dorn" });
    expect(text(b.message)).toMatch(/2d20kh1/);
    expect(text(b.message)).toMatch(/advantage/);
    // The Brute has acted: the turn passes to Dorn by itself.
    expect(text(await board(h))).toMatch(/round 2 · Dorn to act/);
    const c = await say(h, "alice", "attack", { target: "Brute" });
    expect(c.ephemeral).toBeFalsy();
    expect(text(c.message)).toMatch(/2d20kl1/);
    expect(text(c.message)).toMatch(/Attacked from behind last round: disadvantage/);
    const end = await say(h, "referee", "next");
    expect(text(end.message)).toMatch(
      /attacks Dorn with advantage next round; has attacked this round — ended with the round/,
    );
    expect((await state(h, "Dorn")).conditions).not.toContain("rear-attacked");
  });

  // seed 001, "ENCOUNTER ORDER": "Monsters who make their morale roll twice will fight to the death"
  it("morale made twice: they fight to the death, and no third roll is made", async () => {
    expect(text((await say(h, "referee", "morale")).message)).toMatch(/First morale roll made/);
    expect(text((await say(h, "referee", "morale")).message)).toMatch(
      /Second morale roll made: from now on they fight to the death/,
    );
    const third = await say(h, "referee", "morale");
    expect(text(third.message)).toMatch(/Morale made twice already: they fight to the death/);
    expect(text(third.message)).not.toMatch(/Dice:/);
    expect((await state(h, "Brute")).conditions).toContain("fights to the death");
  });

  // seed 001, "ENCOUNTER ORDER" 6): "Optional rules -> reroll initiative each round"
  it("/campaign set initiativeEachRound on: initiative is rolled again each round", async () => {
    const set = await say(h, "referee", "campaign set", { option: "initiativeEachRound", value: "on" });
    // /campaign show names the option by its words, never its key.
    expect(text(set.message)).toMatch(/\*\*reroll initiative each round \(ENCOUNTER ORDER, optional\)\*\*: on/);
    expect(text(set.message)).not.toMatch(/initiativeEachRound/);
    // Round 3's order stood already: the next round's order is rolled afresh.
    let r = "";
    for (let i = 0; i < 4 && !/Round 4: act in order/.test(r); i++) r = text((await say(h, "referee", "next")).message);
    expect(r).toMatch(/Round 4: act in order/);
    expect(r).toMatch(/Initiative is rolled again each round \(optional rule\)/);
    expect(r).not.toMatch(/Initiative stands/);
    await say(h, "referee", "encounter end");
  });
});

const pressLabel = async (h: E2E, user: string, m: Awaited<ReturnType<E2E["cmd"]>>["message"], label: RegExp) => {
  const b = buttons(m).find((x) => label.test(x.label));
  // Past five declarations, the rest are in the board's menu.
  const o = b ? undefined : menuOptions(m).find((x) => label.test(x.label));
  if (!b && !o) throw new Error(`no button ${label}: ${JSON.stringify(buttons(m))}`);
  const r = b ? await h.press(user, m.id, b.id) : await h.choose(user, m.id, o!.id, [o!.value]);
  if (DEBUG) console.log(`--- ${user} presses ${label}\n${text(r.message)}`);
  return r;
};

describe("B/X house rules in play: charges, set spears, Normal Men", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "bx-house" });
    // The presets' listed hit points (docs/rules/bx-house.md, "Monsters"): nothing rolled for them, the dice below stay as they were.
    await h.cmd("referee", "campaign set", { option: "monsterHp", value: "listed" });
    await h.cmd("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=3 str=13 hp=18 ac=4 thac0=17 weapons=sword:1d8",
    });
    await h.cmd("bob", "character create", {
      name: "Pike",
      sheet: "class=fighter level=1 hp=8 ac=5 thac0=19 weapons=spear:1d6",
    });
  });
  afterAll(async () => h?.stop());

  // seed 001, "MISC COMBAT RULES" (CHARGING ATTACKS): set spears get +2 and strike first; chargers +2 and double damage on the first attack
  it("one tap sets a spear; the referee declares the ogre's charge; the set spear strikes the charger first", async () => {
    const s = await say(h, "referee", "encounter start", {
      name: "Ford",
      monsters: "1 ogre, 3 goblins",
      surprise: false,
    });
    // seed 001, "ENCOUNTER ORDER" 4): no surprise, so 2d6 × 10
    expect(text(s.message)).toMatch(/2d6 = 11 × 10 = 110 feet/);
    // The start is the record; its board, below, has the declarations' buttons.
    expect(buttons(s.message)).toEqual([]);
    const set = await pressLabel(h, "bob", await board(h), /^Set spear$/);
    expect(text(set.message)).toMatch(/Pike declares Set spear/);
    expect(text(set.message)).toMatch(/spear set against a charge · declared: Set spear/);
    const ch = await say(h, "referee", "declare", { action: "charge", who: "Ogre" });
    expect(text(ch.message)).toMatch(/More than 45' up to 90', ending within 10' of the foe: a charge/);
    // The ogre carries a club: a set spear is not open to it, and the refusal says so.
    const club = await say(h, "referee", "declare", { action: "set spear", who: "Ogre" });
    expect(club.ephemeral).toBe(true);
    expect(club.message.content).toMatch(
      /^Set spear is open to others but not to Ogre now: not with what Ogre carries\. Open to Ogre now: Charge, /,
    );
    await say(h, "alice", "declare", { action: "charge" });
    const r1 = await say(h, "referee", "next");
    expect(text(r1.message)).toMatch(/Spears set against the charge strike first: Pike/);
    // seed 001, "ENCOUNTER ORDER": "Fighters with multiple attacks will attack first and last" (Dorn's three against the goblins)
    expect(text(r1.message)).toMatch(/Fighters with several attacks attack first and last: Dorn/);
    expect(text(await board(h))).toMatch(/Ford — round 1 · Pike to act/);
    const late = await say(h, "bob", "declare", { action: "charge" });
    expect(late.ephemeral).toBe(true);
    expect(late.message.content).toMatch(
      /^Charge is declared before the round's order is rolled: at the next round's declarations\. Open to Pike now: /,
    );
    const p = await say(h, "bob", "attack", { target: "Ogre" });
    expect(text(p.message)).toMatch(/d20 8 \(spear set against a charge \+2\) = 10/);
    const o = await say(h, "referee", "attack", { attacker: "Ogre", target: "Pike" });
    expect(text(o.message)).toMatch(/d20 5 \(charge \+2\) = 7/);
  });

  // seed 001, "MISC COMBAT RULES": "a 3rd level PC or NPC would have 3 attacks/round against these"; charge bonuses "only apply to the first attack"
  it("Normal Men: /odds shows 3 attacks; Dorn makes 3 attacks on goblins, two first and one last, the charge only on the first, and none of the extra on the ogre", async () => {
    const odds = await say(h, "alice", "odds", { target: "Goblin 2" });
    expect(text(odds.message)).toMatch(
      /Against Normal Men: 3 melee attacks a round\. 3 attacks needing 8: 65% → 1\.95 hits/,
    );
    // Pike has attacked: the turn passed to Dorn's first place by itself.
    expect(text(await board(h))).toMatch(/round 1 · Dorn to act/);
    const a1 = await say(h, "alice", "attack", { target: "Goblin 1" });
    expect(text(a1.message)).toMatch(/d20 7 \(STR \(fighter\) \+1, charge \+2\) = 10/);
    const a2 = await say(h, "alice", "attack", { target: "Goblin 2" });
    expect(text(a2.message)).toMatch(/Charge bonuses apply only to the first attack/);
    // seed 001, "ENCOUNTER ORDER": "Fighters with multiple attacks will attack first and last": two now, the third at Dorn's last place.
    const early = await say(h, "alice", "attack", { target: "Goblin 3" });
    expect(early.ephemeral).toBe(true);
    // Soft: the turn has passed on by itself (Dorn's share at his first place is used), and the bot now says whose
    // turn it is instead of the place's share; the rest of the rule is checked below either way.
    expect
      .soft(text(early.message))
      .toMatch(
        /Dorn has made 2 of 3 attacks at this place in the order; the other one comes at its next place \(#\d\)/,
      );
    let roster = "";
    for (let i = 0; i < 6 && !/round 1 · Dorn to act/.test(roster); i++)
      roster = text((await say(h, "referee", "next")).message);
    expect(roster).toMatch(/round 1 · Dorn to act/);
    expect(roster).toMatch(/▶ #2 & #\d \*\*Dorn\*\*/);
    const ogre = await say(h, "alice", "attack", { target: "Ogre" });
    expect(ogre.ephemeral).toBe(true);
    expect(text(ogre.message)).toMatch(/Dorn's extra attacks this round are melee attacks against Normal Men only/);
    const a3 = await say(h, "alice", "attack", { target: "Goblin 3" });
    expect(a3.ephemeral).toBeFalsy();
    const a4 = await say(h, "alice", "attack", { target: "Goblin 2" });
    expect(a4.ephemeral).toBe(true);
    expect(text(a4.message)).toMatch(
      /Dorn has already made 3 attacks this round \(3 melee attacks against Normal Men \(level 3\); 1 against anyone else\)/,
    );
  });

  // seed 001, "MISC COMBAT RULES": "A Charge may be executed no more than once per 10 minute Turn"
  it("a charge once per 10-minute turn: refused in the next fight of the same turn, allowed after a dungeon turn", async () => {
    await say(h, "referee", "encounter end");
    const again = await say(h, "referee", "encounter start", { name: "Ford 2", monsters: "1 orc", surprise: false });
    expect(text(again.message)).toMatch(/Encounter started: Ford 2/);
    expect(text(await board(h))).toMatch(/Dorn\*\* `██████████` HP 18\/18 · has charged this turn/);
    const no = await say(h, "alice", "declare", { action: "charge" });
    expect(no.ephemeral).toBe(true);
    expect(text(no.message)).toMatch(
      /Dorn has already charged this turn: a charge may be made no more than once per 10-minute turn/,
    );
    await say(h, "referee", "encounter end");
    await say(h, "referee", "dungeon turn", { action: "search" });
    await say(h, "referee", "encounter start", { name: "Ford 3", monsters: "1 orc", surprise: false });
    const yes = await say(h, "alice", "declare", { action: "charge" });
    expect(yes.ephemeral).toBeFalsy();
    expect(text(yes.message)).toMatch(/Dorn declares Charge/);
  });

  // seed 001, "MISC COMBAT RULES" (Retreat): "roll an initiative die(D6) for the combatant retreating as well as for the combatant(s) they are disengaging from"
  it("a retreat rolls d6 + DEX against each foe: a foe who rolls lower gets no parting shot; the retreater may not attack", async () => {
    await say(h, "referee", "encounter end");
    await say(h, "referee", "encounter start", { name: "Bridge", monsters: "1 orc", surprise: false });
    const r = await say(h, "alice", "declare", { action: "retreat" });
    expect(text(r.message)).toMatch(/Dorn: 4\.\nOrc: 1 — no parting shot\./);
    // Retreating, Dorn has no attack, so no place first and last: he rolls his die like anyone (2), after Pike's reach and the orc's 5.
    const order = await say(h, "referee", "next");
    expect(text(order.message)).not.toMatch(/first and last/);
    expect(text(order.message)).toMatch(/Dice: initiative \(Dorn\): 1d6 \(2\) = \*\*2\*\*/);
    expect(text(await board(h))).toMatch(/#3 \*\*Dorn\*\*/);
    const o = await say(h, "referee", "attack", { attacker: "Orc", target: "Dorn" });
    // The orc preset's weapon has no name of its own: its dice name it, as the book's stat line does.
    expect(text(o.message)).toMatch(/Orc attacks Dorn with a 1d6 weapon \(melee\): d20 18 = 18; needs 15/);
    expect(text(o.message)).toMatch(/Dorn got away from this foe's parting shot/);
    // Pike (reach), the orc, then Dorn's place: retreating, he is not among those "to act" (he may not attack).
    let roster = "";
    for (let i = 0; i < 3 && !/The turn passes to Dorn\.|round 1 · everyone has acted/.test(roster); i++)
      roster = text((await say(h, "referee", "next")).message);
    expect(roster).toMatch(/The turn passes to Dorn\.|round 1 · everyone has acted/);
    expect(roster).not.toMatch(/Bridge — round 1 · [^\n]*Dorn[^\n]* to act/);
    const d = await say(h, "alice", "attack", { target: "Orc" });
    expect(d.ephemeral).toBe(true);
    expect(text(d.message)).toMatch(/Dorn cannot attack this round \(fleeing: may not attack this round\)/);
  });
});

describe("Basic/Expert in play: spells declared and disrupted, morale, rest", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "bx" });
    // The presets' listed hit points (docs/rules/bx.md): nothing rolled for them, the dice below stay as they were.
    await h.cmd("referee", "campaign set", { option: "monsterHp", value: "listed" });
    await h.cmd("alice", "character create", {
      name: "Mira",
      sheet: "class=cleric level=2 wis=15 hp=9 ac=5 thac0=19 weapons=mace:1d6",
    });
  });
  afterAll(async () => h?.stop());

  // seed 002, "Declare Spells and Melee Movement"; "Spell Casting": "No other actions may be taken in the round when casting a spell"
  it("a spell declared with one tap goes off on the caster's turn, and is the round's sole action", async () => {
    const s = await say(h, "referee", "encounter start", {
      name: "Crypt",
      monsters: "2 skeletons, 1 orc",
      surprise: false,
    });
    // The start is the record; the board below it has the declarations' buttons.
    expect(buttons(s.message)).toEqual([]);
    const start = await board(h);
    expect(buttons(start).map((b) => b.label)).toEqual([
      "Cast a spell",
      "Fighting withdrawal",
      "Retreat",
      "Move (encounter rate)",
      "Roll initiative ▶",
    ]);
    // The spell takes a detail (its name): the tap opens a form; submitting it declares.
    const tap = await pressLabel(h, "alice", start, /^Cast a spell$/);
    expect(tap.modal).toBeDefined();
    const d = await h.submit("alice", buttons(start).find((b) => b.label === "Cast a spell")!.id, { detail: "Bless" });
    expect(text(d.message)).toMatch(/Mira declares Cast a spell \(Bless\)\./);
    expect(text(d.message)).toMatch(
      /Mira\*\* `██████████` HP 9\/9 · casting a spell \(declared\) · declared: Cast a spell \(Bless\)/,
    );
    const r1 = await say(h, "referee", "next");
    expect(text(r1.message)).toMatch(/Party 4 · Foes 1/);
    // Issue 30: the spell goes off when the caster's place comes, without a tap.
    expect(buttons(r1.message).map((b) => b.label)).not.toContain("The spell goes off");
    expect(buttons(await board(h)).map((b) => b.label)).not.toContain("The spell goes off");
    expect(text(r1.message)).toMatch(/Mira's turn: the spell \(Bless\) goes off\./);
    const no = await say(h, "alice", "attack", { target: "Orc" });
    expect(no.ephemeral).toBe(true);
    expect(text(no.message)).toMatch(/Mira cannot attack this round \(casting Bless: no other action this round\)/);
    await say(h, "referee", "encounter end");
  });

  // seed 002, "Disrupting Spells": "If a spell caster loses initiative and is successfully attacked… the spell being cast is disrupted and fails"
  it("a caster whose side lost initiative and who is hit before acting loses the spell", async () => {
    await say(h, "referee", "encounter start", { name: "Crypt 2", monsters: "2 skeletons, 1 orc", surprise: false });
    await say(h, "alice", "declare", { action: "spell", detail: "Sleep" });
    const r1 = await say(h, "referee", "next");
    expect(text(r1.message)).toMatch(/Party 1 · Foes 6\nFoes act first/);
    const hit = await say(h, "referee", "attack", { attacker: "Skeleton 1", target: "Mira" });
    expect(text(hit.message)).toMatch(
      /^Skeleton 1 attacks Mira: hit\nSkeleton 1 attacks Mira with a 1d6 weapon \(melee\)/,
    );
    expect(text(hit.message)).toMatch(
      /Mira was casting Sleep: The spell is disrupted and fails; it is removed from memory as if cast/,
    );
    // One short reference in the footer, not one per step (attack, damage, the disrupted spell).
    expect(text(hit.message).match(/Basic\/Expert · /g)).toHaveLength(1);
    const turn = await say(h, "referee", "next");
    expect(text(turn.message)).toMatch(/spell disrupted: lost from memory/);
    expect(buttons(turn.message).map((b) => b.label)).not.toContain("The spell goes off");
  });

  // seed 002, "Monster Morale (Optional Rule)": a broken morale: they flee, and the end of the fight says so
  it("foes whose morale breaks are marked fled and listed as fled, not still standing", async () => {
    const m = await say(h, "referee", "morale", { rating: 2 });
    expect(text(m.message)).toMatch(/Morale 2: never fights/);
    const end = await say(h, "referee", "encounter end");
    expect(text(end.message)).toMatch(
      /Fell: nobody\nFled or surrendered: Orc \(fled\)\nSkeleton 1 \(fled\)\nSkeleton 2 \(fled\)\nStill standing: Mira \(wounded\)/,
    );
  });

  // seed 002, "Healing": "A character or monster recovers 1d3 hit points for each full day of complete rest"
  it("a full day of complete rest on the campaign's clock heals 1d3", async () => {
    await say(h, "referee", "campaign set", { option: "wanderingChance", value: "0" });
    // Mira left the last fight at 7 of 9 (the skeleton's 2).
    expect(text((await say(h, "referee", "damage", { target: "Mira", amount: 3 })).message)).toMatch(/HP 7 → 4/);
    for (let i = 0; i < 3; i++)
      expect(text((await say(h, "referee", "dungeon turn", { action: "rest", turns: 36 })).message)).not.toMatch(
        /Rest and recovery:/,
      );
    const day = await say(h, "referee", "dungeon turn", { action: "rest", turns: 36 });
    expect(text(day.message)).toMatch(
      /Rest and recovery: Mira: 1 day of complete rest, 1d3 a day: 2 = 2; HP 4 → 6 \(maximum 9\)/,
    );
  });

  // seed 002, "Group Movement Rate": "The speed of the slowest member"; "Resources": food and water are for the living
  it("a dead party member no longer sets the party's pace", async () => {
    await h.cmd("bob", "character create", { name: "Brom", sheet: "class=fighter hp=4 movement=30" });
    expect(text((await say(h, "referee", "dungeon status")).message)).toMatch(/the slowest is Brom \(movement 30'\)/);
    expect(text((await say(h, "referee", "damage", { target: "Brom", amount: 9 })).message)).toMatch(/killed/);
    expect(text((await say(h, "referee", "dungeon status")).message)).toMatch(/the slowest is Mira \(movement 120'\)/);
  });

  // seed 002 has no retainer table; the classic B/X rule: a retainer's morale is its loyalty (docs/rules/bx.md)
  it("a retainer's morale is rolled on its loyalty; a broken one flees", async () => {
    const hire = await say(h, "alice", "retainer hire", {
      name: "Hob",
      employer: "Mira",
      sheet: "class=fighter hp=6 loyalty=2",
    });
    expect(text(hire.message)).toMatch(/Hired: Hob, loyalty 2/);
    await say(h, "referee", "encounter start", { name: "Pit", monsters: "1 orc", surprise: false });
    await say(h, "alice", "encounter join", { retainer: "Hob" });
    const m = await say(h, "referee", "morale", { side: "party" });
    expect(text(m.message)).toMatch(/Player characters do not check morale in B\/X/);
    expect(text(m.message)).toMatch(/Hob \(loyalty 2\): Morale 2: never fights/);
    expect((await state(h, "Hob")).conditions).toContain("fled");
  });
});
