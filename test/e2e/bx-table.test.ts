// Issue 30: B/X (seed 002) and its house rules (seed 001) at the table, through the local Discord:
// days of rest for every system, ability checks, morale per creature type, the wordings.
// Seeds are fixed (campaign e2e-1, encounters e2e-2, e2e-3…), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, buttons, liveBoard, type E2E, saying } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
let other: string;
const say = saying(() => h, DEBUG);

beforeAll(async () => {
  h = await startE2E();
  other = h.local.createChannel(h.guildId, "other-room").id;
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("bob", "character create", {
    name: "Mira",
    sheet: "class=magic-user level=3 hp=9 ac=9 weapons=dagger:1d4",
  });
});
afterAll(() => h?.stop());

describe("days of rest, each system by its own text", () => {
  // seed 002, "Healing": "A character or monster recovers 1d3 hit points for each full day of complete rest"
  it("three days in town heal Mira 1d3 a day with no wandering checks; in camp the checks come and a monster interrupts the first day", async () => {
    await say("referee", "damage", { target: "Mira", amount: 7 });
    const town = await say("referee", "dungeon rest", { days: 3, place: "town" });
    expect(text(town.message)).toMatch(/^3 days of rest in town\nIn town: no wandering checks, and no rations eaten\./);
    expect(text(town.message)).toMatch(
      /Mira: 3 days of complete rest, 1d3 a day: 2 \+ 3 \+ 3 = 8; HP 2 → 9 \(maximum 9\)/,
    );
    expect(text(town.message)).toMatch(/Time: Turn 432 · 3 days elapsed/);
    await say("referee", "damage", { target: "Mira", amount: 5 });
    const camp = await say("referee", "dungeon rest", { days: 2 });
    expect(text(camp.message)).toMatch(
      /^Rest interrupted: a wandering monster on day 1\nDay 1, turn 456: wandering-monster check 1d6 = 1 \(1 in 6\) → a wandering monster comes\./,
    );
    expect(text(camp.message)).toMatch(/The rest is interrupted on its first day: no full day of rest, no healing\./);
    expect(text(camp.message)).not.toMatch(/Mira: \d+ days? of complete rest/);
    expect(buttons(camp.message).map((b) => b.label)).toEqual(["Start encounter"]);
    const safe = await say("referee", "dungeon rest", { days: 1, place: "safe" });
    expect(text(safe.message)).toMatch(/A safe camp, by the referee's word: no wandering checks\./);
    expect(text(safe.message)).toMatch(/Mira: 1 day of complete rest, 1d3 a day: \d = \d; HP 4 → \d \(maximum 9\)/);
    const bad = await say("bob", "dungeon rest", { days: 1 });
    expect(bad.ephemeral).toBe(true);
  });

  // seed 000 gives no rate of healing by days: the rest says so, and stamina comes back as after any rest
  it("The Third Age: days of rest say the text gives no rate, and heal no hit points", async () => {
    await say("referee", "campaign start", { system: "third-age" }, other);
    await say("bob", "character create", { name: "Alda", sheet: "hp=10 body=2" }, other);
    await say("referee", "damage", { target: "Alda", amount: 4 }, other);
    const r = await say("referee", "dungeon rest", { days: 2, place: "town" }, other);
    expect(text(r.message)).toMatch(
      /Alda: 2 days of rest: The Third Age gives no rate of healing by days, so hit points heal only as the referee says \(\/heal\)\./,
    );
    expect(text(r.message).match(/after a turn of rest/g) ?? []).toHaveLength(1);
    const show = await say("bob", "character show", { name: "Alda" }, other);
    expect(text(show.message)).toMatch(/HP 6\/10/);
  });
});

describe("ability checks", () => {
  // seed 002, "Modifiers": "A modifier of -4 would be a relatively easy ability check, and a +4 would be very difficult"
  it("+5 is taken and added to the roll: the text's ±4 are examples, not limits", async () => {
    const r = await say("bob", "check", { attribute: "INT", modifier: 5 });
    expect(r.ephemeral).toBeFalsy();
    expect(text(r.message)).toMatch(/Mira: INT check (succeeds|fails)\nRolled \d+ \+5 = \d+ against INT 10/);
    const easy = await say("bob", "check", { attribute: "INT", modifier: -6 });
    expect(text(easy.message)).toMatch(/Rolled \d+ -6 = -?\d+ against INT 10/);
  });
});

describe("wordings", () => {
  // seed 002, "Individual Initiative (Optional Rule)": the DEX modifier is always added, so the option reads "on"
  it("/campaign show: Dexterity on individual initiative reads as always; turning it off is refused", async () => {
    const show = await say("referee", "campaign show");
    expect(text(show.message)).toMatch(
      /add Dexterity to individual initiative \(always, as the text's individual initiative does\)\*\*: on/,
    );
    const off = await say("referee", "campaign set", { option: "initiativeDex", value: "off" });
    expect(off.ephemeral).toBe(true);
    expect(text(off.message)).toMatch(/use on \(the text always adds it\)/);
  });

  // seed 002, "In Melee": "Retreat … the retreating character may not attack … opponents gain +2 to hit and the shield is not counted"
  it("a declared retreat says what it does, without asking anyone to mark it: the bot marked it", async () => {
    await say("referee", "encounter start", { monsters: "1 goblin", surprise: false });
    const r = await say("bob", "declare", { action: "retreat" });
    expect(text(r.message)).toMatch(
      /Retreat: up to \d+'\. No attack this round; foes get \+2 to hit and ignore the shield\./,
    );
    expect(text(r.message)).not.toMatch(/mark the combatant/);
    // The declaration's record says what it does; the roster on the board below shows the mark.
    expect(text(await liveBoard(h))).toMatch(/\*\*Mira\*\*.*retreating/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("morale by creature type", () => {
  // seed 002, "Monster Morale (Optional Rule)": each monster's own morale score: an ogre (10) and its orcs (8) roll apart
  it("an ogre and orcs: two rolls, against 10 and against 8; group: names one type", async () => {
    await say("referee", "encounter end");
    await say("referee", "encounter start", { monsters: "1 ogre, 2 orcs", surprise: false });
    const m = await say("referee", "morale");
    expect(text(m.message)).toMatch(/Ogre: 2d6 = \d+ against morale 10/);
    expect(text(m.message)).toMatch(/Orc: 2d6 = \d+ against morale 8/);
    const none = await say("referee", "morale", { group: "kobold" });
    expect(none.ephemeral).toBe(true);
    expect(text(none.message)).toMatch(/No one standing is "kobold": the groups are Ogre, Orc/);
    const orcs = await say("referee", "morale", { group: "orc" });
    expect(text(orcs.message)).toMatch(/^Orc 1, Orc 2: morale (holds|breaks)\n2d6 = \d+ against morale 8/);
    expect(text(orcs.message)).not.toMatch(/against morale 10/);
  });
});
