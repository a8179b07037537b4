// Issue 32, point 3: a name is taken once in a campaign, however many ask for it at the same
// moment. Ten players create "Twin" at once (and ten more "Tw0".."Tw4" twice each): one of each
// name is made, the others get the words a late duplicate always gets. The same for retainers,
// bestiary entries and the monsters added to a fight. Runs on SQLite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, type E2E } from "../helpers/e2e.js";

const SHEET = "class=fighter level=1 hp=8 ac=5 thac0=19 weapons=sword:1d8";
const players = Array.from({ length: 10 }, (_, i) => `u${i}`);
let h: E2E;
beforeAll(async () => {
  h = await startE2E({ users: ["referee", ...players] });
  await h.cmd("referee", "campaign start", { system: "bx" });
});
afterAll(() => h?.stop());

const db = () => h.app.services.store.db;

describe("names stay unique when requests race", () => {
  it("ten /character create of one name at once make one character; the rest are refused as a late duplicate is", async () => {
    const replies = await Promise.all(players.map((u) => h.cmd(u, "character create", { name: "Twin", sheet: SHEET })));
    expect(replies.filter((r) => !r.ephemeral)).toHaveLength(1);
    for (const r of replies.filter((r) => r.ephemeral))
      expect(r.message.content).toBe('There is already a character named "Twin" in this campaign: pick another name.');
    expect(await db().character.count({ where: { name: "Twin", deletedAt: null } })).toBe(1);

    const pairs = await Promise.all(
      players.map((u, i) => h.cmd(u, "character create", { name: `Tw${i % 5}`, sheet: SHEET })),
    );
    expect(pairs.filter((r) => !r.ephemeral)).toHaveLength(5);
    for (let i = 0; i < 5; i++)
      expect(await db().character.count({ where: { name: `Tw${i}`, deletedAt: null } })).toBe(1);
    // The name is free again once its character is deleted.
    const owner = (await db().character.findFirstOrThrow({ where: { name: "Twin" } })).ownerId;
    const user = Object.keys(h.users).find((k) => h.users[k] === owner)!;
    expect((await h.cmd(user, "character delete", { name: "Twin" })).ephemeral).toBe(false);
    expect((await h.cmd(user, "character create", { name: "twin", sheet: SHEET })).ephemeral).toBe(false);
  });

  it("a rename to a name taken at the same moment is refused the same way", async () => {
    const tw = await db().character.findMany({ where: { name: { in: ["Tw0", "Tw1"] } } });
    const by = (id: string) => Object.keys(h.users).find((k) => h.users[k] === id)!;
    const [a, b] = await Promise.all(
      tw.map((c) => h.cmd(by(c.ownerId), "character edit", { name: c.name, rename: "Castor" })),
    );
    expect([a, b].filter((r) => !r!.ephemeral)).toHaveLength(1);
    expect([a, b].find((r) => r!.ephemeral)!.message.content).toBe('There is already a character named "Castor".');
    expect(await db().character.count({ where: { name: "Castor", deletedAt: null } })).toBe(1);
  });

  it("retainers hired at once under one name: one is hired", async () => {
    const tw2 = await db().character.findFirstOrThrow({ where: { name: "Tw2" } });
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        h.cmd("referee", "retainer hire", { name: "Lantern", employer: "Tw2", sheet: "hp=4" }),
      ),
    );
    expect(replies.filter((r) => !r.ephemeral)).toHaveLength(1);
    for (const r of replies.filter((r) => r.ephemeral))
      expect(r.message.content).toBe('"Lantern" is taken in this campaign: pick another name.');
    expect(await db().retainer.count({ where: { name: "Lantern", employerCharacterId: tw2.id } })).toBe(1);
  });

  it("bestiary entries saved at once under one name: one entry", async () => {
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.cmd("referee", "encounter bestiary", { name: "Cave bear", stats: `HD 4 AC 6 ATK 1d${6 + (i % 2) * 2} ML 9` }),
      ),
    );
    expect(replies.filter((r) => !r.ephemeral).length).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((r) => r.ephemeral))
      expect(r.message.content).toMatch(
        /"cave bear" was saved to the bestiary at the same moment|changed at the same moment/,
      );
    expect(await db().character.count({ where: { kind: "monster", name: "cave bear", deletedAt: null } })).toBe(1);
  });

  it("monsters added to a fight at once get names of their own", async () => {
    expect((await h.cmd("referee", "encounter start", { monsters: "2 goblins", surprise: false })).ephemeral).toBe(
      false,
    );
    await Promise.all(Array.from({ length: 4 }, () => h.cmd("referee", "encounter add", { monsters: "2 goblins" })));
    const names = (await db().combatant.findMany({ where: { encounter: { status: "active" } } })).map((c) =>
      c.name.toLowerCase(),
    );
    expect(names.length).toBeGreaterThanOrEqual(4);
    expect(new Set(names).size).toBe(names.length);
  });
});
