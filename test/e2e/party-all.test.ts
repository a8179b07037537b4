// Issue 42, point 30: party-wide commands count every character of the party, not only each player's current
// one. Alice plays Garrick (her current character) and Pell, who carries 1,700 coins; Bob plays Mira.
// Seeds are fixed (prefix "party"), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const hp = async (name: string) =>
  (JSON.parse((await h.app.services.store.db.character.findFirstOrThrow({ where: { name } })).state) as { hp: number })
    .hp;

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "party" });
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("referee", "campaign set", { option: "encumbrance", value: "detailed" });
  for (const [user, name, sheet] of [
    ["alice", "Garrick", "class=fighter level=3 hp=20 ac=4 weapons=sword:1d8"],
    ["alice", "Pell", "class=thief level=3 hp=12 ac=7 weapons=dagger:1d4 treasure=coin:1700"],
    ["bob", "Mira", "class=magic-user level=3 hp=9 ac=9"],
  ] as const)
    expect((await h.cmd(user, "character create", { name, sheet })).ephemeral).toBe(false);
});
afterAll(() => h?.stop());

describe("the party is every character, whichever each player plays now", () => {
  // seed 002, "Option 2: Detailed Encumbrance": "Maximum load: Any character can carry 1,600 coins of weight.
  // Characters carrying more than this cannot move." and "Group Movement Rate": the party moves at its slowest.
  it("Pell's 1,700 coins hold the party, though Alice plays Garrick now", async () => {
    const status = text((await h.cmd("referee", "dungeon status")).message);
    expect(status).toMatch(
      /Movement: Pell cannot move \(1700 coins is over the 1,600-coin maximum load: cannot move\): the party cannot move on\./,
    );
    // Pell's load is set like anyone's, without /character use first.
    const set = await h.cmd("referee", "dungeon set", { character: "Pell", coins: 500 });
    expect(set.ephemeral).toBe(false);
    expect(text((await h.cmd("referee", "dungeon status")).message)).toMatch(
      /90' this turn: the slowest is Pell \(500 coins: up to 600\)/,
    );
  });

  // seed 002, "Healing": "Natural: A character or monster recovers 1d3 hit points for each full day of complete rest."
  it("a day of rest heals Pell as well as Garrick and Mira", async () => {
    for (const [target, amount] of [
      ["Garrick", 6],
      ["Pell", 5],
      ["Mira", 4],
    ] as const)
      await h.cmd("referee", "damage", { target, amount });
    expect([await hp("Garrick"), await hp("Pell"), await hp("Mira")]).toEqual([14, 7, 5]);
    const rest = text((await h.cmd("referee", "dungeon rest", { days: 1, place: "safe" })).message);
    expect(rest).toMatch(/Garrick: 1 day of complete rest, 1d3 a day: 3 = 3; HP 14 → 17 \(maximum 20\)\./);
    expect(rest).toMatch(/Pell: 1 day of complete rest, 1d3 a day: 2 = 2; HP 7 → 9 \(maximum 12\)\./);
    expect(rest).toMatch(/Mira: 1 day of complete rest, 1d3 a day: 2 = 2; HP 5 → 7 \(maximum 9\)\./);
    expect([await hp("Garrick"), await hp("Pell"), await hp("Mira")]).toEqual([17, 9, 7]);
  });
});
