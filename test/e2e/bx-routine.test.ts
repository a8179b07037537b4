// seed 002, "Attacks Per Round": "Some monsters have multiple attacks". A custom B/X monster given as one
// stat line with an attack routine (claw/claw/bite) attacks with the whole routine each round, not once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=sword:1d8" },
  ]);
});
afterAll(() => h?.stop());

describe("a B/X stat line's attack routine", () => {
  it("a troll from `ATK claw 1d6/claw 1d6/bite 1d10` makes three attacks a round and no fourth", async () => {
    await h.cmd("referee", "encounter start", {
      monsters: "1 troll",
      stats: "HD 6+3 AC 4 ATK claw 1d6/claw 1d6/bite 1d10 ML 10",
      surprise: false,
    });
    const troll = JSON.parse(
      (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Troll" } })).sheet,
    );
    expect(troll).toMatchObject({
      hd: "6+3",
      attacks: 3,
      weapons: [{ name: "claw" }, { name: "claw" }, { name: "bite", damage: "1d10" }],
    });
    await h.cmd("referee", "initiative");
    // seed e2e-2: the party wins the initiative (4 to 1); /next brings the troll's turn.
    expect(text((await h.cmd("referee", "next")).message)).toMatch(/round 1 · Troll to act/);
    for (const weapon of ["claw", "claw", "bite"]) {
      const a = await h.cmd("referee", "attack", { attacker: "Troll", target: "Una", weapon });
      expect(a.ephemeral).toBeFalsy();
      expect(text(a.message)).toMatch(
        new RegExp(`^Troll attacks Una: (hit|miss)\\nTroll attacks Una with ${weapon} \\(melee\\)`),
      );
    }
    const fourth = await h.cmd("referee", "attack", { attacker: "Troll", target: "Una", weapon: "claw" });
    expect(fourth.ephemeral).toBe(true);
    expect(fourth.message.content).toMatch(
      /^Troll has already made 3 attacks this round \(3 attacks \(the monster's routine\)\)\./,
    );
    expect(h.local.validationErrors).toEqual([]);
  });
});
