import { describe, it, expect } from "vitest";
import seedrandom from "seedrandom";
import { roll, distribution, renderDice, DiceError, type RandomSource } from "../../../src/rules/dice/index.js";

const ALPHABET = "0123456789dDkKhHlLrRoOfFxX!<>=%+-*/()[]; ";

function randomString(rng: () => number): string {
  const len = Math.floor(rng() ** 2 * 230); // mostly short, sometimes over the 200 limit
  let s = "";
  for (let i = 0; i < len; i++) {
    const r = rng();
    if (r < 0.8) s += ALPHABET[Math.floor(rng() * ALPHABET.length)];
    else if (r < 0.9) s += String(Math.floor(rng() * 20) + 1);
    else if (r < 0.97) s += String.fromCharCode(32 + Math.floor(rng() * 95));
    else s += String.fromCodePoint(Math.floor(rng() * 0x2ffff));
  }
  return s;
}

describe("fuzz", () => {
  it("10,000 random strings only ever throw DiceError, and never roll more than 1,000 dice", () => {
    const rng = seedrandom.alea("dice-fuzz-1");
    const dieRng = seedrandom.alea("dice-fuzz-2");
    let ok = 0;
    let rejected = 0;
    let maxDrawn = 0;
    const started = performance.now();
    for (let n = 0; n < 10_000; n++) {
      // Dice-alphabet strings, plus a share built from well-formed fragments.
      const input = n % 4 === 0 ? fragments(rng) : randomString(rng);
      let drawn = 0;
      const source: RandomSource = {
        next() {
          drawn++;
          // Sometimes always-max dice, to drive explosions as far as they go.
          return n % 7 === 0 ? 0.999999 : dieRng();
        },
      };
      try {
        const out = roll(input, source);
        ok++;
        expect(out.diceRolled).toBe(drawn);
        expect(renderDice(out).length).toBeLessThanOrEqual(1024);
        for (const p of out.parts) expect(Number.isSafeInteger(p.total)).toBe(true);
      } catch (err) {
        if (!(err instanceof DiceError)) throw new Error(`non-DiceError for ${JSON.stringify(input)}: ${err}`);
        rejected++;
      }
      expect(drawn).toBeLessThanOrEqual(1000);
      maxDrawn = Math.max(maxDrawn, drawn);
    }
    const elapsed = performance.now() - started;
    expect(ok).toBeGreaterThan(500);
    expect(rejected).toBeGreaterThan(500);
    expect(elapsed).toBeLessThan(20_000); // generous: the loop normally takes well under a second
  });

  it("odds on random well-formed expressions only ever throw DiceError", () => {
    const rng = seedrandom.alea("dice-fuzz-odds");
    let computed = 0;
    for (let n = 0; n < 300; n++) {
      const input = fragments(rng);
      try {
        const d = distribution(input);
        const sum = d.outcomes.reduce((s, [, p]) => s + p, 0);
        expect(sum).toBeCloseTo(1, 6);
        computed++;
      } catch (err) {
        if (!(err instanceof DiceError)) throw new Error(`non-DiceError for ${JSON.stringify(input)}: ${err}`);
      }
    }
    expect(computed).toBeGreaterThan(50);
  });
});

/** Expressions built from valid-looking pieces (they may still break limits). */
function fragments(rng: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const dice = () => {
    const n = pick([1, 2, 3, 4, 5, 10, 50, 200]);
    const s = pick([1, 2, 4, 6, 8, 10, 12, 20, 100, 1000]);
    const mods = pick(["", "", "!", "kh1", "kl2", "dl1", "r1", "ro<2", ">4", "<2", "!>5", ">3f1", "!kh2", "r<3kh1"]);
    return `${n}d${s}${mods}`;
  };
  const term = (): string => (rng() < 0.3 ? String(Math.floor(rng() * 10)) : rng() < 0.1 ? `(${expr()})` : dice());
  const expr = (): string => {
    let e = term();
    const k = Math.floor(rng() * 3);
    for (let i = 0; i < k; i++) e += pick(["+", "-", "*", "/"]) + term();
    return e;
  };
  return rng() < 0.1 ? `${Math.floor(rng() * 25)}x ${expr()}` : expr();
}
