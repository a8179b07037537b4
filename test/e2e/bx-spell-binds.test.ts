// Issue 41, point 5: a declared spell binds the caster's round (B/X, seed 002), and the spell's name shows where the
// spell is told of. Seeds are fixed (seedPrefix bx-spell), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { button, nextUntilBoard, saying, startE2E, text, type E2E, boardReader } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
/** The live board (the roster, whose turn, and the notes of an action that rolled nothing), and its text. */
const { live, board } = boardReader(() => h, DEBUG);
const nextUntil = (until: RegExp, max = 8) => nextUntilBoard(h, until, max);

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "bx-spell" });
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("alice", "character create", {
    name: "Tamsin",
    sheet: "class=cleric level=2 hp=11 ac=9 weapons=mace:1d6",
  });
  await h.cmd("bob", "character create", { name: "Dorn", sheet: "class=fighter level=3 hp=20 ac=4 weapons=sword:1d8" });
});
afterAll(() => h?.stop());

describe("B/X: a declared spell binds the caster's round", () => {
  // seed 002, "Combat Sequence Per Round": the winning side acts (… spell casting …) before the other side; "Spell
  // Casting": "Sole action: No other actions may be taken in the round when casting a spell"
  it("the party wins: the spell goes off by its name on Tamsin's turn, and her mace waits for the next round", async () => {
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    // A spell taken back takes its name with it.
    await say("alice", "declare", { action: "spell", detail: "Sleep" });
    const back = text((await say("alice", "declare", { action: "none" })).message);
    expect(back).toMatch(/\*\*Tamsin\*\* `[^`]*` HP 11\/11\n/);
    expect(back).not.toMatch(/Sleep/);
    const declared = await say("alice", "declare", { action: "spell", detail: "Light" });
    // The declaration's result is the record; the roster is on the board below it.
    expect(text(declared.message)).toMatch(/^Tamsin prepares Light/);
    expect(await board()).toMatch(/\*\*Tamsin\*\*.*casting a spell \(declared\) · declared: Cast a spell \(Light\)/);
    const r1 = await say("referee", "next");
    expect(text(r1.message)).toMatch(/Party 5 · Foes 2/);
    expect(text(r1.message)).toMatch(/Tamsin's turn: the spell \(Light\) goes off\./);
    expect(await board()).toMatch(/\*\*Tamsin\*\*.*has cast a spell this round · declared: Cast a spell \(Light\)/);
    const mace = await say("alice", "attack", { target: "Goblin 2" });
    expect(mace.ephemeral).toBe(true);
    expect(mace.message.content).toBe("Tamsin cannot attack this round (casting Light: no other action this round).");
    // The others let their places pass: round 1 is over (its end is read when the referee starts round 2, below).
    expect(await nextUntil(/round 1 · everyone has acted/)).toMatch(/round 1 · everyone has acted/);
  });

  // seed 002, "Disrupting Spells": "If a spell caster loses initiative and is successfully attacked … before their turn,
  // the spell being cast is disrupted and fails. It is removed from the caster's memory as if it had been cast."
  it("Tamsin names Sleep in the spell's box; a goblin hits her first; on her turn her mace is refused, and the board names the spell", async () => {
    // Round 1 is over: Tamsin declares her spell for round 2 in the box, made when the referee starts the round.
    const b = await live();
    const cast = button(b, /^Cast a spell$/)!;
    const tap = await h.press("alice", b.id, cast.id);
    expect(JSON.stringify(tap.modal)).toContain(
      '"placeholder":"the spell\'s name (and its target: Sleep at Goblin 1)"',
    );
    const declared = await h.submit("alice", String(tap.modal!.custom_id), { detail: "Sleep" });
    expect(declared.ephemeral, declared.message.content ?? "").toBeFalsy();
    expect(text(declared.message)).toMatch(
      /Tamsin declares Cast a spell \(Sleep\) for round 2: it stands when the referee starts the round/,
    );
    // The press rolled nothing: the board, edited in place, shows the spell kept for round 2 by its name.
    expect(text(declared.message)).toMatch(/\*\*Tamsin\*\*.* · for round 2: Cast a spell \(Sleep\)/);
    const r2 = await say("referee", "next");
    // The round's end: the name goes with the round, without a word of its own.
    const end = text(r2.message);
    expect(end).toMatch(/Tamsin: has cast a spell this round — ended with the round\./);
    expect(end).not.toMatch(/Light/);
    expect(end).toMatch(/Round 2: act in order\./);
    expect(end).toMatch(/Party 1 · Foes 2/);
    expect(await board()).toMatch(/\*\*Tamsin\*\*.*casting a spell \(declared\) · declared: Cast a spell \(Sleep\)/);
    const hit = await say("referee", "attack", { attacker: "Goblin 1", target: "Tamsin" });
    expect(text(hit.message)).toMatch(/Tamsin takes \d+ damage/);
    expect(text(hit.message)).toMatch(
      /Tamsin was casting Sleep: The spell is disrupted and fails; it is removed from memory as if cast\./,
    );
    // Goblin 2 lets its place pass: the party's come. Tamsin has lost the round with her spell: her place passes by
    // itself, no spell goes off, and the board names the spell.
    const turn = await say("referee", "next");
    expect(text(turn.message)).toMatch(/round 2 · Dorn to act/);
    expect(text(turn.message)).not.toMatch(/goes off/);
    expect(text(turn.message)).toMatch(
      /\*\*Tamsin\*\*.*spell disrupted: lost from memory · declared: Cast a spell \(Sleep\)/,
    );
    // Her mace: refused, in words, and nothing is rolled.
    const mace = await say("alice", "attack", { target: "Goblin 1" });
    expect(mace.ephemeral).toBe(true);
    expect(mace.message.content).toBe(
      "Tamsin's spell (Sleep) was disrupted: Tamsin has lost this round (casting a spell is the round's sole action).",
    );
    const ref = await say("referee", "attack", { attacker: "Tamsin", target: "Goblin 1" });
    expect(ref.ephemeral).toBe(true);
    expect(ref.message.content).toBe(
      "Tamsin's spell (Sleep) was disrupted: Tamsin has lost this round (casting a spell is the round's sole action). To allow it anyway, repeat with `override:true`.",
    );
    // The referee may still rule otherwise, and the attack says so.
    const allowed = await say("referee", "attack", { attacker: "Tamsin", target: "Goblin 1", override: true });
    expect(allowed.ephemeral).toBeFalsy();
    expect(text(allowed.message)).toMatch(
      /Referee override: Tamsin's 1st attack this round \(the spell \(Sleep\) was disrupted: casting was the round's sole action, and the round is lost\)\./,
    );
    expect(h.local.validationErrors).toEqual([]);
  });
});
