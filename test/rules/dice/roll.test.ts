import { describe, it, expect } from "vitest";
import { roll, parse, scriptedFaces, type RollOutcome } from "../../../src/rules/dice/index.js";

const run = (expr: string, faces: number[]): RollOutcome => {
  const src = scriptedFaces(faces);
  const out = roll(expr, src);
  expect(src.remaining()).toBe(0); // every scripted die was used, no more
  return out;
};
const total = (expr: string, faces: number[]) => run(expr, faces).parts[0]!.total;
const values = (o: RollOutcome, part = 0) => o.parts[0 + part]!.dice.map((d) => d.value);

describe("basic notation", () => {
  it("NdM plus a modifier", () => {
    const o = run("2d10+3", [4, 7]);
    expect(o.parts[0]!.total).toBe(14);
    expect(o.parts[0]!.expression).toBe("2d10 + 3");
    expect(o.parts[0]!.dice).toEqual([
      { sides: 10, value: 4, kept: true },
      { sides: 10, value: 7, kept: true },
    ]);
    expect(o.parts[0]!.groups).toEqual([
      { notation: "2d10", count: 2, sides: 10, start: 0, end: 2, value: 11, counting: false, span: [0, 4] },
    ]);
  });

  it("dM means 1dM and d% means 1d100", () => {
    expect(run("d20", [17]).parts[0]!.dice[0]).toEqual({ sides: 20, value: 17, kept: true });
    const pct = run("d%", [100]).parts[0]!;
    expect(pct.dice[0]!.sides).toBe(100);
    expect(pct.total).toBe(100);
  });

  it("is case-insensitive and allows spaces", () => {
    const o = run("  4D6KH3 +  5 ", [1, 3, 5, 6]);
    expect(o.parts[0]!.total).toBe(19);
    expect(o.parts[0]!.expression).toBe("4d6kh3 + 5");
  });

  it("respects precedence, parentheses and left associativity", () => {
    expect(total("2+3*4", [])).toBe(14);
    expect(total("(2+3)*4", [])).toBe(20);
    expect(total("10-2-3", [])).toBe(5);
    expect(total("100/10/5", [])).toBe(2);
    expect(total("2*(1d6+1)", [5])).toBe(12);
    expect(total("1d4*1d6-1d8/2", [2, 3, 7])).toBe(3);
  });

  it("integer division rounds toward zero", () => {
    expect(total("7/2", [])).toBe(3);
    expect(total("-7/2", [])).toBe(-3);
    expect(total("7/-2", [])).toBe(-3);
    expect(total("-7/-2", [])).toBe(3);
    expect(total("1/2", [])).toBe(0);
    expect(Object.is(total("-1/2", []), 0)).toBe(true); // never -0
    expect(total("9007199254740991/3", [])).toBe(3002399751580330);
  });

  it("unary minus", () => {
    expect(total("-1d6", [4])).toBe(-4);
    expect(total("--3", [])).toBe(3);
    expect(total("-(1d6+2)", [4])).toBe(-6);
    expect(total("5--2", [])).toBe(7);
    expect(total("1d6*-1", [3])).toBe(-3);
  });
});

describe("keep and drop", () => {
  it("kh / k keep highest", () => {
    for (const e of ["4d6kh3", "4d6k3"]) {
      const o = run(e, [1, 3, 5, 6]);
      expect(o.parts[0]!.total).toBe(14);
      expect(o.parts[0]!.dice.map((d) => [d.kept, d.dropped ?? false])).toEqual([
        [false, true],
        [true, false],
        [true, false],
        [true, false],
      ]);
    }
    expect(parse("4d6k3").parts[0]!.expression).toBe("4d6kh3");
  });

  it("dl / dh drop lowest / highest", () => {
    expect(total("4d6dl1", [3, 1, 5, 6])).toBe(14);
    expect(total("4d6d1", [3, 1, 5, 6])).toBe(14);
    const o = run("4d6dh1", [1, 3, 6, 5]);
    expect(o.parts[0]!.total).toBe(9);
    expect(o.parts[0]!.dice[2]!.dropped).toBe(true);
  });

  it("kl keeps lowest", () => {
    const o = run("2d20kl1+3", [15, 4]);
    expect(o.parts[0]!.total).toBe(7);
    expect(o.parts[0]!.dice[0]!.dropped).toBe(true);
    expect(o.parts[0]!.dice[1]!.kept).toBe(true);
  });

  it("ties: the earlier die is kept (as DiceBag does)", () => {
    const o = run("2d6kh1", [5, 5]);
    expect(o.parts[0]!.dice.map((d) => d.kept)).toEqual([true, false]);
    const l = run("3d6kl2", [2, 2, 2]);
    expect(l.parts[0]!.dice.map((d) => d.kept)).toEqual([true, true, false]);
  });

  it("keep defaults to 1", () => {
    expect(total("2d20kh", [3, 18])).toBe(18);
    expect(total("2d20kl", [3, 18])).toBe(3);
  });
});

describe("exploding dice", () => {
  it("1d6! explodes on the maximum, drawing right after the die", () => {
    const o = run("1d6!", [6, 6, 2]);
    expect(o.parts[0]!.total).toBe(14);
    expect(o.parts[0]!.dice.map((d) => d.exploded ?? false)).toEqual([true, true, false]);
    expect(o.parts[0]!.dice.every((d) => d.kept)).toBe(true);
  });

  it("explosions come immediately after their die within a group", () => {
    const o = run("3d6!+1", [6, 2, 1, 6, 4]);
    expect(o.parts[0]!.total).toBe(20);
    expect(o.parts[0]!.dice.map((d) => d.exploded ?? false)).toEqual([true, false, false, true, false]);
  });

  it("!>N, !<N and !=N", () => {
    expect(total("1d10!>8", [9, 8, 3])).toBe(20);
    expect(total("1d10!>=8", [9, 8, 3])).toBe(20);
    expect(total("1d6!<2", [2, 1, 5])).toBe(8);
    expect(total("1d6!=3", [3, 3, 5])).toBe(11);
    expect(total("1d6!4", [4, 5])).toBe(9);
  });

  it("keep applies to the whole pool, explosions included", () => {
    const o = run("2d6!kh1", [6, 1, 3]);
    expect(o.parts[0]!.total).toBe(6);
    expect(o.parts[0]!.dice.map((d) => d.kept)).toEqual([true, false, false]);
  });
});

describe("rerolls", () => {
  it("r rerolls while the face matches", () => {
    const o = run("1d20r1", [1, 1, 15]);
    expect(o.parts[0]!.total).toBe(15);
    expect(o.parts[0]!.dice.map((d) => [d.value, d.kept, d.rerolled ?? false])).toEqual([
      [1, false, true],
      [1, false, true],
      [15, true, false],
    ]);
  });

  it("r<3 rerolls 3 or less", () => {
    const o = run("4d6r<3", [2, 5, 1, 3, 4, 6, 6]);
    expect(o.parts[0]!.total).toBe(21);
    expect(o.parts[0]!.dice.filter((d) => d.rerolled).map((d) => d.value)).toEqual([2, 1, 3]);
  });

  it("ro rerolls once only", () => {
    const o = run("1d20ro1", [1, 1]);
    expect(o.parts[0]!.total).toBe(1);
    expect(o.parts[0]!.dice.map((d) => d.rerolled ?? false)).toEqual([true, false]);
    expect(total("1d20ro<5", [3, 17])).toBe(17);
  });

  it("reroll then explode, the explosion die rerolled too", () => {
    const o = run("1d6r1!", [1, 6, 1, 4]);
    expect(o.parts[0]!.total).toBe(10);
    expect(values(o)).toEqual([1, 6, 1, 4]);
    expect(o.parts[0]!.dice.map((d) => (d.rerolled ? "r" : d.exploded ? "!" : "."))).toEqual(["r", "!", "r", "."]);
  });

  it("rerolled dice are not candidates for keep/drop", () => {
    const o = run("2d6r1kh1", [1, 2, 3]);
    expect(o.parts[0]!.total).toBe(3);
    expect(o.parts[0]!.dice.map((d) => d.dropped ?? false)).toEqual([false, true, false]);
  });
});

describe("success counting", () => {
  it("5d6>4 counts dice of 4 or more", () => {
    const o = run("5d6>4", [1, 4, 5, 6, 3]);
    expect(o.parts[0]!.total).toBe(3);
    expect(o.parts[0]!.dice.map((d) => d.success ?? false)).toEqual([false, true, true, true, false]);
    expect(o.parts[0]!.groups[0]!.counting).toBe(true);
    expect(total("5d6>=4", [1, 4, 5, 6, 3])).toBe(3);
  });

  it("5d6<2 counts dice of 2 or less", () => {
    expect(total("5d6<2", [1, 2, 3, 1, 6])).toBe(3);
    expect(total("5d6=6", [1, 6, 3, 6, 6])).toBe(3);
  });

  it("f subtracts failures", () => {
    const o = run("5d6>4f1", [1, 4, 5, 6, 1]);
    expect(o.parts[0]!.total).toBe(1);
    expect(o.parts[0]!.dice.map((d) => d.failure ?? false)).toEqual([true, false, false, false, true]);
  });

  it("counts only kept dice, and can be combined with arithmetic", () => {
    const o = run("4d6kh3>5", [6, 1, 5, 2]);
    expect(o.parts[0]!.total).toBe(2);
    expect(o.parts[0]!.dice[1]!.success).toBeUndefined();
    expect(total("3d6>5+1", [6, 6, 1])).toBe(3);
  });

  it("exploded dice count as successes too", () => {
    expect(total("2d10!10>9", [10, 9, 3])).toBe(2); // "!>9" alone would be the explosion target
  });
});

describe("labels, lists and repeats", () => {
  it("label at the end", () => {
    const o = run("1d20+5 [to hit]", [12]);
    expect(o.parts[0]!.label).toBe("to hit");
    expect(o.parts[0]!.total).toBe(17);
    expect(o.parts[0]!.expression).toBe("1d20 + 5");
  });

  it("labels keep their own case and any characters", () => {
    expect(run("1D6 [İstanbul; Ünïcode]", [2]).parts[0]!.label).toBe("İstanbul; Ünïcode");
  });

  it("several rolls separated by ';'", () => {
    const o = run("1d20+5 [hit]; 1d8+3 [damage]", [11, 6]);
    expect(o.parts.map((p) => [p.label, p.total])).toEqual([
      ["hit", 16],
      ["damage", 9],
    ]);
    expect(o.diceRolled).toBe(2);
  });

  it("repeats: 6x 3d6 and 6x3d6", () => {
    const faces = Array.from({ length: 18 }, (_, i) => (i % 6) + 1);
    for (const e of ["6x 3d6", "6x3d6", "6X3D6"]) {
      const o = run(e, faces);
      expect(o.parts).toHaveLength(6);
      expect(o.parts.map((p) => p.total)).toEqual([6, 15, 6, 15, 6, 15]);
      expect(o.parts[5]!.repeat).toEqual({ index: 6, of: 6 });
      expect(o.parts[0]!.expression).toBe("3d6");
    }
    const l = run("2x 1d6+1 [dmg]; 1d4", [1, 2, 3]);
    expect(l.parts.map((p) => [p.label, p.total])).toEqual([
      ["dmg", 2],
      ["dmg", 3],
      [undefined, 3],
    ]);
    expect(total("20x1", [])).toBe(1);
  });

  it("plain numbers roll nothing", () => {
    const o = run("42", []);
    expect(o.parts[0]).toMatchObject({ total: 42, dice: [], groups: [] });
  });
});

describe("parse", () => {
  it("is cached: the same string gives the same parsed object", () => {
    expect(parse("3d6+2")).toBe(parse("3d6+2"));
  });

  it("gives canonical notation for every feature", () => {
    const p = parse("1D20RO1 + 2d10!>=8 - 3d6r<2kL2 * (5d6>=4F1) / d%");
    expect(p.parts[0]!.expression).toBe("1d20ro1 + 2d10!>8 - 3d6r<2kl2 * (5d6>4f1) / 1d%");
  });
});

describe("the pool fast paths", () => {
  // A source with `die` takes the die-by-die path; the same floats without it take the fast one.
  const floats = (seed: number) => {
    let x = seed;
    return () => (x = (x * 48271) % 2147483647) / 2147483647;
  };
  it.each(["200d6>4", "50d10>8f1", "30d6<2", "40d6=6f1", "100d6", "12d20>15 + 3d6>4f2"])(
    "%s gives the same dice and total either way",
    (expr) => {
      const fast = roll(expr, { next: floats(7) });
      const next = floats(7);
      const slow = roll(expr, { next, die: (sides) => 1 + Math.floor(next() * sides) });
      expect(fast).toStrictEqual(slow);
      expect(fast.parts[0]!.dice.some((d) => d.success)).toBe(/[><=]/.test(expr));
    },
  );
});
