// A Castles & Crusades fight through the local Discord, round by round: a declared charge met by a first strike,
// a declared dodge and evade, one character bleeding out and one aided, a fall and subdual damage.
// Seeds are fixed (campaign siege-1, encounter siege-2): the dice below are the ones they give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, liveBoard, type E2E } from "../helpers/e2e.js";

type Msg = Awaited<ReturnType<E2E["cmd"]>>["message"];
let h: E2E;
/** `h.cmd`, then the bot's work after its answer (the board below it, the old one's deletion) done before the next step. */
const cmd: E2E["cmd"] = async (...args) => {
  const r = await h.cmd(...args);
  await h.app.bot.router.settled();
  return r;
};
const press = (user: string, m: Msg, label: RegExp) => {
  const b = buttons(m).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label}: ${JSON.stringify(buttons(m))}\n${text(m)}`);
  return h.press(user, m.id, b.id);
};
const state = async (name: string) =>
  JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).state) as Record<
    string,
    any
  >;
const refused = async (p: Promise<{ message: Msg; ephemeral?: boolean }>, why: string | RegExp) => {
  const r = await p;
  expect(r.ephemeral).toBe(true);
  expect(r.message.content).toMatch(why);
};

describe("Castles & Crusades, a fight round by round", () => {
  beforeAll(async () => {
    h = await startE2E({ users: ["referee", "alice", "bob", "carol"], seedPrefix: "siege" });
    await cmd("referee", "campaign start", { system: "siege" });
    await cmd("alice", "character create", {
      name: "Una",
      sheet: "class=fighter level=3 str=14 dex=13 ac=14 hpMax=20 move=30 weapons=longsword:1d8",
    });
    await cmd("bob", "character create", {
      name: "Bo",
      sheet: "class=fighter level=2 str=12 ac=13 hpMax=12 weapons=mace:1d6",
    });
    await cmd("carol", "character create", {
      name: "Cy",
      sheet: "class=cleric level=2 ac=12 hpMax=10 weapons=mace:1d6",
    });
  });
  afterAll(async () => h?.stop());

  let start: Msg;
  it('the ogre\'s hit points are rolled from its hit dice (seed 003, "Melee Combat": "a 3d8 hit dice creature")', async () => {
    start = (await cmd("referee", "encounter start", { name: "Bridge", monsters: "1 ogre", surprise: false })).message;
    expect(text(start)).toMatch(/Ogre: 4d8 = [\d + ]+ → 18 HP/);
    expect((await state("Ogre")).hp).toBe(18);
    // The start is the record; the board (its roster and buttons) follows below it.
    expect(buttons(start)).toEqual([]);
    expect(buttons(await liveBoard(h)).map((b) => b.label)).toEqual([
      "Charge",
      "Dodge",
      "Evade",
      "Disengage (hasty)",
      "Disengage (fighting)",
      "Roll initiative ▶",
    ]);
  });

  it('a charge is declared before initiative, inside its distance window (seed 003, "Charging")', async () => {
    // "Una's base movement is 30 feet ... at least 30 feet away, but no more than 60 feet"
    await refused(
      cmd("alice", "declare", { action: "charge", detail: "25" }),
      "Una cannot charge: The foe is 25 ft away: a charge needs at least the normal rate, 30 ft.",
    );
    const c = await cmd("alice", "declare", { action: "charge", detail: "40" });
    expect(text(c.message)).toMatch(
      /Una charges Ogre, 40 ft away\. Charge allowed \(30–60 ft\): \+2 damage on a hit, −4 AC for the whole round\./,
    );
    expect(text(await liveBoard(h))).toMatch(
      /\*\*Una\*\* .* · charging \(−4 AC this round\), the charge is at Ogre · declared: Charge/,
    );
  });

  it('Dodge is declared with one tap before the round (seed 003, "Dodge")', async () => {
    const d = await press("bob", await liveBoard(h), /^Dodge$/);
    expect(d.ephemeral, text(d.message)).toBe(false);
    expect(text(await liveBoard(h))).toMatch(
      /\*\*Bo\*\* .* · dodging \(\+2 AC against up to 3 attacks\) · declared: Dodge/,
    );
  });

  it('first round: the charged ogre strikes first though it lost the initiative, at the charger\'s −4 AC (seed 003, "Initiative", "Charging")', async () => {
    const n = await cmd("referee", "next");
    const t = text(n.message);
    expect(t).toMatch(/Bo is dodging: no initiative roll\./);
    expect(t).toMatch(/Una: d10 6[\s\S]*Ogre: d10 3/);
    expect(t).toMatch(
      /First round: Ogre strikes first against Una, who closes on it \(large against medium\), though it lost the initiative; that strike is its action this round\./,
    );
    expect(text(await liveBoard(h))).toMatch(/Bridge — round 1 · Ogre to act/);
    // "The penalty also applies if the defender attacks first due to size or weapon length"
    const a = await cmd("referee", "attack", { attacker: "Ogre", target: "Una" });
    expect(buttons(a.message)).toEqual([]);
    expect(text(a.message)).toMatch(
      /\*\*club\*\*: d20 18 \+ 7 \(BtH \+4, STR \+3\) = \*\*25\*\* vs AC 10 = sheet AC 14 − 4 charged this round → hit/,
    );
    // "If a defender scores a successful hit upon a charging character, the charge is negated."
    expect(text(a.message)).toMatch(/Una was hit while charging: the charge is negated/);
    await refused(
      cmd("referee", "attack", { attacker: "Ogre", target: "Una" }),
      /Ogre has already attacked this round \(one attack this round\)/,
    );
    // "If dodging, the character sacrifices their action in that round."
    await refused(
      cmd("bob", "attack", { target: "Ogre" }),
      "Bo is dodging this round and cannot act this round: wait for /next.",
    );
  });

  // seed 003, "Charging": "If a charge is negated, the attacker is still allowed their movement and attack, but a
  // successful hit does not deal any extra damage"; the −4 "for the combat round"
  it("the negated charge deals no extra damage; the round's marks end with it", async () => {
    // The Ogre has used its action: the turn passes on by itself to Una.
    expect(text(await liveBoard(h))).toMatch(/Bridge — round 1 · Una to act/);
    const a = await cmd("alice", "attack", { target: "Ogre" });
    expect(text(a.message)).toMatch(
      /d20 15 \+ 4 \(BtH \+3, STR \+1\) = \*\*19\*\* vs AC 16 → hit, 1d8 \(STR \+1\) = 7 damage/,
    );
    expect(text(a.message)).toMatch(/Una's charge was negated by an earlier hit: no extra damage\./);
    await cmd("referee", "next"); // Cy, the last place, passes: everyone has acted
    expect(text(await liveBoard(h))).toMatch(/Bridge — round 1 · everyone has acted/);
    // Bo (dodging, no place) declares round 2's Evade now: it is made when the referee starts the round.
    const e = await cmd("bob", "declare", { action: "evade" });
    expect(e.ephemeral, text(e.message)).toBe(false);
    expect(text(e.message)).toMatch(/for round 2/);
    const r2 = await cmd("referee", "next");
    expect(text(r2.message)).toMatch(
      /Una: charging \(−4 AC this round\); the charge is at Ogre; charge negated \(no extra damage\) — ended with the round\./,
    );
    // No declare phase between rounds: the round's end rolls round 2's order at once.
    expect(text(r2.message)).toMatch(/Round 2: act in order/);
    // Nobody bleeding, nothing to reload: the round's end adds no empty "End of round 1" embed.
    expect(r2.message.embeds.map((e) => e.title)).not.toContain("End of round 1");
    expect((await state("Una")).conditions).toEqual([]);
  });

  it('Evade: +4 AC against one declared opponent (seed 003, "Evade")', async () => {
    expect(text(await liveBoard(h))).toMatch(/\*\*Bo\*\* .* · evading Ogre \(\+4 AC\) · declared: Evade/);
    await cmd("referee", "damage", { target: "Cy", amount: 18 });
    // Cy, still standing when round 2's order was rolled, rolled for it: the dice that follow differ from a declare phase's.
    const a = await cmd("referee", "attack", { attacker: "Ogre", target: "Bo" });
    expect(text(a.message)).toMatch(/= \*\*14\*\* vs AC 17 = sheet AC 13 \+ 4 evading → miss/);
  });

  it('the mortally wounded lose 1 HP at each round\'s end until aided or dead at −10 (seed 003, "Hit Points")', async () => {
    expect((await state("Cy")).hp).toBe(-8);
    // The fallen are told why they cannot act (not "you have no character").
    await refused(cmd("carol", "attack", { target: "Ogre" }), /^Cy is dying and cannot act/);
    await cmd("referee", "next"); // Una passes, Cy is down: everyone has acted
    const end2 = await cmd("referee", "next");
    expect(text(end2.message)).toMatch(
      /Cy is mortally wounded and bleeds: 1 HP lost at the round's end \(Castles & Crusades · Hit Points\)\./,
    );
    expect((await state("Cy")).hp).toBe(-9);
    // Round 3's order was rolled with the round's end: Una, Bo, Ogre. Bo (unhurt by the Ogre's miss) falls to −8.
    expect(text(await liveBoard(h))).toMatch(/#1 \*\*Una\*\*[\s\S]*#2 \*\*Bo\*\*[\s\S]*#3 \*\*Ogre\*\*/);
    await cmd("referee", "damage", { target: "Bo", amount: 20 });
    expect((await state("Bo")).conditions).toContain("mortally wounded");
    // "Aid administered to the wounds stops the hit point loss. This takes at least one full round"
    await refused(cmd("alice", "declare", { action: "aid" }), "Name a mortally wounded ally to aid: one of Bo, Cy.");
    const aid = await cmd("alice", "declare", { action: "aid", detail: "Bo" });
    expect(text(aid.message)).toMatch(/Una spends the round tending Bo's wounds/);
    expect(text(await liveBoard(h))).toMatch(/\*\*Bo\*\* .*wounds tended: no more HP lost/);
    await refused(
      cmd("alice", "attack", { target: "Ogre" }),
      "Una cannot attack this round (tending a wounded ally: a full round's work).",
    );
    expect(text(await liveBoard(h))).toMatch(/round 3 · Ogre to act/); // Bo, now down, is skipped
    await cmd("referee", "next"); // the Ogre passes: everyone has acted
    const end3 = await cmd("referee", "next");
    expect(text(end3.message)).toMatch(/Bo's wounds are tended: no HP lost\./);
    // One death, one line: the last point lost, with the hit points as they stand (negatives show).
    expect(text(end3.message)).toMatch(/Cy takes 1 damage: HP -9 → -10, dead\./);
    expect(text(end3.message)).not.toMatch(/Cy is dead/);
    expect((await state("Bo")).hp).toBe(-8);
    expect((await state("Cy")).conditions).toEqual(["dead"]);
    // "With most magical healing, the character's hit points can only be returned to 0" (the knight's example).
    const heal = await cmd("referee", "heal", { target: "Bo", amount: 8 });
    expect(text(heal.message)).toMatch(
      /The cure of 8 brings Bo from -8 to 0 HP \(magical healing below 0 goes no further than 0\)\./,
    );
    expect((await state("Bo")).hp).toBe(0);
    expect((await state("Bo")).conditions).toEqual(["unconscious"]);
  });

  // seed 003, "Hit Points": "Those with 0 hit points recover consciousness in 1d6 hours"
  it('a fall as the referee\'s action: 18 ft is 3d6 (seed 003, "Falling Damage"); at 0 HP the hours until waking are rolled', async () => {
    await refused(cmd("alice", "damage", { target: "Una", fall: 18 }), /referee/i);
    // Round 4's order, rolled with round 3's end, drew dice before the fall: its 3d6 come to 13, so Una (12 HP) is
    // healed 1 first for the fall to leave her at exactly 0.
    await cmd("referee", "heal", { target: "Una", amount: 1 });
    expect((await state("Una")).hp).toBe(13);
    const f = await cmd("referee", "damage", { target: "Una", fall: 18 });
    expect(text(f.message)).toMatch(/Una falls 18 ft: 13 damage/);
    expect(text(f.message)).toMatch(/A fall of 18 ft: 1d6 \+ 2d6 = 3d6 → 13 damage\./);
    expect(text(f.message)).toMatch(/Una is at 0 HP and passes out for 3 hours/);
    expect((await state("Una")).hp).toBe(0);
  });

  it('subdual damage: one point in five is normal, and it heals 1 per 10 minutes on the campaign\'s clock (seed 003, "Subdual Damage")', async () => {
    const s = await cmd("referee", "damage", { target: "Ogre", amount: 7, subdual: true });
    expect(text(s.message)).toMatch(/Ogre takes 7 subdual damage: 6 subdual, 1 normal/);
    expect(text(s.message)).toMatch(/Ogre has 10\/18 HP and 6 subdual damage: knocked out after 4 more\./);
    // "All subdual damage delivers some normal damage": Una, at 0, is taken below it by the 1 normal point.
    const u = await cmd("referee", "damage", { target: "Una", amount: 3, subdual: true });
    expect(text(u.message)).toMatch(
      /Una takes 3 subdual damage: 2 subdual, 1 normal \(all subdual damage delivers some normal damage\)\.\nUna is unconscious and grievously wounded \(-1 HP\)/,
    );
    expect(text((await cmd("referee", "encounter end")).message)).toMatch(/Seed \(revealed\): `siege-2`/);
    const turn = await cmd("referee", "dungeon turn", {});
    expect(text(turn.message)).toMatch(/Una recovers 1 subdual damage over 10 minutes \(1 per 10 minutes\): 1 left\./);
    // Bo, healed to 0 from below, gets his hours rolled as time first passes.
    expect(text(turn.message)).toMatch(/Bo is at 0 HP: awake in \d hours?\./);
    const una = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Una" } });
    expect(JSON.parse(una.state).subdual).toBe(1);
    expect(text((await cmd("bob", "verify")).message)).toMatch(/Verified: every roll/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("Castles & Crusades: disengaging, moving, cover and the situations /attack gives", () => {
  beforeAll(async () => {
    h = await startE2E({ users: ["referee", "alice", "bob"], seedPrefix: "siege-moves" });
    await cmd("referee", "campaign start", { system: "siege" });
    await cmd("alice", "character create", {
      name: "Una",
      sheet: "class=fighter level=3 str=14 dex=13 ac=14 hpMax=20 move=30 weapons=longsword:1d8",
    });
    await cmd("bob", "character create", {
      name: "Bo",
      sheet: "class=fighter level=2 dex=14 ac=13 hpMax=12 weapons=shortbow:1d6:ranged:50",
    });
  });
  afterAll(async () => h?.stop());

  // seed 003, "Disengaging from Combat": "they suffer a -2 to armor class and their opponent gets an attack against them
  // as they run away. This is a free attack and does not count against the opponent's other action"
  it("a hasty disengagement: −2 AC, no initiative, no other action, and each foe a free attack", async () => {
    await cmd("referee", "encounter start", { name: "Ford", monsters: "2 orcs", surprise: false });
    const d = await cmd("alice", "declare", { action: "disengage" });
    expect(d.ephemeral, text(d.message)).toBe(false);
    expect(text(await liveBoard(h))).toMatch(
      /\*\*Una\*\* .* · disengaging hastily \(−2 AC\) · declared: Disengage \(hasty\)/,
    );
    const n = await cmd("referee", "next");
    expect(text(n.message)).toMatch(/Una is disengaging hastily: no initiative roll\./);
    expect(text(await liveBoard(h))).toMatch(/round 1 · Orc 1 to act/);
    const a = await cmd("referee", "attack", { attacker: "Orc 1", target: "Una" });
    expect(text(a.message)).toMatch(/vs AC 12 = sheet AC 14 − 2 hasty disengagement →/);
    // "although the opponent may not make a second attack against the fleeing character" (issue 29, 13)
    await refused(
      cmd("referee", "attack", { attacker: "Orc 1", target: "Una" }),
      "Orc 1 has already attacked Una as they fled: the opponent may not make a second attack against the fleeing character (Castles & Crusades · Disengaging from Combat).",
    );
    // The free attack "does not count against the opponent's other action": Orc 1 still has its own, at someone else.
    expect((await cmd("referee", "attack", { attacker: "Orc 1", target: "Bo" })).ephemeral).toBe(false);
    await refused(
      cmd("referee", "attack", { attacker: "Orc 1", target: "Bo" }),
      "Orc 1 has already made 2 attacks this round (one attack this round, and a free attack at Una disengaging hastily).",
    );
    await refused(
      cmd("alice", "attack", { target: "Orc 1" }),
      "Una is disengaging hastily this round and cannot act this round: wait for /next.",
    );
  });

  // seed 003, "Cover", "Situational Modifiers" (concealment, a missile into melee), "Ranged Combat" (range increments)
  it("cover taken on one's turn; concealment, a missile into melee and the range in feet from /attack", async () => {
    // Orc 1 has made its attacks: the turn passes on by itself to Bo.
    expect(text(await liveBoard(h))).toMatch(/round 1 · Bo to act/);
    const c = await cmd("bob", "declare", { action: "cover", detail: "1/2" });
    expect(c.ephemeral, text(c.message)).toBe(false);
    expect(text(await liveBoard(h))).toMatch(/\*\*Bo\*\* .* · behind 1\/2 cover \(\+4 AC\) · declared: Take cover/);
    const b = await cmd("bob", "attack", { target: "Orc 2", concealment: "half", distance: 60, into_melee: true });
    expect(text(b.message)).toMatch(
      /\(BtH \+2, DEX \+1, medium range -2, ranged attack into melee -4, defender half concealed -4\)/,
    );
    expect(text(await liveBoard(h))).toMatch(/round 1 · Orc 2 to act/); // the turn passes on to Orc 2
    const o = await cmd("referee", "attack", { attacker: "Orc 2", target: "Bo" });
    expect(text(o.message)).toMatch(/vs AC 17 = sheet AC 13 \+ 4 1\/2 cover →/);
  });

  // seed 003, "Movement in the Combat Round": "No attack is allowed if a character exceeds one-half their movement rate."
  it("a move of more than half the rate leaves no attack", async () => {
    // Orc 2 could still take a free attack at Una: the referee's /next passes it, and the next ends round 1 and
    // rolls round 2's order at once (no declare phase between rounds).
    await cmd("referee", "next");
    expect(text(await liveBoard(h))).toMatch(/round 1 · everyone has acted/);
    await cmd("referee", "next");
    let acting = text(await liveBoard(h));
    for (let i = 0; i < 3 && !/Una to act|Una, |, Una to act/.test(acting); i++) {
      await cmd("referee", "next");
      acting = text(await liveBoard(h));
    }
    expect(acting).toMatch(/round 2 · .*Una/);
    const m = await cmd("alice", "declare", { action: "move", detail: "40" });
    expect(text(m.message)).toMatch(
      /Una moves 40 ft \(8 squares\): more than half the rate \(15 ft\), so no attack this round\./,
    );
    await refused(
      cmd("alice", "attack", { target: "Orc 1" }),
      "Una cannot attack this round (moved more than half the movement rate: no attack this round).",
    );
    expect(h.local.validationErrors).toEqual([]);
  });
});
