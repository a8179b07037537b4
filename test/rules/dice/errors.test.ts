import { describe, it, expect } from "vitest";
import { roll, DiceError, scriptedFaces, type RandomSource } from "../../../src/rules/dice/index.js";

const never: RandomSource = {
  next() {
    throw new Error("no die should be drawn");
  },
};

function errorOf(expr: string, source: RandomSource = never): DiceError {
  try {
    roll(expr, source);
  } catch (err) {
    expect(err).toBeInstanceOf(DiceError);
    return err as DiceError;
  }
  throw new Error(`expected "${expr}" to fail`);
}

describe("bad input throws DiceError pointing at the problem", () => {
  it("the examples from the brief", () => {
    expect(errorOf("1d").message).toBe(`"1d" — expected the number of sides after 'd' (at position 2)`);
    expect(errorOf("1d").position).toBe(2);
    expect(errorOf("d0").message).toMatch(/at least 1 side.*position 1/);
    expect(errorOf("5d6kh7").message).toContain("can't keep 7 of 5 dice");
    expect(errorOf("((((").message).toMatch(/expected a number.*at the end/);
    expect(errorOf("1e999").message).toMatch(/exponent.*position 1/);
    expect(errorOf("").message).toMatch(/empty/);
    expect(errorOf("   ").message).toMatch(/empty/);
    expect(errorOf("999999999d6").message).toMatch(/at most 1000 dice/);
    expect(errorOf("1d6/0", scriptedFaces([3])).message).toMatch(/division by zero \(at position 3\)/);
  });

  const cases: Array<[string, RegExp]> = [
    ["5d6dl6", /can't drop 6 of 5 dice/],
    ["4d6kh0", /keep at least 1/],
    ["0d6", /at least 1 die/],
    ["1d1000001", /at most 1000000 sides/],
    ["1d6!>1", /every face of a d6 explodes/],
    ["1d1!", /every face of a d1 explodes/],
    ["1d6!<6", /explode forever/],
    ["1d6r<6", /every face of a d6 would be rerolled/],
    ["1d6r", /what to reroll/],
    ["1d6kh1kh1", /only one keep\/drop/],
    ["1d6!!", /'!!'/],
    ["1d6r1r2", /only one reroll/],
    ["1d6f1", /needs a success target/],
    ["5d6>4>3", /only one success target/],
    ["1d6>", /expected a number after '>'/],
    ["abc", /found 'a'.*position 0/],
    ["1d6;", /another roll after ';'/],
    [";1d6", /found ';'/],
    ["1d6)", /unmatched '\)'/],
    ["(1d6", /expected '\)' to close the '\(' at position 0/],
    ["1d6 +", /at the end/],
    ["1.5d6", /whole numbers/],
    ["1d6 [label", /closing '\]'/],
    ["1d6 [a] + 2", /label must come at the end/],
    ["21x 1d6", /repeat count must be 1 to 20/],
    ["0x 1d6", /repeat count/],
    ["2x 600d6", /rolls 1200 dice; the limit is 1000/],
    ["600d6; 401d6", /rolls 1001 dice/],
    ["99999999999999999", /number too large/],
    ["9007199254740991 * 2", /too large/],
    ["9007199254740991 + 1", /too large/],
    ["-9007199254740991 - 1", /too large/],
    ["1d6 d4", /unexpected 'd'/],
    ["4d6 kh3", /unexpected 'k'/],
  ];
  for (const [expr, re] of cases) {
    it(`"${expr}"`, () => {
      const e = errorOf(expr, scriptedFaces(Array.from({ length: 1000 }, () => 1)));
      expect(e.message).toMatch(re);
      expect(e.message.startsWith(`"${expr}"`) || expr.trim() === "").toBe(true);
    });
  }

  it("input over 200 characters", () => {
    const long = "1+".repeat(100) + "1";
    expect(errorOf(long).message).toMatch(/too long: 201 characters/);
    expect(() => roll("1+".repeat(99) + "1", never)).not.toThrow();
  });

  it("more than 10 nested parentheses", () => {
    expect(roll("(".repeat(10) + "1" + ")".repeat(10), never).parts[0]!.total).toBe(1);
    expect(errorOf("(".repeat(11) + "1" + ")".repeat(11)).message).toMatch(/nested parentheses \(at most 10\)/);
  });

  it("fails before rolling when the dice count is too big", () => {
    expect(() => roll("1000d6", { next: () => 0.5 })).not.toThrow();
    errorOf("1001d6");
    errorOf("500d6+501d6");
  });
});

describe("the 1,000-dice budget covers explosions and rerolls", () => {
  const max: RandomSource = { next: () => 0.999999 };
  const min: RandomSource = { next: () => 0 };

  it("explosions past the limit fail (no silent truncation)", () => {
    expect(errorOf("1d6!", max).message).toMatch(/more than 1000 dice/);
    expect(errorOf("999d6; 1d6!", max).message).toMatch(/more than 1000 dice/);
  });

  it("endless rerolls fail", () => {
    expect(errorOf("1d20r1", min).message).toMatch(/more than 1000 dice/);
    expect(errorOf("1d1000000r<999999", min).message).toMatch(/more than 1000 dice/);
  });

  it("repeats share the budget", () => {
    expect(errorOf("20x 10d6!", max).message).toMatch(/more than 1000 dice/);
    expect(roll("20x 50d6", max).diceRolled).toBe(1000);
  });

  it("exactly 1000 dice is fine", () => {
    const out = roll("1d6!", scriptedFaces([...Array<number>(999).fill(6), 1]));
    expect(out.diceRolled).toBe(1000);
    expect(out.parts[0]!.total).toBe(999 * 6 + 1);
  });
});
