// Issue 28, point 7: a mistyped monster, target or sheet field is refused with the
// nearest names ("Did you mean goblin?"), in words, and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Dorn", sheet: "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=sword:1d8" },
  ]);
});
afterAll(() => h?.stop());

const db = () => h.app.services.store.db;
const refused = async (user: string, name: string, options: Record<string, string | number>) => {
  const r = await h.cmd(user, name, options);
  expect(r.ephemeral).toBe(true);
  return String(r.message.content);
};

describe("mistyped input: the nearest names", () => {
  it("an unknown monster names the preset it is closest to, and nothing starts or is added", async () => {
    expect(await refused("referee", "encounter start", { monsters: "3 gobblins" })).toMatch(
      /^"gobblins" is not one of Basic\/Expert's presets or the campaign's bestiary\. Did you mean goblin\? For anything else give custom `stats`/,
    );
    expect(await db().encounter.count()).toBe(0);
    const started = await h.cmd("referee", "encounter start", { monsters: "2 orcs, 1 goblin", surprise: "false" });
    expect(started.ephemeral).toBe(false);
    expect(await refused("referee", "encounter add", { monsters: "1 ogr" })).toMatch(/Did you mean ogre\?/);
    // Far from every preset: the whole list, as before.
    expect(await refused("referee", "encounter add", { monsters: "1 dragon" })).toMatch(
      /presets or the campaign's bestiary \(goblin, orc, skeleton, troll, ogre, normal man, kobold, giant rat, [a-z, ]+, owlbear\)\./,
    );
    expect((await db().combatant.findMany({ orderBy: { name: "asc" } })).map((c) => c.name)).toEqual([
      "Dorn",
      "Goblin",
      "Orc 1",
      "Orc 2",
    ]);
  });

  it("a target that begins several names lists them; a slip names the nearest; nothing is rolled or changed", async () => {
    const rolls = await db().roll.count();
    const states = async () =>
      (await db().combatant.findMany({ orderBy: { name: "asc" } })).map((c) => [c.name, c.sheet, c.state]);
    const before = await states();
    expect(await refused("alice", "attack", { target: "orc" })).toBe(
      `There is no "orc" in this encounter. Did you mean Orc 1 or Orc 2?`,
    );
    expect(await refused("alice", "attack", { target: "gobiln" })).toBe(
      `There is no "gobiln" in this encounter. Did you mean Goblin?`,
    );
    expect(await refused("referee", "attack", { target: "Dorn", attacker: "Orc 3" })).toBe(
      `There is no "Orc 3" in this encounter. Did you mean Orc 1 or Orc 2?`,
    );
    expect(await refused("referee", "damage", { target: "orc", amount: 2 })).toBe(
      `There is no "orc" here. Did you mean Orc 1 or Orc 2?`,
    );
    expect(await refused("referee", "heal", { target: "Dron", amount: 1 })).toBe(
      `There is no "Dron" here. Did you mean Dorn?`,
    );
    expect(await refused("referee", "damage", { target: "Zed", amount: 2 })).toBe(
      `There is no "Zed" here. Pick a character or a combatant from the list.`,
    );
    expect(await db().roll.count()).toBe(rolls);
    expect(await states()).toEqual(before);
  });

  it("a misspelled sheet field names the field it is closest to", async () => {
    expect(await refused("bob", "character create", { name: "Bo", sheet: "class=fighter strr=13 hp=8" })).toBe(
      `"strr" is not a field of this system's sheet: did you mean str?`,
    );
    expect(await db().character.count({ where: { name: "Bo" } })).toBe(0);
  });
});
