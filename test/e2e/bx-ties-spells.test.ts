// Issue 30, points 2 and 3: B/X (seed 002) ties and spell disruption, through the local Discord.
// Seeds are fixed (campaign e2e-1, encounters e2e-2, e2e-3…), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, buttons, type E2E, saying, nextUntilBoard, boardReader } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
/** The live board (the roster, whose turn, and the notes of an action that rolled nothing), and its text. */
const { live, board } = boardReader(() => h, DEBUG);
const nextUntil = (until: RegExp, max = 8) => nextUntilBoard(h, until, max);

beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("referee", "campaign set", { option: "ties", value: "simultaneous" });
  await h.cmd("alice", "character create", {
    name: "Dorn",
    sheet: "class=fighter level=3 hp=20 ac=4 weapons=sword:1d8",
  });
  await h.cmd("bob", "character create", {
    name: "Mira",
    sheet: "class=magic-user level=3 hp=9 ac=9 weapons=dagger:1d4",
  });
});
afterAll(() => h?.stop());

describe("B/X: ties are simultaneous", () => {
  // seed 002, "Initiative": "If ties: … resolved simultaneously … both sides may inflict deadly blows"
  it("a sentry slain in a tied exchange still makes its attack in it; not in a later one, and nobody attacks it", async () => {
    await say("referee", "encounter start", {
      monsters: "Sentry",
      stats: "HD 1 HP 1 AC 9 ATK spear 1d6 ML 12",
      surprise: false,
    });
    // Rounds 1 and 2 pass; the press that starts round 3 rolls its order (the record), the board follows.
    let tie = "";
    for (let i = 0; i < 8 && !/Round 3\n/.test(tie); i++) tie = text((await say("referee", "next")).message);
    expect(tie).toMatch(/Round 3\n/);
    expect(tie).toMatch(/Party 2 · Foes 2/);
    expect(await board()).toMatch(/round 3 · Dorn, Mira, Sentry to act|round 3 · .*Sentry.* to act/);
    const kill = await say("alice", "attack", { target: "Sentry" });
    expect(text(kill.message)).toMatch(/Sentry takes 1 damage: HP 1 → 0, dead/);
    const last = await say("referee", "attack", { attacker: "Sentry", target: "Dorn" });
    expect(last.ephemeral).toBeFalsy();
    expect(text(last.message)).toMatch(/Sentry attacks Dorn with spear \(melee\): d20 4/);
    expect(text(last.message)).toMatch(
      /Sentry fell in this exchange and still strikes: a tie is resolved simultaneously: both sides may inflict deadly blows/,
    );
    // One attack, as any round.
    const twice = await say("referee", "attack", { attacker: "Sentry", target: "Dorn" });
    expect(text(twice.message)).toMatch(/Sentry has already attacked this round/);
    const onDead = await say("bob", "attack", { target: "Sentry" });
    expect(text(onDead.message)).toMatch(/Sentry is dead: pick another target/);
    // Round 3 ends (Mira lets her place pass) and round 4 starts.
    expect(await nextUntil(/round 4\b/)).toMatch(/round 4\b/);
    const later = await say("referee", "attack", { attacker: "Sentry", target: "Dorn" });
    expect(later.ephemeral).toBe(true);
    expect(text(later.message)).toMatch(/Sentry is dead and cannot act/);
    await say("referee", "encounter end");
  });
});

describe("B/X: disrupting spells", () => {
  // seed 002, "Disrupting Spells": "If a spell caster loses initiative and is successfully attacked … before their turn, the spell … is disrupted"
  it("the foes win initiative and a goblin hits Mira before her turn: the spell is lost, and her turn casts nothing", async () => {
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    await say("bob", "declare", { action: "spell", detail: "Sleep" });
    const r1 = await say("referee", "next");
    expect(text(r1.message)).toMatch(/Party 1 · Foes 6/);
    expect(buttons(r1.message).map((b) => b.label)).not.toContain("The spell goes off");
    expect(buttons(await live()).map((b) => b.label)).not.toContain("The spell goes off");
    const hit = await say("referee", "attack", { attacker: "Goblin 1", target: "Mira" });
    expect(text(hit.message)).toMatch(/Mira takes 2 damage/);
    expect(text(hit.message)).toMatch(
      /Mira was casting Sleep: The spell is disrupted and fails; it is removed from memory as if cast/,
    );
    // Goblin 2 lets its turn pass: the party's places come.
    const turn = await say("referee", "next");
    // seed 002, "Combat Sequence Per Round": the party's spell casting comes before its melee (issue 30, point 9). Mira
    // has lost the round with her spell: her place passes, no spell goes off, and Dorn's melee comes.
    expect(text(turn.message)).toMatch(/round 1 · Dorn to act/);
    expect(text(turn.message)).not.toMatch(/spell goes off/);
    expect(text(turn.message)).toMatch(/spell disrupted: lost from memory/);
  });

  // seed 002, "Combat Sequence Per Round": the winning side acts (… spell casting …) before the other side
  it("the party wins: Mira's spell goes off on her turn without a tap, and a goblin's hit afterwards disrupts nothing", async () => {
    // Round 1 over (Dorn lets his place pass), Mira declares her spell for round 2: made when it starts.
    expect(await nextUntil(/round 1 · everyone has acted/)).toMatch(/round 1 · everyone has acted/);
    const ahead = await say("bob", "declare", { action: "spell", detail: "Sleep" });
    expect(text(ahead.message)).toMatch(/Mira declares Cast a spell \(Sleep\) for round 2/);
    const r2 = await say("referee", "next");
    expect(text(r2.message)).toMatch(/Party 6 · Foes 5/);
    expect(text(r2.message)).toMatch(/Mira's turn: the spell \(Sleep\) goes off\./);
    expect(await board()).toMatch(/\*\*Mira\*\*.*has cast a spell this round/);
    // Mira's spell casting, then Dorn's melee, then the goblins.
    expect(await nextUntil(/round 2 · Goblin 1, Goblin 2 to act/)).toMatch(/round 2 · Goblin 1, Goblin 2 to act/);
    await say("referee", "attack", { attacker: "Goblin 1", target: "Mira" });
    const hit = await say("referee", "attack", { attacker: "Goblin 2", target: "Mira" });
    expect(text(hit.message)).toMatch(/Mira takes \d+ damage/);
    expect(text(hit.message)).not.toMatch(/disrupted/);
  });

  // seed 002, "Disrupting Spells": "If a spell caster loses initiative and … fails a saving throw before their turn, the spell … is disrupted"
  it("the foes win and Mira fails a save before her turn: the spell is lost", async () => {
    // Both goblins have attacked: round 2 is over; Mira declares her spell for round 3.
    expect(await nextUntil(/round 2 · everyone has acted/)).toMatch(/round 2 · everyone has acted/);
    await say("bob", "declare", { action: "spell", detail: "Sleep" });
    const r3 = await say("referee", "next");
    expect(text(r3.message)).toMatch(/Round 3\n/);
    expect(text(r3.message)).toMatch(/Foes act first/);
    const save = await say("bob", "save", { kind: "spells" });
    expect(text(save.message)).toMatch(/Mira: save vs Spells, Rods, or Staves fails/);
    expect(text(save.message)).toMatch(/Mira was casting Sleep: The spell is disrupted and fails/);
    const turn = await say("referee", "next");
    expect(text(turn.message)).not.toMatch(/spell goes off/);
    expect(text(turn.message)).toMatch(/\*\*Mira\*\*.*spell disrupted: lost from memory/);
    expect(h.local.validationErrors).toEqual([]);
  });
});
