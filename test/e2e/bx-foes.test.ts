// Issue 30 (B/X, seed 002): the foes a referee meets first, distance and ranges, the order within a side.
// Seeds are fixed (campaign e2e-1, encounters e2e-2, e2e-3…), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, liveBoard, type E2E, saying } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
const sheetOf = async (name: string) =>
  JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).sheet);

beforeAll(async () => {
  h = await startTable("bx", [
    {
      user: "alice",
      name: "Una",
      sheet: "class=fighter level=3 str=16 hp=18 ac=4 weapons=sword:1d8|shortbow:1d6:missile:no:no:0:no:50/100/150",
    },
  ]);
});
afterAll(() => h?.stop());

describe("the foes a B/X referee meets first", () => {
  // Seed 002 has no monster list; the presets are the classic B/X stat lines (docs/rules/bx.md, "Monster presets").
  it("kobolds, a gnoll, wolves, giant rats and a ghoul come in as presets with the classic numbers, hit points rolled from their hit dice", async () => {
    const r = await say("referee", "encounter start", {
      monsters: "2 kobolds, 1 gnoll, 2 wolves, 1 giant rat, 1 ghoul",
      surprise: false,
    });
    const t = text(r.message);
    // HD ½ is 1d4; HD 2 two d8s; HD 2+2 two d8s + 2
    expect(t).toMatch(/Kobold 1: HD 1\/2: 1d4 \(\d\) = \d HP/);
    expect(t).toMatch(/Gnoll: HD 2: 2d8 \(\d, \d\) = \d+ HP/);
    expect(t).toMatch(/Wolf 2: HD 2\+2: 2d8 \(\d, \d\) \+ 2 = \d+ HP/);
    expect(t).toMatch(/Giant Rat: HD 1\/2: 1d4/);
    expect(await sheetOf("Kobold 1")).toMatchObject({
      class: "kobold",
      hd: "1/2",
      ac: 7,
      morale: 6,
      movement: 60,
      weapons: [{ damage: "1d4" }],
    });
    expect(await sheetOf("Gnoll")).toMatchObject({ hd: "2", ac: 5, morale: 8, weapons: [{ damage: "2d4" }] });
    expect(await sheetOf("Wolf 1")).toMatchObject({
      hd: "2+2",
      ac: 7,
      movement: 180,
      weapons: [{ name: "bite", damage: "1d6" }],
    });
    expect(await sheetOf("Ghoul")).toMatchObject({ hd: "2", ac: 6, attacks: 3 });
    const help = await say("alice", "help", { topic: "bx" });
    expect(text(help.message)).toMatch(
      /kobold, giant rat, giant centipede, bandit, hobgoblin, stirge, zombie, gnoll, ghoul, lizard man, wolf, bugbear, dire wolf, owlbear/,
    );
    await say("referee", "encounter end", {});
  });
});

describe("distance and ranges", () => {
  // seed 002, "Range Modifiers": "Short range: +1 … Long range: -1 … Beyond long range: Attack not possible"; "Missile Attacks": "Possible when opponents are more than 5' from one another"; "Melee Attacks": "Possible when opponents are 5' or less from each other"
  it("a distance typed on /attack is read, not ignored: 900' is beyond the shortbow's 150', 120' is long range, 30' is too far for a sword", async () => {
    await say("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    await say("referee", "next");
    const far = await say("referee", "attack", {
      attacker: "Una",
      target: "Orc 1",
      weapon: "shortbow",
      distance: 900,
      override: true,
    });
    expect(far.ephemeral).toBe(true);
    expect(far.message.content).toMatch(
      /Orc 1 is 900' away, beyond shortbow's long range \(150'\): attack not possible/,
    );
    const sword = await say("referee", "attack", {
      attacker: "Una",
      target: "Orc 1",
      weapon: "sword",
      distance: 30,
      override: true,
    });
    expect(sword.message.content).toMatch(
      /Orc 1 is 30' away: melee attacks are possible only when opponents are 5' or less from each other/,
    );
    const close = await say("referee", "attack", {
      attacker: "Una",
      target: "Orc 1",
      weapon: "shortbow",
      distance: 5,
      override: true,
    });
    expect(close.message.content).toMatch(
      /missile attacks are possible only when opponents are more than 5' from one another/,
    );
    const long = await say("referee", "attack", {
      attacker: "Una",
      target: "Orc 1",
      weapon: "shortbow",
      distance: 120,
      override: true,
    });
    expect(long.ephemeral).toBeFalsy();
    expect(text(long.message)).toMatch(/long range -1/);
    expect(text(long.message)).toMatch(/Distance 120': long range for shortbow \(50\/100\/150\)\./);
    expect(text(long.message)).not.toMatch(/Ignored by this system/);
    await say("referee", "encounter end", {});
  });

  it("with the distance kept, the sides start at the rolled distance; the sword waits until Una moves in, the bow reads the band", async () => {
    await say("referee", "campaign set", { option: "distance", value: "kept" });
    const start = await say("referee", "encounter start", { monsters: "2 hobgoblins", surprise: false });
    const apart = Number(/The sides meet (\d+) feet apart/.exec(text(start.message))![1]);
    await say("referee", "next");
    const sword = await say("referee", "attack", {
      attacker: "Una",
      target: "Hobgoblin 1",
      weapon: "sword",
      override: true,
    });
    expect(sword.message.content).toContain(
      `Hobgoblin 1 is ${apart}' (the encounter's distance) away: melee attacks are possible only`,
    );
    const bow = await say("referee", "attack", {
      attacker: "Una",
      target: "Hobgoblin 2",
      weapon: "shortbow",
      override: true,
    });
    expect(text(bow.message)).toContain(
      `Distance ${apart}' (the encounter's distance): ${apart <= 50 ? "short" : apart <= 100 ? "medium" : "long"} range for shortbow`,
    );
    // Una moves in at 40' a round (120' a turn) until she stands beside the hobgoblins.
    let left = apart;
    for (let round = 0; left > 5 && round < 5; round++) {
      // Once the round is over Una declares her move for the next one; it is made when the referee starts that round.
      await toRoundOver();
      const ahead = await say("alice", "declare", { action: "move" });
      expect(text(ahead.message)).toMatch(/Una declares Move[^\n]* for round \d+/);
      const move = await say("referee", "next");
      const m = /Closes (\d+)'(?: to Hobgoblin \d: in melee|: (\d+)' from Hobgoblin \d)\./.exec(text(move.message))!;
      expect(m).not.toBeNull();
      left = m[2] ? Number(m[2]) : 0;
    }
    const hit = await say("referee", "attack", {
      attacker: "Una",
      target: "Hobgoblin 1",
      weapon: "sword",
      override: true,
    });
    expect(hit.ephemeral).toBeFalsy();
    expect(text(hit.message)).toMatch(/Distance 0' \(the encounter's distance\): in melee\./);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("items and ways in", () => {
  // seed 002, "Destruction of Magic Items": "For each item, a saving throw may be made using the character's saving throw values" with the item's bonus
  it("a character killed by a dragon's breath: the referee's /save rolls for each magic item, with its bonus", async () => {
    await say("bob", "character create", {
      name: "Bex",
      sheet: "class=fighter level=2 hp=12 weapons=sword:1d8:melee:no:no:1",
    });
    await say("bob", "encounter join", {});
    await say("referee", "damage", { target: "Bex", amount: 40 });
    const r = await say("referee", "save", { character: "Bex", kind: "breath" });
    expect(r.ephemeral).toBeFalsy();
    expect(text(r.message)).toMatch(/Bex is dead: each magic item saves with Bex's values and its own bonus\./);
    // Save vs Breath 15 for a fighter of level 2; the sword +1 adds its bonus.
    expect(text(r.message)).toMatch(/sword: \d+ \+1 = \d+ vs 15: /);
  });

  // Seed 002 rolls no direction of appearance (the house rules do): asking for one changes nothing.
  it("entries on a B/X encounter start is refused and starts nothing", async () => {
    await say("referee", "encounter end", {});
    const before = await h.app.services.store.db.encounter.count();
    const r = await say("referee", "encounter start", { monsters: "1 orc", entries: 3 });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/Basic\/Expert rolls no direction of appearance/);
    expect(await h.app.services.store.db.encounter.count()).toBe(before);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("the order within a side", () => {
  // seed 002, "Combat Sequence Per Round": "Winning side acts: - Monster morale - Movement - Missile attacks - Spell casting - Melee attacks"
  it("a side acts phase by phase: Una moves, Cai shoots, Dara casts, each at its own place on the board", async () => {
    await say("bob", "character create", { name: "Dara", sheet: "class=magic-user level=2 hp=6 weapons=dagger:1d4" });
    await say("mallory", "character create", {
      name: "Cai",
      sheet: "class=fighter level=1 hp=8 weapons=shortbow:1d6:missile:no:no:0:no:50/100/150|sword:1d8",
    });
    await say("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    await say("bob", "encounter join", { character: "Dara" });
    await say("alice", "declare", { action: "move" });
    await say("bob", "declare", { action: "spell", detail: "Sleep", who: "Dara" });
    const r1 = text((await say("referee", "next")).message);
    expect(r1).toMatch(
      /Party in the order of the round: movement \(Una\), then missile attacks \(Cai\), then spell casting \(Dara\)\./,
    );
    // Each one's place is on the board below the order's record.
    const roster = text(await liveBoard(h));
    const place = (name: string) => Number(new RegExp(`#(\\d+) \\*\\*${name}\\*\\*`).exec(roster)![1]);
    expect(place("Cai")).toBe(place("Una") + 1);
    expect(place("Dara")).toBe(place("Cai") + 1);
    expect(h.local.validationErrors).toEqual([]);
  });
});

/** The referee moves on (/next) until everyone has acted in the round: the board offers Next round ▶. */
async function toRoundOver() {
  for (let i = 0; i < 8; i++) {
    if (/ · everyone has acted/.test(text(await liveBoard(h)))) return;
    await say("referee", "next");
  }
  throw new Error("never reached the round's end");
}
