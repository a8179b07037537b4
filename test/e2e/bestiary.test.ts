// Issue 20, point 2: monsters by the book. In Basic/Expert (seed 002 gives hit
// points but no way to roll them; docs/rules/bx.md, "Monsters by their hit dice")
// "4 goblins" rolls each one's hit points from its hit dice, unless the referee
// types them; a custom monster is one stat line in B/X terms, validated, and can be
// saved to the campaign's bestiary for reuse by name, with autocomplete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=sword:1d8" },
  ]);
});
afterAll(() => h?.stop());

const hpOf = async (name: string) =>
  JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).sheet).hp as number;

describe("monsters by the book", () => {
  it("4 goblins: each rolls its hit points from HD 1-1 (1d8 − 1, at least 1)", async () => {
    const r = await h.cmd("referee", "encounter start", { monsters: "4 goblins", surprise: false });
    const t = text(r.message);
    // A minimum is told where it applies: "1d8 (1) − 1 = 0 → 1 HP (at least 1)", never "1 − 1 = 1".
    const lines = [...t.matchAll(/Goblin (\d): HD 1-1: 1d8 \((\d)\) − 1 = (?:(-?\d+) → )?(\d+) HP/g)];
    expect(lines.map((m) => m[1])).toEqual(["1", "2", "3", "4"]);
    for (const m of lines) {
      expect(Number(m[4])).toBe(Math.max(1, Number(m[2]) - 1));
      expect(await hpOf(`Goblin ${m[1]}`)).toBe(Number(m[4]));
    }
    // seed e2e-2 (the encounter's): the four d8s roll 8, 6, 5, 1: 7, 5, 4 and 1 (at least 1) HP.
    expect(lines.map((m) => Number(m[2]))).toEqual([8, 6, 5, 1]);
    expect(lines.map((m) => Number(m[4]))).toEqual([7, 5, 4, 1]);
    expect(t).toContain("Goblin 4: HD 1-1: 1d8 (1) − 1 = 0 → 1 HP (at least 1)");
    // Each dice line shows the number its hit-point line counts (issue 41, point 8).
    const dice = [
      ...t.matchAll(/hit points: 1d8-1 \((\d)\) = (?:\*\*(-?\d+)\*\*|(-?\d+) → \*\*(\d+)\*\* \(at least 1\))/g),
    ];
    expect(dice.map((m) => Number(m[2] ?? m[4]))).toEqual([7, 5, 4, 1]);
    expect(dice[3]![0]).toBe("hit points: 1d8-1 (1) = 0 → **1** (at least 1)");
  });

  it("custom stats as one stat line; hit points the referee types are kept", async () => {
    const r = await h.cmd("referee", "encounter add", { monsters: "1 gnoll", stats: "HD 2 AC 5 ATK 2d4 ML 8 HP 11" });
    expect(text(r.message)).not.toMatch(/Gnoll: HD/);
    const g = JSON.parse(
      (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Gnoll" } })).sheet,
    );
    expect(g).toMatchObject({ hd: "2", ac: 5, hp: 11, morale: 8, weapons: [{ name: "attack", damage: "2d4" }] });
  });

  it("a stat line it cannot read says what to write, and adds nothing", async () => {
    const before = await h.app.services.store.db.combatant.count();
    const xp = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "HD 4+1 AC 5 XP 75" });
    expect(xp.ephemeral).toBe(true);
    expect(xp.message.content).toMatch(/"XP" is not a stat this line knows: use HD, HP, AC/);
    const ac = await h.cmd("referee", "encounter add", { monsters: "1 ogre", stats: "HD 4+1 AC five" });
    expect(ac.message.content).toMatch(/nothing was saved[\s\S]*AC/);
    expect(await h.app.services.store.db.combatant.count()).toBe(before);
  });

  it("the bestiary: saved by the referee, offered by autocomplete, reused by name with hit points rolled each time", async () => {
    const no = await h.cmd("alice", "encounter bestiary", { stats: "Ogre brute HD 4+1 AC 5 ATK club 1d10 ML 10" });
    expect(no.message.content).toMatch(/Only a referee/);
    const saved = await h.cmd("referee", "encounter bestiary", { stats: "Ogre brute HD 4+1 AC 5 ATK club 1d10 ML 10" });
    expect(text(saved.message)).toMatch(/^Saved to the bestiary: ogre brute/);
    const choices = await h.local.autocomplete({
      guildId: h.guildId,
      channelId: h.channelId,
      userId: h.users.referee!,
      name: "encounter",
      subcommand: "add",
      options: { monsters: "2 ogre" },
      focused: "monsters",
    });
    expect(choices).toContainEqual({ name: "2 ogre brute", value: "2 ogre brute" });
    const r = await h.cmd("referee", "encounter add", { monsters: "2 ogre brutes" });
    const rolled = [...text(r.message).matchAll(/Ogre Brute (\d): HD 4\+1: 4d8 \(([\d, ]+)\) \+ 1 = (\d+) HP/g)];
    expect(rolled.length).toBe(2);
    for (const m of rolled) expect(Number(m[3])).toBe(m[2]!.split(", ").reduce((a, b) => a + Number(b), 1));
    const brute = JSON.parse(
      (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Ogre Brute 1" } })).sheet,
    );
    expect(brute).toMatchObject({ hd: "4+1", ac: 5, morale: 10, weapons: [{ name: "club", damage: "1d10" }] });
    expect(h.local.validationErrors).toEqual([]);
  });
});
