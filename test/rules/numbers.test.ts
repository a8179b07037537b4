import { describe, expect, it } from "vitest";
import { counted, modText, pct, signed, sumMods } from "../../src/rules/numbers.js";

describe("numbers players read", () => {
  it("signed: a plus for zero and up, a hyphen-minus below", () => {
    expect([3, 0, -2].map((n) => signed(n))).toEqual(["+3", "+0", "-2"]);
    expect(signed(-2, "−")).toBe("−2");
  });

  it("pct: one decimal, trimmed by default; fixed keeps the zero; digits 0 is a whole percent", () => {
    expect(pct(0.4)).toBe("40%");
    expect(pct(1 / 6)).toBe("16.7%");
    expect(pct(0.55, { fixed: true })).toBe("55.0%");
    expect(pct(5 / 6, { digits: 0 })).toBe("83%");
    expect(pct(7 / 20, { digits: 0 })).toBe("35%");
    expect(pct(1 / 16)).toBe("6.3%"); // half rounds up
  });

  it("modText lists the modifiers that count; sumMods adds them all", () => {
    const mods = [
      { label: "STR", value: 1 },
      { label: "cover", value: -2 },
      { label: "nothing", value: 0 },
    ];
    expect(modText(mods)).toBe("STR +1, cover -2");
    expect(sumMods(mods)).toBe(-1);
  });
});

describe("counted", () => {
  // Issue 42, point 19: "1 kobolds (rolled 1d4: 1)" — one of them reads in the singular.
  it("says one in the singular and several as typed", () => {
    expect(counted(1, "kobolds")).toBe("1 kobold");
    expect(counted(4, "kobolds")).toBe("4 kobolds");
    expect(["sentries", "witches", "wolves", "elves", "orcs", "bandit"].map((w) => counted(1, w))).toEqual([
      "1 sentry",
      "1 witch",
      "1 wolf",
      "1 elf",
      "1 orc",
      "1 bandit",
    ]);
  });
});
