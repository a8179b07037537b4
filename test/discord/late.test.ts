import { describe, it, expect } from "vitest";
import { SnowflakeUtil } from "discord.js";
import { Lateness } from "../../src/discord/late.js";

// Interaction ids made at a given moment (Discord's clock), read at another (this machine's).
const madeAt = (ms: number) => SnowflakeUtil.generate({ timestamp: ms }).toString();

describe("how late an interaction is", () => {
  it("takes off the smallest lateness of the last minutes: a clock 5 s ahead is not lateness", () => {
    let now = 1_800_000_000_000;
    const late = new Lateness(() => now);
    // This machine's clock runs 5 s ahead of Discord's, and the network takes 40 ms.
    const first = madeAt(now - 5_040);
    late.received(first);
    expect(late.lateBy(first)).toBe(0);
    // One sent 40 ms ago reaches the bot 2 s after it came in: 2 s late, whatever the clocks.
    const second = madeAt(now + 1_000 - 5_000);
    now += 1_040;
    late.received(second);
    now += 2_000;
    expect(late.lateBy(second)).toBe(2_000);
  });

  it("keeps the floor through a minute of late interactions, and lets it go after five, so a clock set meanwhile is learned again", () => {
    let now = 1_800_000_000_000;
    const late = new Lateness(() => now);
    late.received(madeAt(now - 10)); // floor 10 ms
    // A minute later the bot has fallen 2 s behind: every interaction arrives late, and is seen so.
    now += 61_000;
    const behind = madeAt(now - 2_010);
    late.received(behind);
    expect(late.lateBy(behind)).toBe(2_000);
    now += 5 * 60_000;
    // The clock was set 3 s back meanwhile: ids now look 3 s younger than they are... and then older again.
    const id = madeAt(now + 2_990);
    late.received(id);
    expect(late.lateBy(id)).toBe(0);
  });
});
