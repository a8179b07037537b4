import { describe, expect, it } from "vitest";
import { verdicts, type Figures } from "../../bench/targets.js";

// The figures of the full run of 2026-11-24 (npm run bench), each just inside its target.
const run: Figures = {
  latency: [
    { name: "/roll", median: 1.1, p99: 1.4, limit: 2 },
    { name: "/attack", median: 1.0, p99: 1.4, limit: 3 },
    { name: "button press", median: 1.0, p99: 1.3, limit: 3 },
  ],
  rate: { arriving: 300, answered: 300, p99: 32.6 },
  saturation: 490,
  rssMiB: [126, 127, 129, 128],
  interactions: 100_000,
  storedCampaigns: 10_020,
  dice: [
    { expression: "100d6", ratio: 21.1 },
    { expression: "200d6>4", ratio: 10.8 },
  ],
  lost: 0,
};
const missed = (f: Figures) =>
  verdicts(f)
    .filter((v) => !v.met)
    .map((v) => v.what);

describe("the bench's targets", () => {
  it("a run inside every target meets all of them", () => {
    expect(missed(run)).toEqual([]);
    expect(verdicts(run).find((v) => v.what.startsWith("dice"))!.figure).toBe("×10.8 (200d6>4)");
  });

  it("each figure past its target is named", () => {
    expect(missed({ ...run, latency: [{ name: "/roll", median: 1.5, p99: 2.1, limit: 2 }] })).toEqual([
      "/roll, × the bare reply (median / p99)",
    ]);
    expect(missed({ ...run, rate: { arriving: 300, answered: 300, p99: 50.1 } })).toEqual([
      "300 arriving a second: answered a second, p99",
    ]);
    expect(missed({ ...run, rate: { arriving: 300, answered: 250, p99: 20 } })).toHaveLength(1);
    expect(missed({ ...run, rate: null })).toEqual(["300 arriving a second"]);
    expect(missed({ ...run, rssMiB: [126, 144, 129] })).toHaveLength(1); // 150 MB is 143 MiB
    expect(missed({ ...run, dice: [{ expression: "200d6>4", ratio: 9.9 }] })).toEqual([
      "dice ÷ rpg-dice-roller, the lowest",
    ]);
    expect(missed({ ...run, lost: 1 })).toEqual(["every answered interaction's effect in the store once"]);
  });

  it("memory counts only when the run was as large as the target says", () => {
    expect(missed({ ...run, interactions: 20_000 })).toHaveLength(1);
    expect(
      verdicts({ ...run, interactions: 20_000 }).find((v) => v.what.startsWith("the bot's RSS"))!.target,
    ).toContain("after 100000 with 10000");
    expect(missed({ ...run, storedCampaigns: 100 })).toHaveLength(1);
  });
});
