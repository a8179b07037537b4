// Issue 32, points 1 and 5, through the local Discord: a message that made the dice finder
// backtrack for over a minute is read in a moment, and /verify's refusals stay private (no
// public "thinking…" before them, no public answer).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";
import type { Reply } from "../../src/local/types.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
});
afterAll(() => h?.stop());

/** Messages anyone in the channel can see (not ephemeral), by id. */
function publicIds(channelId: string): Set<string> {
  return new Set(
    [...h.local.messages.values()].filter((m) => m.channel_id === channelId && (m.flags & 64) === 0).map((m) => m.id),
  );
}

describe("a message cannot stall the bot", () => {
  it("'Roll dice in this message' on 1d6+1d6 and 33 a's answers at once, rolling the 1d6", async () => {
    const said = h.say("alice", `I swing 1d6+1d6${"a".repeat(33)}_`);
    const started = performance.now();
    const r = await h.menu("bob", "Roll dice in this message", said.id);
    // The old pattern took about 76 s on this message (and doubled with each further "a").
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(text(r.message)).toMatch(/^bob rolls for the dice in alice's message\n1d6 \(\d\) = \*\*\d\*\*/);
  });

  it("a message of 4,000 characters built the same way answers at once too", async () => {
    const said = h.say("alice", `1d6+1d6${"a".repeat(3_990)}_`.slice(0, 4_000));
    const started = performance.now();
    const r = await h.menu("bob", "Roll dice in this message", said.id);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(r.ephemeral).toBe(false);
  });
});

describe("/verify refuses privately", () => {
  let ended = "";
  beforeAll(async () => {
    await h.cmd("referee", "campaign start", { system: "bx", name: "Keep" });
    await h.cmd("referee", "encounter start", { name: "Hall", monsters: "2 goblins", surprise: false });
    await h.cmd("referee", "encounter end");
    ended = (await h.app.services.store.db.encounter.findFirstOrThrow({ where: { revealed: true } })).id;
  });

  async function refused(
    user: string,
    options: Record<string, string>,
    where: { guildId: string; channelId: string },
  ): Promise<Reply> {
    const before = publicIds(where.channelId);
    const r = await h.cmd(user, "verify", options, where);
    const after = [...publicIds(where.channelId)].filter((id) => !before.has(id));
    // Answered straight away and only to the user: nothing public was posted, not even a "thinking…".
    expect([r.callbackType, r.ephemeral, after]).toEqual([4, true, []]);
    return r;
  }

  it("an encounter of another server, or an id that is no encounter at all", async () => {
    const guildId = h.local.createGuild("Other Table").id;
    const channelId = h.local.createChannel(guildId, "table").id;
    for (const u of ["referee", "mallory"]) h.local.addMember(guildId, h.users[u]!);
    await h.cmd("referee", "campaign start", { system: "bx", name: "Elsewhere" }, { guildId, channelId });
    const elsewhere = await refused("mallory", { encounter: ended }, { guildId, channelId });
    expect(elsewhere.message.content).toMatch(/^That encounter was not played in this channel/);
    const here = { guildId: h.guildId, channelId: h.channelId };
    for (const garbage of ["zzz", "' OR 1=1 --", "0".repeat(200), "../../etc/passwd"]) {
      expect((await refused("mallory", { encounter: garbage }, here)).message.content).toMatch(
        /^That encounter was not played in this channel/,
      );
    }
    // Where nothing was ever played.
    const empty = h.local.createChannel(h.guildId, "empty").id;
    expect((await refused("alice", {}, { guildId: h.guildId, channelId: empty })).message.content).toMatch(
      /^No campaign has been played in this channel/,
    );
  });

  it("a real verify still answers publicly, after a moment's thinking", async () => {
    const r = await h.cmd("alice", "verify", { encounter: ended });
    expect([r.callbackType, r.ephemeral]).toEqual([5, false]);
    await expect.poll(() => text(r.message), { timeout: 5_000 }).toMatch(/Verified/);
  });
});
