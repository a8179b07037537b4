import { describe, expect, it } from "vitest";
import { modText, pct, signed, sumMods } from "../../src/rules/numbers.js";

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
    const mods = [{ label: "STR", value: 1 }, { label: "cover", value: -2 }, { label: "nothing", value: 0 }];
    expect(modText(mods)).toBe("STR +1, cover -2");
    expect(sumMods(mods)).toBe(-1);
  });
});
