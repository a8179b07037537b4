// Surprise through the local Discord in every system that rolls it (issue 42, points 19 and 24): the referee's
// bonus (+) to a side's surprise roll helps that side and a penalty (−) hurts it; a range that becomes empty says
// "cannot be surprised"; the lines agree in number ("the foes roll", "the party is"). Seeds are fixed.
import { describe, it, expect, afterEach } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});
/** What /encounter start said (its answer and the record after it), without the board. */
const started = async (options: Record<string, unknown>) => {
  const r = await h!.cmd("referee", "encounter start", options as never);
  expect(r.ephemeral, r.message.content ?? "").toBeFalsy();
  await h!.app.bot.router.settled();
  return [r.message, ...r.followUps].map(text).join("\n");
};
const debug = process.env.SURPRISE_E2E_DEBUG === "1";
const show = (t: string) => (debug ? console.log(t) : undefined);

describe("the referee's surprise bonus helps the side it is given to", () => {
  // seed 000, "Surprise": "the referee should perform a surprise roll 1d6 for players and monsters. On 1-2 the
  // opposing side is surprised": the party's roll is the one that surprises the foes, so a bonus widens it.
  it("The Third Age: the party's +2 surprises the foes on 1–4; the foes' −2 cannot surprise the party", async () => {
    // seed sb5: the party's die 4 (a 1–2 would not do, 1–4 does), the foes' die 1 (1–2 would do, never does not).
    h = await startTable("third-age", [{ user: "alice", name: "Alda", sheet: "hp=10 successAC=12" }], {
      seedPrefix: "sb5",
    });
    const t = await started({ monsters: "1 goblin", party_surprise: 2, foes_surprise: -2 });
    show(t);
    expect(t).toMatch(
      /\nThe party rolls to surprise the foes: 1d6 \[4\] = 4, surprises on 1–2, bonus \+2 → on 1–4: the foes are surprised\n/,
    );
    expect(t).toMatch(
      /\nThe foes roll to surprise the party: 1d6 \[1\] = 1, surprises on 1–2, penalty −2 → never: the party cannot be surprised\n/,
    );
    expect(t).toMatch(/\nThe foes are surprised and cannot act in the first round\./);
    // Without a modifier the lines read as before, in the right number: "the foes roll", "the party is".
    await h.cmd("referee", "encounter end");
    const plain = await started({ monsters: "1 goblin" });
    show(plain);
    expect(plain).toMatch(
      /\nThe party rolls to surprise the foes: 1d6 \[3\] = 3 → 3\+: the foes are not surprised\nThe foes roll to surprise the party: 1d6 \[4\] = 4 → 3\+: the party is not surprised\nNobody is surprised\.\n/,
    );
    expect(plain).not.toMatch(/the foes rolls|the party are/i);
  });

  // Basic/Expert (seed 002) has no surprise rule of its own: the classic 1d6, each side surprised on 1–2 on its own die.
  it("B/X: the party's +2 leaves it no number to be surprised on; the foes' −2 makes them surprised on 1–4", async () => {
    // seed sb6: the party's die 1 (surprised on 1–2, not when it has no number), the foes' die 4 (surprised on 1–4).
    h = await startTable("bx", [{ user: "alice", name: "Alda", sheet: "class=fighter level=1 hp=8 ac=5 thac0=19" }], {
      seedPrefix: "sb6",
    });
    const t = await started({ monsters: "1 goblin", party_surprise: 2, foes_surprise: -2 });
    show(t);
    expect(t).toMatch(/\nParty: rolled 1: cannot be surprised \(surprised on 1–2, bonus \+2 → never\)\.\n/);
    expect(t).toMatch(
      /\nFoes: rolled 4, surprised on 1–2, penalty -2 → on 1–4: surprised\.\nThe party gets a free round\.\n/,
    );
    expect(t).not.toMatch(/1–0/);
  });

  // seed 001, "SURPRISE(examples)" 4): "IF Party A surprises on a 1-5 (and is normally surprised on a 1-2) AND Party B
  // surprises on a 1-4 (and is normally surprised only on a 1) THEN Party A surprises Party B only on a 1-4, AND Party B
  // still surprises Party A on a 1-4." The referee's bonus then moves a side's own range, and the example still holds.
  it("B/X house rules: example 4 comes out as the text says, and the referee's +1 and −1 move each side's own range", async () => {
    h = await startTable(
      "bx-house",
      [{ user: "alice", name: "Alda", sheet: "class=fighter level=1 hp=8 ac=5 thac0=19 surprises=5 surprisedOn=2" }],
      { seedPrefix: "surprise-42" },
    );
    const stats = "hd=1 hp=5 ac=6 thac0=19 surprises=4 surprisedOn=1";
    const t = await started({ monsters: "Sneak", stats });
    show(t);
    // seed surprise-42: both dice fall in 1–4, so both sides are surprised, which cancels out.
    expect(t).toMatch(
      /\nParty: rolled 2, surprised on 1–4: surprised\.\nFoes: rolled 1, surprised on 1–4: surprised\.\nBoth sides are surprised: it cancels out/,
    );
    await h.cmd("referee", "encounter end");
    const m = await started({ monsters: "Sneak", stats, party_surprise: 1, foes_surprise: -1 });
    show(m);
    expect(m).toMatch(
      /\nParty: rolled 1, surprised on 1–4, bonus \+1 → on 1–3: surprised\.\nFoes: rolled 6, surprised on 1–4, penalty -1 → on 1–5: not surprised\.\nThe foes get a free round;/,
    );
  });

  // seed 003, "Surprise": a Wisdom check; the Castle Keeper's modifier is added to the check, so a bonus helps.
  it("Castles & Crusades: each side's line starts with its name, and the Castle Keeper's +5 is added to the Wisdom check", async () => {
    h = await startTable(
      "siege",
      [
        {
          user: "alice",
          name: "Una",
          sheet: "class=fighter level=3 str=14 dex=16 wis=10 ac=14 hpMax=20 move=30 weapons=longsword:1d8",
        },
      ],
      { seedPrefix: "surprise-42" },
    );
    const t = await started({ monsters: "1 orc", party_surprise: 5 });
    show(t);
    expect(t).toMatch(
      /\nParty: the Castle Keeper's \+5 to the Wisdom check\.\nParty: Una \(best chance, for the group\) Wisdom \d+ vs \d+: (not )?surprised\.\nFoes: Orc/,
    );
    // Una's own Wisdom check is +3 (level 3, Wisdom 10): with the Castle Keeper's +5, 1d20+8.
    expect(t).toMatch(
      /Party: Una \(best chance, for the group\) Wisdom 11 vs 18: surprised\.[\s\S]*surprise: Wisdom check \(Una\): 1d20\+8 \(3\) = \*\*11\*\*/,
    );
    // The same family of lines at the group's initiative: each side by its name, capitalised.
    await h.cmd("referee", "encounter end");
    const set = await h.cmd("referee", "campaign set", { option: "initiative", value: "group" });
    expect(set.ephemeral, set.message.content ?? "").toBeFalsy();
    await started({ monsters: "1 orc", surprise: false });
    const i = await h.cmd("referee", "initiative");
    show(text(i.message));
    expect(text(i.message)).toMatch(/\nParty: d10 7 \(best Dexterity 16\)\.\nFoes: d10 2 \(best Dexterity 10\)\./);
  });
});
