// Issue 41, point 8: /verify names an encounter as players know it. Its autocomplete offered row ids
// (`encounter:qK2F1MmSRm0V` in the box); now it offers names, and a name picks the newest ended encounter
// of that name in this channel's campaign. Ids are still accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const choices = async (typed: string) =>
  (await h.local.autocomplete({
    guildId: h.guildId,
    channelId: h.channelId,
    userId: h.users.bob!,
    name: "verify",
    focused: "encounter",
    options: { encounter: typed },
  })) as { name: string; value: string }[];
const fight = async (name: string, rounds: number) => {
  await h.cmd("referee", "encounter start", {
    name,
    monsters: "Goblin",
    stats: "hd=1 hp=4 ac=7 thac0=19 morale=7",
    surprise: false,
  });
  for (let i = 0; i < rounds; i++) await h.cmd("referee", "next");
  await h.cmd("referee", "encounter end");
};

beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Ana", sheet: "class=fighter level=1 hp=8 ac=5 weapons=sword:1d8" },
  ]);
  await fight("Goblin ambush", 0);
  await fight("Ford", 0);
  // The same name again, with a round rolled: the newest of the two.
  await fight("Goblin ambush", 1);
});
afterAll(() => h?.stop());

describe("/verify by the encounter's name", () => {
  it("the autocomplete offers each name once, newest first, its value the name", async () => {
    const all = await choices("");
    expect(all.map((c) => c.value)).toEqual(["Goblin ambush", "Ford"]);
    expect(all[0]!.name).toMatch(/^Goblin ambush \(\d+ rounds\)$/);
    expect((await choices("gob")).map((c) => c.value)).toEqual(["Goblin ambush"]);
    expect(await choices("dragon")).toEqual([]);
  });

  it("a name verifies the newest ended encounter of that name, whatever its case", async () => {
    const rows = await h.app.services.store.db.encounter.findMany({
      where: { name: "Goblin ambush" },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.length).toBe(2);
    const newest = rows[1]!;
    const r = await h.cmd("bob", "verify", { encounter: "goblin AMBUSH" });
    await expect
      .poll(() => text(r.message), { timeout: 5_000 })
      .toMatch(/^Verified: every roll of the encounter "Goblin ambush" matches its seed/);
    expect(text(r.message)).toContain(newest.seed);
    expect(text(r.message)).not.toContain(rows[0]!.seed);
  });

  it("an id is still accepted, the older one too", async () => {
    const older = (
      await h.app.services.store.db.encounter.findMany({
        where: { name: "Goblin ambush" },
        orderBy: { createdAt: "asc" },
      })
    )[0]!;
    const r = await h.cmd("bob", "verify", { encounter: older.id });
    await expect.poll(() => text(r.message), { timeout: 5_000 }).toContain(older.seed);
  });

  it("a name nobody played here, or one still running, is refused and changes nothing", async () => {
    const unknown = await h.cmd("bob", "verify", { encounter: "Dragon lair" });
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.message.content).toMatch(/^That encounter was not played in this channel: pick one from the list/);
    await h.cmd("referee", "encounter start", {
      name: "Bridge",
      monsters: "Goblin",
      stats: "hd=1 hp=4 ac=7 thac0=19 morale=7",
      surprise: false,
    });
    const running = await h.cmd("bob", "verify", { encounter: "Bridge" });
    expect(running.ephemeral).toBe(true);
    expect(running.message.content).toBe(
      '"Bridge" is still running: its seed is revealed when it ends (/encounter end).',
    );
  });
});
