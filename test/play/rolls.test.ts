import { describe, it, expect, afterEach } from "vitest";
import { testServices, actor } from "../helpers/services.js";
import { openStore } from "../../src/store/client.js";
import { startCampaign } from "../../src/play/campaigns/index.js";
import { rollAgainSource, rollDice } from "../../src/play/rolls.js";
import { createStream } from "../../src/rules/dice/stream.js";
import { parseCommand } from "../../src/rules/dice/parser.js";
import { rollCommand } from "../../src/rules/dice/evaluate.js";
import { totalCodec } from "../../src/play/codecs/roll.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe("/roll in a campaign", () => {
  it("draws from the campaign's seeded stream: the numbers the seed gives", async () => {
    const s = await testServices();
    cleanups.push(s.cleanup);
    await startCampaign(s, actor("ref"), { system: "bx" });
    const done = await rollDice(s, actor("p"), { expression: "3d6; 1d20" });
    const expected = rollCommand(parseCommand("3d6; 1d20"), createStream("seed-1"));
    expect(done.outcome.parts.map((p) => p.total)).toEqual(expected.parts.map((p) => p.total));
    expect(done.campaign).toBe("Basic/Expert campaign");
  });

  it("a restart continues the stream instead of starting it again", async () => {
    const s = await testServices();
    cleanups.push(s.cleanup);
    await startCampaign(s, actor("ref"), { system: "bx" });
    const first = await rollDice(s, actor("p"), { expression: "10d6" });
    await s.store.close();
    // Same database, new process-like store: the second roll continues where the first stopped.
    const reopened = await openStore(s.dbUrl);
    const s2 = { ...s, store: reopened };
    const second = await rollDice(s2, actor("p"), { expression: "10d6" });
    const stream = createStream("seed-1");
    const one = rollCommand(parseCommand("10d6"), stream);
    const two = rollCommand(parseCommand("10d6"), stream);
    expect(first.outcome.parts[0]!.dice.map((d) => d.value)).toEqual(one.parts[0]!.dice.map((d) => d.value));
    expect(second.outcome.parts[0]!.dice.map((d) => d.value)).toEqual(two.parts[0]!.dice.map((d) => d.value));
    s.store = reopened;
  });

  it("rolls at the same moment each draw their own dice: the stream gives its numbers once each, in turn", async () => {
    const s = await testServices();
    cleanups.push(s.cleanup);
    await startCampaign(s, actor("ref"), { system: "bx" });
    // Four players at once: on PostgreSQL they read the same stream state; all but one lose the write and roll again.
    const done = await Promise.all(["p1", "p2", "p3", "p4"].map((p) => rollDice(s, actor(p), { expression: "1d20" })));
    const rows = await s.store.db.roll.findMany({ orderBy: { streamDraws: "asc" } });
    expect(rows.map((r) => r.streamDraws)).toEqual([0, 1, 2, 3]);
    const stream = createStream("seed-1");
    const expected = [0, 1, 2, 3].map(() => rollCommand(parseCommand("1d20"), stream).parts[0]!.total);
    expect(rows.map((r) => [totalCodec.decode(r.total)].flat()[0])).toEqual(expected);
    expect(done.map((d) => d.number).sort()).toEqual([1, 2, 3, 4]);
  });

  it("bad dice change nothing: no roll logged, the stream does not move", async () => {
    const s = await testServices();
    cleanups.push(s.cleanup);
    await startCampaign(s, actor("ref"), { system: "bx" });
    const before = await s.store.db.campaign.findFirstOrThrow();
    await expect(rollDice(s, actor("p"), { expression: "5d6kh7" })).rejects.toThrow(/7/);
    await expect(rollDice(s, actor("p"), { expression: "" })).rejects.toThrow();
    expect(await s.store.db.roll.count()).toBe(0);
    expect((await s.store.db.campaign.findFirstOrThrow()).streamState).toBe(before.streamState);
  });

  it("hidden rolls are logged as hidden and cannot be rolled again by others", async () => {
    const s = await testServices();
    cleanups.push(s.cleanup);
    await startCampaign(s, actor("ref"), { system: "bx" });
    const h = await rollDice(s, actor("p"), { expression: "1d20", hidden: true });
    expect((await s.store.db.roll.findUniqueOrThrow({ where: { id: h.rollId! } })).hidden).toBe(true);
    await expect(rollAgainSource(s.store.db, actor("other"), h.rollId!)).rejects.toThrow(/not known here/);
    expect((await rollAgainSource(s.store.db, actor("p"), h.rollId!)).expression).toBe("1d20");
    await expect(rollAgainSource(s.store.db, actor("p", { guildId: "g2" }), h.rollId!)).rejects.toThrow(
      /not known here/,
    );
  });
});

import { chanceOfThisOrBetter } from "../../src/play/rolls.js";
import { scriptedFaces } from "../../src/rules/dice/random.js";

describe("chance of this or better", () => {
  it("is exact for plain dice: 3d6 showing 18 is 1/216, showing 3 is certain", () => {
    const top = rollCommand(parseCommand("3d6"), scriptedFaces([6, 6, 6]));
    expect(chanceOfThisOrBetter(top)).toBeCloseTo(1 / 216, 12);
    const low = rollCommand(parseCommand("3d6"), scriptedFaces([1, 1, 1]));
    expect(chanceOfThisOrBetter(low)).toBeCloseTo(1, 12);
  });
  it("covers keep/drop: 4d6kh3 at 18 is 21/1296", () => {
    const r = rollCommand(parseCommand("4d6kh3"), scriptedFaces([6, 6, 6, 1]));
    expect(chanceOfThisOrBetter(r)).toBeCloseTo(21 / 1296, 12);
  });
  it("is left out for several rolls at once and for exploded dice", () => {
    expect(chanceOfThisOrBetter(rollCommand(parseCommand("1d6; 1d6"), scriptedFaces([2, 3])))).toBeNull();
    expect(chanceOfThisOrBetter(rollCommand(parseCommand("1d6!"), scriptedFaces([6, 2])))).toBeNull();
  });
});
