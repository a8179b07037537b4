// The Third Age's defects of issue 14 on the play side, on a real SQLite file with fixed seeds.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { testServices, actor } from "../helpers/services.js";
import { setOption, startCampaign } from "../../src/play/campaigns/index.js";
import { createCharacter } from "../../src/play/characters/index.js";
import { awardCharacterXp } from "../../src/play/characters/xp.js";
import { setDungeon } from "../../src/play/dungeon/set.js";
import { startEncounter } from "../../src/play/encounters/index.js";
import { changeHealth, reactionRoll } from "../../src/play/table.js";

let s: Awaited<ReturnType<typeof testServices>>;
beforeEach(async () => {
  s = await testServices();
  await startCampaign(s, ref, { system: "third-age", name: "Barrow" });
  await createCharacter(s, alice, { name: "Alda", sheet: "body=2 charisma=1 hp=10 weapons=longsword:1d8" });
  await createCharacter(s, bob, { name: "Brom", sheet: "charisma=2 hp=8" });
});
afterEach(async () => s.cleanup());

const ref = actor("ref");
const alice = actor("alice");
const bob = actor("bob");

describe("The Third Age at the table", () => {
  // seed 000, "Random Encounters": "this check should occur every turn to every three turns"
  it("keeps the wandering check to every 1 to 3 turns", async () => {
    await expect(setOption(s, ref, "wanderingEvery", "4")).rejects.toThrow(
      '"4" is not a value for the option "wandering-monster check every N dungeon turns (the text: every turn to every three turns)": use 1, 2 or 3.',
    );
    await expect(setDungeon(s, ref, { interval: 6 })).rejects.toThrow(/every turn to every three turns/);
    expect((await setOption(s, ref, "wanderingEvery", "3")).settings.wanderingEvery).toBe(3);
  });

  // seed 000, "Reaction Rolls": "2d10 modified by the party leader's Charisma"
  it("the reaction roll names the party leader: the referee's choice, else the highest Charisma", async () => {
    const dflt = await reactionRoll(s, ref, {});
    expect(dflt.result.lines[0]).toBe("Party leader: Brom (highest Charisma; name another with the leader option).");
    expect(dflt.result.lines[1]).toMatch(/^Reaction roll .*\(Brom's Charisma \+2\)/);
    const named = await reactionRoll(s, ref, { leader: "alda" });
    expect(named.result.lines[0]).toBe("Party leader: Alda (named by the referee).");
    expect(named.result.lines[1]).toMatch(/\(Alda's Charisma \+1\)/);
    await expect(reactionRoll(s, ref, { leader: "Zed" })).rejects.toThrow(
      '"Zed" is not in the party (the party: Alda, Brom): name one of them as the leader.',
    );
    const ev = await startEncounter(s, ref, { monsters: "2 goblins", surprise: false, reaction: true, leader: "Alda" });
    const r = ev.results.find((x) => x.title.startsWith("Reaction"))!;
    expect(r.lines[0]).toBe("Party leader: Alda (named by the referee).");
  });

  // seed 000, "Morale and Loyalty": "when the monsters have sustained multiple casualties the referee should check morale"
  it("prompts morale when the second monster falls, not the first", async () => {
    await startEncounter(s, ref, { monsters: "3 goblins", surprise: false });
    const first = await changeHealth(s, ref, { target: "Goblin 1", amount: 9, heal: false });
    expect(first.extra).toEqual([]);
    const second = await changeHealth(s, ref, { target: "Goblin 2", amount: 9, heal: false });
    expect(second.extra).toEqual([
      "Morale: 2 of the foes have fallen — multiple casualties (The Third Age · Morale and Loyalty): the referee may call `/morale side:foes`, or press Morale on the board.",
    ]);
    // Said once: later damage that fells nobody new does not repeat it.
    const later = await changeHealth(s, ref, { target: "Goblin 2", amount: 1, heal: false });
    expect(later.extra).toEqual([]);
  });

  // issue 14: "/heal says 'Alda heals 5' when she went from 9 to 10: say what actually changed"
  it("healing says what changed", async () => {
    await changeHealth(s, ref, { target: "Alda", amount: 1, heal: false });
    const h = await changeHealth(s, ref, { target: "Alda", amount: 5, heal: true });
    expect(h.result.title).toBe("Alda healed: HP 9/10 · Stamina 3/3 → HP 10/10 · Stamina 3/3");
    expect(h.result.lines[0]).toBe("Alda regains 1 HP (5 offered; HP cannot rise above 10): HP 9 → 10 (full).");
    const again = await changeHealth(s, ref, { target: "Alda", amount: 2, heal: true });
    expect(again.result.title).toBe("Alda is not healed: already HP 10/10 · Stamina 3/3");
  });

  // seed 000, "Multiclassing": a class added later takes all new XP until it reaches the other's level; else XP is split
  it("awards XP through /character xp, placed as the text says", async () => {
    await createCharacter(s, alice, {
      name: "Cara",
      sheet: "mind=1 hp=6 classes=Fighter:3:4000|Magic-User:1:0 languages=Elvish",
    });
    const v = await awardCharacterXp(s, ref, { name: "Cara", amount: 900 });
    expect(v.result.lines[0]).toBe("All new XP goes to Magic-User until it reaches level 3: +900.");
    expect((v.sheet.classes as { xp: number }[]).map((c) => c.xp)).toEqual([4000, 900]);
    await expect(awardCharacterXp(s, alice, { name: "Cara", amount: 10 })).rejects.toThrow(/referee/);
    await expect(awardCharacterXp(s, ref, { name: "Brom", amount: 10 })).rejects.toThrow(
      "This sheet has no class to put XP in: add one first, e.g. classes=Fighter:1 with /character edit.",
    );
    const rows = Object.fromEntries(v.system.describeSheet(v.sheet as never));
    expect(rows.Multiclass).toMatch(
      /^HP as written \(give each class its own HP, and the sheet divides their sum by the number of classes\)\. Magic, Divinity and Attack Bonus as written/,
    );
    expect(rows.Languages).toBe("Common, Elvish");
  });
});
