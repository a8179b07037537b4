// The Third Age's defects of issue 14 through the local Discord: the party leader on the reaction roll,
// the wandering interval, morale at multiple casualties, healing that says what changed, XP on the sheet.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "ta-table" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "body=2 charisma=1 hp=10 weapons=longsword:1d8" });
  await h.cmd("bob", "character create", {
    name: "Brom",
    sheet: "charisma=2 mind=1 hp=8 classes=Fighter:2:2000|Magic-User:1:0 languages=Elvish",
  });
});
afterAll(async () => h?.stop());

describe("The Third Age at the table, through Discord", () => {
  // seed 000, "Random Encounters": "every turn to every three turns"
  it("refuses a wandering interval beyond three turns and changes nothing", async () => {
    const r = await h.cmd("referee", "campaign set", { option: "wanderingEvery", value: "5" });
    expect(r.ephemeral).toBe(true);
    // The option by its words (as /campaign set's choice names it), never its key.
    expect(r.message.content).toMatch(
      /"5" is not a value for the option "wandering-monster check every N dungeon turns \(the text: every turn to every three turns\)": use 1, 2 or 3\./,
    );
    const d = await h.cmd("referee", "dungeon set", { interval: 4 });
    expect(d.ephemeral).toBe(true);
    const show = await h.cmd("referee", "campaign show");
    expect(text(show.message)).toMatch(
      /\*\*wandering-monster check every N dungeon turns \(the text: every turn to every three turns\)\*\*: 1\n/,
    );
  });

  // seed 000, "Reaction Rolls": "2d10 modified by the party leader's Charisma"
  it("the reaction roll says who led: the highest Charisma by default, or the one the referee names", async () => {
    const r = await h.cmd("referee", "reaction");
    expect(text(r.message)).toMatch(/Party leader: Brom \(highest Charisma; name another with the leader option\)\./);
    expect(text(r.message)).toMatch(/Brom's Charisma \+2/);
    const s = await h.cmd("referee", "encounter start", {
      name: "Crypt",
      monsters: "3 goblins",
      reaction: true,
      surprise: false,
      leader: "Alda",
    });
    expect(text(s.message)).toMatch(/Party leader: Alda \(named by the referee\)\./);
    expect(text(s.message)).toMatch(/Alda's Charisma \+1/);
    // Where the book is silent the footer says the ruling in a few words in the book's name, never a file's path.
    expect(text(s.message)).toMatch(
      /\nThe Third Age · a ruling: monster hit points, a d8 per hit die as in the classic material\n/,
    );
    expect(text(s.message)).not.toMatch(/docs\/|\.md\b/);
    expect(text(s.message)).not.toMatch(/seed \d{3}|seeds silent/i);
  });

  // seed 000, "Morale and Loyalty": "when the monsters have sustained multiple casualties the referee should check morale"
  it("prompts morale at the second monster down, not the first", async () => {
    const one = await h.cmd("referee", "damage", { target: "Goblin 1", amount: 9 });
    expect(text(one.message)).not.toMatch(/Morale:/);
    const two = await h.cmd("referee", "damage", { target: "Goblin 2", amount: 9 });
    expect(text(two.message)).toMatch(
      /Morale: 2 of the foes have fallen — multiple casualties \(The Third Age · Morale and Loyalty\)/,
    );
  });

  // issue 14: "A character at 0 HP or dead who tries /attack is told 'You have no character in this encounter'"
  it("a character at 0 HP who tries /attack is told it is down and cannot act", async () => {
    await h.cmd("referee", "damage", { target: "Alda", amount: 10 });
    const r = await h.cmd("alice", "attack", { target: "Goblin 3" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/^Alda is (unconscious|dying|dead|down)[^:]* and cannot act\.$/);
    // Named, the one check of /attack says the same, once, and nothing else changes.
    const version = (await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } })).version;
    const named = await h.cmd("alice", "attack", { target: "Goblin 3", attacker: "Alda" });
    expect([named.ephemeral, named.message.content]).toEqual([true, r.message.content]);
    expect((await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } })).version).toBe(
      version,
    );
    await h.cmd("referee", "heal", { target: "Alda", amount: 10 });
  });

  // issue 14: "/heal says 'Alda heals 5' when she went from 9 to 10"
  it("healing says what changed", async () => {
    await h.cmd("referee", "damage", { target: "Alda", amount: 1 });
    const r = await h.cmd("alice", "heal", { target: "Alda", amount: 5 });
    expect(text(r.message)).toMatch(/Alda healed: HP 9\/10 · Stamina 3\/3 → HP 10\/10 · Stamina 3\/3/);
    expect(text(r.message)).toMatch(/Alda regains 1 HP \(5 offered; HP cannot rise above 10\)/);
  });

  // seed 000, "Multiclassing" and "Languages"
  it("XP goes to the class added later; the sheet shows multiclassing and languages", async () => {
    const r = await h.cmd("referee", "character xp", { name: "Brom", amount: 300 });
    expect(text(r.message)).toMatch(/All new XP goes to Magic-User until it reaches level 2: \+300\./);
    expect(text(r.message)).toMatch(/Fighter 2 \(2000 XP\) \/ Magic-User 1 \(300 XP\)/);
    expect(text(r.message)).toMatch(/Multiclass: HP as written \(give each class its own HP/);
    expect(text(r.message)).toMatch(/Languages: Common, Elvish/);
    const no = await h.cmd("alice", "character xp", { name: "Brom", amount: 300 });
    expect(no.ephemeral).toBe(true);
    expect(h.local.validationErrors).toEqual([]);
  });
});
