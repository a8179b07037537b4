import seedrandom from "seedrandom";
import { describe, expect, it } from "vitest";
import { DiceBag } from "../../../src/rules/dice/bag.js";
import { thirdAge } from "../../../src/rules/systems/third-age/index.js";
import { monster, pc } from "./helpers.js";

const seeded = (seed: string) => {
  const prng = seedrandom(seed);
  return new DiceBag({ next: () => prng() });
};

// seed 000, "Attack Rolls": the same seed replays the same attack (for /verify)
describe("seeded replay", () => {
  it("an attack and its reactions are the same from the same seed", () => {
    const run = () => {
      const b = seeded("seed-1");
      const inp = {
        attacker: monster("orc", { body: 1, attackBonus: 1, weapons: [{ name: "Axe", damage: "1d6" }] }),
        defender: pc("cy", { body: 1, successAC: 12, partialAC: 8, weapons: [{ name: "Mace", damage: "1d6" }] }),
        others: [],
        situation: {},
      };
      let s = thirdAge.attack.begin(inp, b);
      while (s.phase !== "done")
        s = thirdAge.attack.react(s, s.options.find((o) => o.id !== "parry" && o.id !== "pass")?.id ?? "pass", inp, b);
      return { s, log: b.log };
    };
    const a = run();
    const c = run();
    expect(a.s).toEqual(c.s);
    expect(a.log).toEqual(c.log);
    expect(a.log[0]!.notation).toBe("2d10+2");
    // The dice lines are the log's rolls; the damage's also says what it came to (seed 000, a partial success: half).
    expect(a.s.result.rolls.map(({ counts: _, ...r }) => r)).toEqual(a.log);
    expect(a.s.outcome).toBe("partial");
    const damage = a.s.result.rolls.find((r) => r.label === "damage")!;
    expect(damage.counts).toEqual({ total: Math.max(1, Math.floor(damage.total / 2)), why: "half" });
  });
});
