// Castles & Crusades at the table (issue 29): surprise member by member with the Castle Keeper's modifier, both
// sides surprised, conditions the referee sets and ends (blind, stunned, invisible, unaware) read by the attack,
// illusory damage, a day of natural healing, and Dexterity never added to initiative.
// Seeds are fixed (seedPrefix siege29): the dice below are the ones they give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const refused = async (user: string, name: string, options: Record<string, unknown>, why: string | RegExp) => {
  const r = await h.cmd(user, name, options as never);
  expect(r.ephemeral).toBe(true);
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
const state = async (name: string) =>
  JSON.parse(
    (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name, encounter: { name: "Encounter 2" } } }))
      .state,
  ) as { conditions: string[] };

describe("Castles & Crusades at the table", () => {
  beforeAll(async () => {
    h = await startE2E({ users: ["referee", "alice", "bob"], seedPrefix: "siege29" });
    await h.cmd("referee", "campaign start", { system: "siege" });
    await h.cmd("alice", "character create", {
      name: "Una",
      sheet: "class=fighter level=3 str=14 dex=16 ac=14 hpMax=20 move=30 weapons=longsword:1d8",
    });
    await h.cmd("bob", "character create", {
      name: "Bo",
      sheet: "class=fighter level=2 str=12 wis=15 ac=13 hpMax=12 weapons=mace:1d6",
    });
  });
  afterAll(async () => h?.stop());

  // seed 003, "Initiative": "Every creature … rolls a d10 … In the case of a tie, the one with the highest dexterity goes first."
  it("Dexterity is never added to initiative: the option is offered only as off", async () => {
    await refused("referee", "campaign set", { option: "initiativeDex", value: "on" }, /use off/);
  });

  // seed 003, "Surprise": "a wisdom attribute check is made by the individual in the group with the best chance of
  // succeeding at it, or by each member of the group individually"; "the bonus or penalty should remain within a
  // range of -5 to +5"
  it("each member checks Wisdom, with the Castle Keeper's +5 and −5; both sides surprised, the surprise round says why", async () => {
    expect(await say("referee", "campaign set", { option: "surpriseChecks", value: "each" })).toMatch(
      /who checks Wisdom for surprise: the one with the best chance for the group, or each member\*\*: each/,
    );
    const t = await say("referee", "encounter start", { monsters: "2 orcs", party_surprise: 5, foes_surprise: -5 });
    expect(t).toMatch(
      /Party: the Castle Keeper's \+5 to each Wisdom check\.\nParty: Bo Wisdom 9 vs 18: surprised\.\nParty: Una Wisdom 11 vs 18: surprised\./,
    );
    expect(t).toMatch(
      /Foes: the Castle Keeper's -5 to each Wisdom check\.\nFoes: Orc 1 Wisdom -2 vs 18: surprised\.\nFoes: Orc 2 Wisdom 8 vs 18: surprised\./,
    );
    expect(t).toMatch(/surprise: Wisdom check \(Una\): 1d20\+8 \(3\) = \*\*11\*\*/);
    // "Those that are surprised get no action."
    const r1 = await say("referee", "initiative");
    expect(r1).toMatch(
      /Both sides are surprised: nobody acts in this surprise round, and the fight begins in round 2\./,
    );
    await say("referee", "encounter end");
  });

  it("/surprise marks only the members who failed, and says who", async () => {
    await say("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    const t = await say("referee", "surprise", { party: 2 });
    expect(t).toMatch(/^Surprise: Una, Orc 1 are surprised/);
    expect(t).toMatch(/Party: Bo Wisdom 25 vs 18: not surprised\.\nParty: Una Wisdom 11 vs 18: surprised\./);
    expect((await state("Bo")).conditions).toEqual([]);
    expect((await state("Una")).conditions).toEqual(["surprised"]);
    const r1 = await say("referee", "initiative");
    expect(r1).toMatch(/Una cannot act \(surprised\)\.\nOrc 1 cannot act \(surprised\)\.\nBo & Orc 2: d10 7/);
    await say("referee", "next"); // Bo and Orc 2 pass: everyone has acted in round 1
    await say("referee", "next"); // round 1 ends and round 2's order is rolled
  });

  it("conditions are the referee's, from the game's own words; wrong ones are refused and change nothing", async () => {
    const choices = await h.local.autocomplete({
      guildId: h.guildId,
      channelId: h.channelId,
      userId: h.users.referee!,
      name: "condition",
      subcommand: "add",
      options: { target: "Orc 1", condition: "" },
      focused: "condition",
    });
    expect(choices.map((c) => (c as { name: string }).name).slice(0, 5)).toEqual([
      "blind (+5 to hit them, −10 to their attacks) · this encounter",
      "stunned (+2 to hit them) · this round",
      "cowering (+2 to hit them) · this round",
      "invisible (−10 to hit them) · this encounter",
      "unaware of attackers (no Dexterity bonus to AC) · this round",
    ]);
    await refused(
      "alice",
      "condition add",
      { target: "Orc 1", condition: "blind" },
      /Only a referee of .* can set conditions/,
    );
    await refused(
      "referee",
      "condition add",
      { target: "Orc 1", condition: "glowing" },
      /"glowing" is not a condition to set in Castles & Crusades\. Choose one of: blind/,
    );
    await refused(
      "referee",
      "condition remove",
      { target: "Orc 1", condition: "blind" },
      /Orc 1 is not blind: nothing the referee set is on them/,
    );
    expect((await state("Orc 1")).conditions).toEqual([]);
  });

  // seed 003, "Situational Modifiers": "Defender prone or blind +5", "Defender stunned or cowering +2",
  // "Defender invisible or attacker blind -10"; "Dexterity": "Characters lose their dexterity modifier when they
  // are surprised, unaware of an attacker …"
  it("set with their lifetimes, shown on the board, and read by the attacks", async () => {
    let t = await say("referee", "condition add", { target: "Orc 1", condition: "blind" });
    expect(t).toMatch(
      /^Orc 1 is blind\nOrc 1: blind \(\+5 to hit them, −10 to their attacks\), this encounter \(it ends with the fight\)\./,
    );
    expect(await board()).toMatch(/\*\*Orc 1\*\* .* · blind \(\+5 to hit them, −10 to their attacks\) this encounter/);
    await say("referee", "condition add", { target: "Orc 2", condition: "stunned" });
    await say("referee", "condition add", { target: "Orc 2", condition: "invisible", lasts: "round" });
    await say("referee", "condition add", { target: "Una", condition: "unaware", lasts: "removed" });
    t = await board();
    expect(t).toMatch(/\*\*Una\*\* .* · unaware of attackers \(no Dexterity bonus to AC\) until removed/);
    expect(t).toMatch(
      /\*\*Orc 2\*\* .* · stunned \(\+2 to hit them\) this round, invisible \(−10 to hit them\) this round/,
    );

    t = await say("referee", "attack", { attacker: "Orc 1", target: "Una", override: true });
    expect(t).toMatch(
      /\*\*scimitar\*\*: d20 3 − 9 \(BtH \+1, attacker blind -10\) = \*\*-6\*\* vs AC 12 = sheet AC 14 − 2 no DEX \(unaware\) → miss\./,
    );
    t = await say("referee", "attack", { attacker: "Una", target: "Orc 1", override: true });
    expect(t).toMatch(
      /\*\*longsword\*\*: d20 12 \+ 9 \(BtH \+3, STR \+1, defender blind \+5\) = \*\*21\*\* vs AC 13 → hit/,
    );
  });

  // seed 003, "Movement in the Combat Round": "Moving farther than one-half movement rate negates the ability to make
  // an attack" — after the attack too: Una (30 ft) has attacked, so 25 ft is refused and 15 ft allowed.
  it("after an attack, a move is at most half the rate", async () => {
    // Una attacked out of turn, her place (after Bo's and Orc 1's) still to come: her move is this round's. (Once her
    // place has passed, what she declares is for the next round.)
    expect(await board()).toMatch(/round 2 · Bo to act/);
    await refused(
      "referee",
      "declare",
      { action: "move", who: "Una", detail: "25" },
      "Una has attacked this round: a move after it is at most half the rate (15 ft), not 25 ft.",
    );
    expect(await say("referee", "declare", { action: "move", who: "Una", detail: "15" })).toMatch(
      /Una moves 15 ft \(3 squares\): no more than half the rate \(15 ft\), so the attack is still allowed\./,
    );
  });

  // The rest of "read by the attacks" (seed 003, "Situational Modifiers"), once Una's move is in: Bo's attack at the
  // stunned and invisible Orc 2 (the dice as they followed Una's attack: a declared move rolls nothing).
  it("the round's stunned and invisible are read by the attack at them", async () => {
    const t = await say("referee", "attack", { attacker: "Bo", target: "Orc 2", override: true });
    expect(t).toMatch(
      /\*\*mace\*\*: d20 10 − 6 \(BtH \+2, defender stunned or cowering \+2, defender invisible -10\) = \*\*4\*\* vs AC 13 → miss\./,
    );
  });

  // seed 003, "Disarm": "to successfully disarm them"; a disarmed orc does not go on with its scimitar.
  it("a disarmed combatant fights without the weapon in hand until the referee ends it", async () => {
    await say("referee", "condition add", { target: "Orc 2", condition: "disarmed" });
    await refused(
      "referee",
      "attack",
      { attacker: "Orc 2", target: "Bo", weapon: "scimitar", override: true },
      "Orc 2 is disarmed: the scimitar is out of reach until the referee ends the condition. Attack with pummel.",
    );
    const t = await say("referee", "attack", { attacker: "Orc 2", target: "Bo", override: true });
    expect(t).toMatch(/^Orc 2 attacks Bo/);
    expect(t).not.toMatch(/scimitar/);
    expect(t).toMatch(/\*\*pummel\*\*/);
  });

  it("round marks end with the round; the others stay until the fight ends or the referee ends them", async () => {
    let t = "";
    for (let i = 0; i < 3 && !/round 3/.test(t); i++) t = await sayAndBoard("referee", "next");
    expect(t).toMatch(/Orc 2: stunned \(\+2 to hit them\); invisible \(−10 to hit them\) — ended with the round\./);
    expect((await state("Orc 2")).conditions).toEqual(["disarmed"]);
    expect((await state("Orc 1")).conditions).toContain("blind");
    t = await say("referee", "condition remove", { target: "Orc 1", condition: "blind" });
    expect(t).toMatch(/^Orc 1 is no longer blind/);
    expect((await state("Orc 1")).conditions).not.toContain("blind");
  });

  // seed 003, "Cast a Spell" is the round's action; "Touch Attack": a spell delivered by touch needs the caster's touch.
  it("a declared spell leaves its own touch attack, and nothing else", async () => {
    // Round 3's order was rolled with round 2's end: Bo is first.
    expect(await board()).toMatch(/round 3 · Bo to act/);
    expect(await say("referee", "declare", { action: "spell", who: "Bo", detail: "cure light wounds" })).toMatch(
      /Bo: cast a spell \(cure light wounds\)\. That is the round's action: no other attack, but a spell delivered by touch makes its touch attack/,
    );
    await refused(
      "referee",
      "attack",
      { attacker: "Bo", target: "Orc 2" },
      /Bo is casting a spell this round: the only attack left is the spell's touch attack/,
    );
    expect(await say("referee", "attack", { attacker: "Bo", target: "Orc 2", weapon: "touch" })).toMatch(
      /^Bo attacks Orc 2/,
    );
  });

  it("a condition until removed outlives the fight, and the referee ends it on the sheet", async () => {
    await say("referee", "encounter end");
    // "Until removed" outlives the fight on the character, and the referee ends it there.
    const sheet = await h.cmd("alice", "character show", { name: "Una" });
    expect(text(sheet.message)).toMatch(/unaware of attackers/);
    expect(await say("referee", "condition remove", { target: "Una", condition: "unaware" })).toMatch(
      /^Una is no longer unaware of attackers/,
    );
  });

  // seed 003, "Magic Damage": "damage received from illusory attacks is, in reality, subdual damage … Characters or
  // monsters reduced to -10 hit points by illusory damage die from the psychic shock"
  it("/damage illusory: subdual, but −10 kills", async () => {
    let t = await say("referee", "damage", { target: "Bo", amount: 5, illusory: true });
    expect(t).toMatch(/^Bo: 5 illusory damage\nBo takes 5 illusory \(subdual\) damage: 4 subdual, 1 normal/);
    t = await say("referee", "damage", { target: "Bo", amount: 20, illusory: true });
    expect(t).toMatch(
      /Bo takes 20 illusory \(subdual\) damage: 16 subdual, 4 normal.*\nIllusory damage to −10: Bo dies of the psychic shock\./,
    );
    // seed 003, "Falling Damage": no Dexterity check and no dice for one already dead.
    const fall = await say("referee", "damage", { target: "Bo", fall: 10 });
    expect(fall).toMatch(/Bo is already dead: the fall of 10 ft changes nothing\./);
    expect(fall).not.toMatch(/Dexterity check|1d6/);
  });

  // seed 003, "Hit Points": "hit points heal at a rate of one point per day and only if the character is resting"
  it("a full day of rest heals 1 hit point", async () => {
    await say("referee", "damage", { target: "Una", amount: 6 });
    await say("referee", "dungeon set", { chance: 0 });
    for (let i = 0; i < 3; i++)
      expect(await say("referee", "dungeon turn", { action: "rest", turns: 36 })).not.toMatch(/heals/);
    expect(await say("referee", "dungeon turn", { action: "rest", turns: 36 })).toMatch(
      /Rest and recovery: Una heals 1 HP over 1 day of rest \(day 1: 1 a day\): HP 14 → 15 of 20\./,
    );
  });

  it("/encounter start with stats and no monsters: named by the stat line, else asked for a name", async () => {
    await refused(
      "referee",
      "encounter start",
      { stats: "HD 4 (d8) AC 16 ATK club 2d8 SIZE large" },
      "Name the monsters these stats are for: `monsters:2 ogres`, or put the name in front of the stat line.",
    );
    await say("referee", "encounter start", {
      stats: "Brute HD 4 (d8) AC 16 ATK club 2d8 SIZE large",
      surprise: false,
    });
    expect(await board()).toMatch(/\*\*Brute\*\* `[█░]+` HP \d+\/\d+/);
    // /odds says a hopeless attack plainly, not "needs 20 (impossible)".
    const o = text((await h.cmd("referee", "odds", { attacker: "Una", target: "Brute", modifier: -20 })).message);
    expect(o).toMatch(/\*\*longsword\*\*: d20 -16 vs AC 16: needs 32, more than a d20 can roll: no chance — 0%/);
  });
});
