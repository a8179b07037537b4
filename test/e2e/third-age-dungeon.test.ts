// The Third Age's dungeon turn through the local Discord (seed 000, "Dungeon Turn", "Movement in Dungeons"):
// the turn cites its own text, not another book's; light, which the text has no rule for, names the ruling;
// the fast pace gives up the forewarning.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ seedPrefix: "ta-dungeon" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "charisma=1 hp=10" });
});
afterAll(async () => h?.stop());

describe("The Third Age between fights", () => {
  // seed 000, "Dungeon Turn": "A dungeon turn is a 10 min segment of time … Referee rolls 1d6 and on a 1, a random encounter is rolled".
  it("a turn cites the text's Dungeon Turn and its 60' careful pace, never Basic/Expert", async () => {
    const t = text((await h.cmd("referee", "dungeon turn", { action: "search" })).message);
    expect(t).toMatch(/^Turn 1\n/);
    expect(t).toMatch(/wandering-monster check 1d6 \[\d\]/);
    expect(t).toMatch(/Movement: 60' \(12 squares\) this turn, checking every section\./);
    expect(t).toMatch(/\nThe Third Age · Dungeon Turn$/);
    expect(t).not.toMatch(/Basic\/Expert|Rounds and Turns|Resources/);
    // The text has no light rules and nobody lit one: nothing is said of light or darkness, here or in the status.
    expect(t).not.toMatch(/\nLight:/);
    expect(t).not.toMatch(/dark/i);
    expect(text((await h.cmd("referee", "dungeon status")).message)).not.toMatch(/dark/i);
  });

  it("a torch, which the text gives no rule for, burns by a ruling the turn names", async () => {
    await h.cmd("alice", "dungeon light", { action: "light" });
    const t = text((await h.cmd("referee", "dungeon turn")).message);
    expect(t).toMatch(/Alda's torch: 5 turns left, burning/);
    expect(t).toMatch(
      /\nThe Third Age · Dungeon Turn · a ruling: torches and lanterns burn as in the classic games \(this text has no light rules\)$/,
    );
    expect(t).not.toMatch(/Basic\/Expert/);
  });

  // seed 000, "Movement in Dungeons": "If the players wish to move faster, they will not get the forewarning."
  it("pace:fast moves faster and says the forewarning is lost; the next careful turn is back to 60'", async () => {
    const f = text((await h.cmd("referee", "dungeon turn", { pace: "fast", turns: 2 })).message);
    expect(f).toMatch(/^Turns 3–4/);
    expect(f).toMatch(
      /Movement: Fast pace: 120' \(24 squares\) this turn, not checking every section: no forewarning, traps and hazards are not telegraphed\./,
    );
    expect(f.match(/Fast pace/g)).toHaveLength(1);
    expect(f).toMatch(
      /\nThe Third Age · Movement in Dungeons · a ruling: a fast pace covers 120' a turn, twice the careful 60'\n/,
    );
    // The check still falls as on any turn (the text ties the forewarning to traps and hazards): a 1 on turn 4.
    expect(f).toMatch(/Turn 4: wandering-monster check 1d6 \[1\] = 1/);
    const c = text((await h.cmd("referee", "dungeon turn", { pace: "careful" })).message);
    expect(c).toMatch(/Movement: 60' \(12 squares\) this turn, checking every section\./);
    expect(c).not.toMatch(/forewarning/);
  });

  it("/heal treat: The Third Age has no wound that waits for treatment, and says what to do", async () => {
    const r = await h.cmd("alice", "heal", { target: "Alda", treat: true });
    expect([r.ephemeral, r.message.content]).toEqual([
      true,
      "The Third Age has no wound that waits for treatment: give the amount to heal.",
    ]);
  });
});
