// Issue 30 (the B/X house rules, seed 001): initiative groups and the referee's override, DEX already in AC,
// the retreat roll kept for its round, turning to re-engage; grappling, mass combat, and the referee's rolls.
// Seeds are fixed (campaign e2e-1, encounters e2e-2, e2e-3…), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, buttons, liveBoard, type E2E, saying } from "../helpers/e2e.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
/** The live board's text (the roster, whose turn, and the notes of an action that rolled nothing). */
const board = async () => {
  const b = await liveBoard(h);
  if (DEBUG) console.log(`--- the board\n${text(b)}\n${JSON.stringify(buttons(b).map((x) => x.label))}`);
  return text(b);
};
/** The referee moves on (/next) until the board says `pattern`. */
const toAct = async (pattern: RegExp) => {
  for (let i = 0; i < 8; i++) {
    if (pattern.test(await board())) return;
    await say("referee", "next");
  }
  throw new Error(`never reached ${pattern}`);
};
/** Where the round stands for `name`, read from the store: "before" its place in the order, "at" it, or "past" it. */
const placeOf = async (name: string) => {
  const db = h.app.services.store.db;
  const e = await db.encounter.findFirstOrThrow({ where: { status: "active" } });
  const order = orderCodec.decode(e.order);
  const id = (await db.combatant.findFirstOrThrow({ where: { encounterId: e.id, name } })).id;
  const place = order.findIndex((g) => g.includes(id));
  return e.round === 0 || e.turn < place ? "before" : e.turn === place ? "at" : "past";
};

beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx-house" });
  await h.cmd("alice", "character create", {
    name: "Sly",
    sheet: "class=thief level=2 hp=30 dex=16 ac=5 acIncludesDex=true weapons=sword:1d8",
  });
});
afterAll(() => h?.stop());

describe("house rules: the extra attacks against Normal Men, the referee's override, DEX already in AC", () => {
  // seed 001, "MISC COMBAT RULES": "a Troll with 6HD+3 would attack a group of Normal Men 6 times"; the referee's override is a separate thing.
  // seed 001, "COMBAT": the DEX bonus lowers AC: Sly's sheet already counts it (acIncludesDex), so it is not taken off again.
  it("the HD 3 sergeant hits AC 5 as written; its second attack goes only at a Normal Man, and with override:true at Sly, said on the result", async () => {
    await say("referee", "encounter start", {
      monsters: "Sergeant",
      stats: "HD 3 HP 20 AC 6 ATK spear 1d6 ML 12",
      surprise: false,
    });
    await say("referee", "encounter add", { monsters: "1 normal man", side: "party" });
    await say("referee", "next");
    const a = await say("referee", "attack", { attacker: "Sergeant", target: "Sly" });
    expect(text(a.message)).toMatch(/needs 12 \(THAC0 17 \(classic monster table, HD 3\) against AC 5\)/);
    expect(text(a.message)).not.toMatch(/DEX/);
    const no = await say("referee", "attack", { attacker: "Sergeant", target: "Sly" });
    expect(no.ephemeral).toBe(true);
    expect(no.message.content).toMatch(
      /Sergeant's extra attacks this round are melee attacks against Normal Men only .*: Sly is not one/,
    );
    const yes = await say("referee", "attack", { attacker: "Sergeant", target: "Sly", override: true });
    expect(yes.ephemeral).toBeFalsy();
    expect(text(yes.message)).toMatch(/Referee override: Sergeant's extra attack goes at Sly, who is not a Normal Man/);
    const man = await say("referee", "attack", { attacker: "Sergeant", target: "Normal Man" });
    expect(man.ephemeral).toBeFalsy();
    expect(text(man.message)).not.toMatch(/override/);
  });

  // seed 001, "Attacking From Behind": "the defender will not be able to … add their DEX bonuses against this attack"
  it("attacked from behind, Sly's DEX comes back out of the AC the sheet counted it in: AC 5 + 2", async () => {
    await toAct(/round 2 · Sergeant to act/);
    const b = await say("referee", "attack", { attacker: "Sergeant", target: "Sly", behind: true });
    expect(text(b.message)).toMatch(/against AC 7; defender's DEX not usable \(the sheet's AC includes it\) \+2/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("house rules: retreat", () => {
  // seed 001, "Retreat": the pursuers attack at +2 "until the one fleeing turns and re-engages"
  it("Sly flees from wolves, is caught up with, turns and re-engages, and attacks again", async () => {
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "2 wolves", surprise: false });
    const flee = await say("alice", "declare", { action: "flee" });
    expect(text(flee.message)).toMatch(
      /caught in \d+ rounds?; the pursuers attack at \+2 each round until Sly turns and re-engages/,
    );
    // Sly's place comes (fleeing, he may not attack there: the turn passes it by, and the board never lists him "to act").
    for (let i = 0; i < 8 && (await placeOf("Sly")) === "before"; i++) await say("referee", "next");
    expect(await placeOf("Sly")).not.toBe("before");
    expect(await board()).not.toMatch(/Sly[^\n]* to act/);
    const refused = await say("alice", "attack", { target: "Wolf 1" });
    expect(refused.ephemeral).toBe(true);
    const back = await say("alice", "declare", { action: "re-engage" });
    expect(text(back.message)).toMatch(/Sly turns and re-engages\nNo longer fleeing: it may attack this round/);
    const hit = await say("alice", "attack", { target: "Wolf 1" });
    expect(hit.ephemeral).toBeFalsy();
    expect(text(hit.message)).toMatch(/^Sly attacks Wolf 1/);
    expect(h.local.validationErrors).toEqual([]);
  });

  // seed 001, "Retreat": "roll an initiative die(D6) for the combatant retreating as well as for the combatant(s) they are disengaging from"
  it("withdrawing a retreat and declaring it again keeps the roll made this round", async () => {
    // Declarations are asked for (and withdrawn) only before the fight's first order is rolled: a fresh fight with the
    // sergeant (after the wolves', whose pursuit roll is their seed's).
    await say("referee", "encounter end");
    await say("referee", "encounter start", {
      monsters: "Sergeant",
      stats: "HD 3 HP 20 AC 6 ATK spear 1d6 ML 12",
      surprise: false,
    });
    expect(await board()).toMatch(/before initiative/);
    const first = await say("alice", "declare", { action: "retreat" });
    const roll = /Sly: (\d+)\.\n/.exec(text(first.message))!;
    const foe = /Sergeant: (\d+) — /.exec(text(first.message))!;
    expect(roll).not.toBeNull();
    await say("alice", "declare", { action: "none" });
    const rolls = await h.app.services.store.db.roll.count();
    const again = await say("alice", "declare", { action: "retreat" });
    expect(text(again.message)).toContain(`Sly: ${roll[1]} (the roll made this round stands).`);
    expect(text(again.message)).toContain(`Sergeant: ${foe[1]} — `);
    expect(await h.app.services.store.db.roll.count()).toBe(rolls);
  });
});

describe("house rules: grappling", () => {
  // seed 001, "Grappling attacks": "A successful attack means that that foe has 'grappled' our hero. - Each foe who has successfully grappled rolls a number of D6's corresponding to each of their Hit Dice. The hero also rolls a number of 6-sided die equal to his HD."
  it("an orc's grapple that hits deals no weapon damage; Sly is grappled at once and the d6 contest is rolled on the hit", async () => {
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    await say("referee", "next");
    const before = /\*\*Sly\*\*[^\n]*HP (\d+)\/30/.exec(text((await say("referee", "encounter show")).message))![1];
    const g = await say("referee", "declare", { action: "grapple", who: "Orc 1" });
    expect(text(g.message)).toMatch(/grappled at once \(no save\) and takes no weapon damage/);
    const a = await say("referee", "attack", { attacker: "Orc 1", target: "Sly", modifier: 15, override: true });
    const t = text(a.message);
    expect(t).toMatch(
      /Sly is grappled by Orc 1 \(no weapon damage\)\. Orc 1: 1d6 = (\d)\. Sly: 2d6 = (\d+) against \1\./,
    );
    expect(t).not.toMatch(/Damage 1d6/);
    const [, orc, sly] = /Orc 1: 1d6 = (\d)\. Sly: 2d6 = (\d+)/.exec(t)!;
    const outcome = Number(sly) < Number(orc) ? "pinned" : Number(sly) === Number(orc) ? "struggling" : "thrown off";
    const show = text((await say("referee", "encounter show")).message);
    expect(show).toMatch(new RegExp(`\\*\\*Sly\\*\\*[^\\n]*HP ${before}/30`));
    if (outcome === "thrown off") expect(show).toMatch(/\*\*Orc 1\*\*[^\n]*stunned/);
    else expect(show).toMatch(/\*\*Sly\*\*[^\n]*grappled by Orc 1/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("house rules: mass combat", () => {
  // seed 001, "Mass Combat": "If a hit is made, a single 6-sided die is thrown, and its score is multiplied by 10 and subtracted from the target unit's total hit dice points."
  it("a bandit unit's hit on a unit takes d6 × 10; on Sly, one character, it is one blow with its weapon", async () => {
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "1 bandit unit", surprise: false });
    await say("referee", "encounter add", {
      monsters: "Militia",
      stats: "MEN 10 HD 1 AC 7 ATK spear 1d6 ML 7",
      side: "party",
    });
    await say("referee", "next");
    const one = await say("referee", "attack", {
      attacker: "Bandit Unit",
      target: "Sly",
      modifier: 15,
      override: true,
    });
    expect(text(one.message)).toMatch(
      /A unit of 10 against one combatant: the unit's d6 × 10 is for units; this is one blow with its weapon\./,
    );
    expect(text(one.message)).toMatch(/Damage 1d6 \[\d\]: \d /);
    expect(text(one.message)).not.toMatch(/Damage 1d6 \[\d\] × 10/);
    const unit = await say("referee", "attack", {
      attacker: "Bandit Unit",
      target: "Militia",
      modifier: 15,
      override: true,
    });
    expect(text(unit.message)).toMatch(/A unit of 10: one throw for the unit; a hit takes d6 × 10\./);
    expect(text(unit.message)).toMatch(/Damage 1d6 \[(\d)\] × 10: \d+0/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("house rules: the direction of appearance", () => {
  // seed 001, "ENCOUNTER ORDER" 2: "The direction of appearance is determined by random number generation considering the number of possible entries."
  it("the referee gives the ways in and the bot rolls which one the foes come by", async () => {
    await say("referee", "encounter end");
    const r = await say("referee", "encounter start", { monsters: "3 goblins", surprise: false, entries: 4 });
    const m = /They come in by way (\d) of 4\nDirection of appearance: 1d4 = (\d), among the 4 possible entries\./.exec(
      text(r.message),
    )!;
    expect(m).not.toBeNull();
    expect(m[1]).toBe(m[2]);
    expect(text(r.message)).toMatch(/B\/X house rules · ENCOUNTER ORDER/);
    expect(h.local.validationErrors).toEqual([]);
  });
});
