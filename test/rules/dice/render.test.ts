import { describe, it, expect } from "vitest";
import { roll, renderDice, scriptedFaces, DICE_HELP, type RandomSource } from "../../../src/rules/dice/index.js";

const show = (expr: string, faces: number[]) => renderDice(roll(expr, scriptedFaces(faces)));

describe("renderDice", () => {
  it("strikes dropped dice and bolds the total", () => {
    expect(show("4d6kh3+5", [1, 3, 5, 6])).toBe("4d6kh3 (~~1~~, 3, 5, 6) + 5 = **19**");
  });

  it("marks exploded and rerolled dice", () => {
    expect(show("1d6!", [6, 3])).toBe("1d6! (6!, 3) = **9**");
    expect(show("1d20r1", [1, 12])).toBe("1d20r1 (~~1~~↺, 12) = **12**");
  });

  it("bolds successes, italicises failures and says how many", () => {
    expect(show("4d6>5f1", [6, 1, 5, 3])).toBe("4d6>5f1 (**6**, *1*, **5**, 3) → 1 success = **1**");
  });

  it("shows labels, lists and repeats", () => {
    expect(show("1d20+5 [to hit]; 1d8+3", [14, 2])).toBe("*to hit*: 1d20 (14) + 5 = **19**\n1d8 (2) + 3 = **5**");
    expect(show("2x 1d6", [1, 2])).toBe("#1 1d6 (1) = **1**\n#2 1d6 (2) = **2**");
    expect(show("1d4 [*bold* _x_]", [4])).toBe("*\\*bold\\* \\_x\\_*: 1d4 (4) = **4**");
  });

  it("keeps the expression shape", () => {
    expect(show("-(2d6+3)*2/3", [2, 4])).toBe("-(2d6 (2, 4) + 3) * 2 / 3 = **-6**");
    expect(show("7", [])).toBe("7 = **7**");
  });

  it("summarises long dice lists under 1024 characters", () => {
    const six: RandomSource = { next: () => 0.99 };
    const text = renderDice(roll("1000d6", six));
    expect(text.length).toBeLessThanOrEqual(1024);
    expect(text).toMatch(/^1000d6 \(6, 6, .*… and \d+ more\) = \*\*6000\*\*$/);
    const many = renderDice(roll("20x 50d6", six));
    expect(many.length).toBeLessThanOrEqual(1024);
    expect(many.split("\n")).toHaveLength(20);
    const lots = renderDice(roll("1d1;".repeat(49) + "1d1", six));
    expect(lots.length).toBeLessThanOrEqual(1024);
  });

  it("the help text documents integer division", () => {
    expect(DICE_HELP).toMatch(/rounding toward zero/);
    expect(DICE_HELP.length).toBeLessThan(1024);
  });
});
