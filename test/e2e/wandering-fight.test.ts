// Issue 41, point 6: from the dungeon into a fight. The dead stay out of it, and its end lists under
// "Fell" only who fell in it. The Third Age (seed 000), fixed seeds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttons, startTable, text, until, type E2E } from "../helpers/e2e.js";
import type { Reply } from "../../src/local/types.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable(
    "third-age",
    [
      { user: "alice", name: "Alda", sheet: "charisma=1 hp=10" },
      { user: "bob", name: "Brom", sheet: "hp=8" },
      { user: "carol", name: "Cora", sheet: "hp=6" },
    ],
    { users: ["referee", "alice", "bob", "carol", "mallory"] },
  );
});
afterAll(() => h?.stop());

describe("the dead never join a fight", () => {
  it("Brom, dead since the last fight, stays out of the next; Cora, unconscious, comes in down", async () => {
    // seed 000 is silent on death: a character dies at −max HP (docs/rules/third-age.md).
    expect(text((await h.cmd("referee", "damage", { target: "Brom", amount: 16 })).message)).toMatch(
      /Brom takes 16 damage: HP 8 → -8, dead\./,
    );
    expect(text((await h.cmd("referee", "damage", { target: "Cora", amount: 7 })).message)).toMatch(
      /Cora takes 7 damage: HP 6 → -1, unconscious/,
    );
    const start = await h.cmd("referee", "encounter start", { monsters: "1 goblin", surprise: false });
    expect(start.ephemeral).toBeFalsy();
    const t = text(start.message);
    expect(t).toMatch(/Brom is dead and stays out of the fight\./);
    expect(t).toMatch(/Alda/);
    expect(t).toMatch(/Cora/);
    const rows = await h.app.services.store.db.combatant.findMany({ select: { name: true } });
    expect(rows.map((r) => r.name).sort()).toEqual(["Alda", "Cora", "Goblin"]);
  });

  it("nobody brings a dead character in: /encounter join says why and changes nothing", async () => {
    const no = await h.cmd("referee", "encounter join", { character: "Brom" });
    expect(no.ephemeral).toBe(true);
    expect(no.message.content).toBe("Brom is dead: the dead do not join a fight. Nothing was changed.");
    const own = await h.cmd("bob", "encounter join");
    expect(own.message.content).toBe("Brom is dead: the dead do not join a fight. Nothing was changed.");
    expect(await h.app.services.store.db.combatant.count({ where: { name: "Brom" } })).toBe(0);
  });

  it("the end lists under Fell only who fell in this fight; Cora came in down", async () => {
    expect(text((await h.cmd("referee", "damage", { target: "Goblin", amount: 9 })).message)).toMatch(
      /Goblin takes 9 damage: HP \d+ → 0, dead\./,
    );
    const end = text((await h.cmd("referee", "encounter end")).message);
    expect(end).toMatch(/\nFell: Goblin \(dead\)\n/);
    expect(end).toMatch(/\nDown before it began: Cora \(unconscious\)\n/);
    expect(end).toMatch(/\nStill standing: Alda\b/);
    expect(end).not.toMatch(/Brom/);
  });
});

describe("a wandering monster with no table: the referee names it, the table rolls how many", () => {
  let came: Reply;
  it("the check comes up; the message says the button will ask which monsters", async () => {
    await h.cmd("referee", "dungeon set", { chance: 6 });
    came = await h.cmd("referee", "dungeon turn");
    const t = text(came.message);
    // seed e2e-1 (the campaign's): 1d6 = 4, under the referee's 6 in 6.
    expect(t).toMatch(/Turn 1: wandering-monster check 1d6 = 4 \(6 in 6\) → a wandering monster comes\./);
    expect(t).toMatch(
      /Wandering monster: No wandering table is set: the button asks the referee which monsters come, and how many\./,
    );
    expect(buttons(came.message).map((b) => b.label)).toEqual(["Start encounter"]);
  });

  it("only the referee is asked; bad answers start nothing and keep the button", async () => {
    const b = buttons(came.message)[0]!;
    const no = await h.press("mallory", came.message.id, b.id);
    expect(no.ephemeral).toBe(true);
    expect(no.modal).toBeUndefined();
    expect(no.message.content).toMatch(/Only a referee/);
    const ask = await h.press("referee", came.message.id, b.id);
    expect(ask.modal?.title).toBe("A wandering monster: which?");
    expect(JSON.stringify(ask.modal)).toContain('"value":"1d6 "');
    const id = String(ask.modal!.custom_id);
    const bare = await h.submit("referee", id, { monsters: "1d6 " });
    expect(bare.ephemeral).toBe(true);
    expect(bare.message.content).toBe("Name the monsters after how many, e.g. `1d6 kobolds`: nothing was started.");
    const dragons = await h.submit("referee", id, { monsters: "1d6 dragons" });
    expect(dragons.ephemeral).toBe(true);
    expect(dragons.message.content).toMatch(/^"dragons" is not one of The Third Age's presets/);
    expect(await h.app.services.store.db.encounter.count({ where: { status: "active" } })).toBe(0);
    expect(buttons(h.local.messages.get(came.message.id)!).map((b) => b.label)).toEqual(["Start encounter"]);
  });

  it("1d6 kobolds: the fight starts with the kobolds rolled, surprise on them, the board and its buttons, and no dead Brom", async () => {
    const b = buttons(came.message)[0]!;
    const ask = await h.press("referee", came.message.id, b.id);
    const started = await h.submit("referee", String(ask.modal!.custom_id), { monsters: "1d6 kobolds" });
    expect(started.ephemeral).toBeFalsy();
    expect(buttons(h.local.messages.get(came.message.id)!)).toEqual([]);
    // The start's record for the log, then the board below it.
    await until(() => started.followUps.length === 2);
    const board = started.followUps[1]!;
    const t = text(started.followUps[0]!);
    // seed e2e-3 (the encounter's): 1d6 = 4 kobolds, then their hit points, then surprise on both sides.
    expect(t).toMatch(/^Number appearing\n4 kobolds \(rolled 1d6: 4\)\nDice: number appearing: 1d6 \(4\)/);
    expect(t).toMatch(
      /Encounter started: Wandering 4 kobolds \(turn 1\)\nBrom is dead and stays out of the fight\.\nTheir reaction \(rolled at the wandering check\): Friendly\./,
    );
    // The surprise roll is made with the kobolds there: the party's roll against them, and theirs.
    expect(t).toMatch(/The party rolls to surprise the foes: 1d6 \[5\] = 5 → 3\+: the foes are not surprised/);
    const rows = await h.app.services.store.db.combatant.findMany({
      where: { encounter: { status: "active" } },
      select: { name: true, side: true },
    });
    expect(rows.map((r) => `${r.side}:${r.name}`).sort()).toEqual([
      "foes:Kobold 1",
      "foes:Kobold 2",
      "foes:Kobold 3",
      "foes:Kobold 4",
      "party:Alda",
      "party:Cora",
    ]);
    // The board, as /encounter start gives it: its buttons, and it is the encounter's live board.
    expect(buttons(board).map((b) => b.label)).toEqual(["Move out of melee (−2 AC)", "Roll initiative ▶"]);
    const live = async () =>
      (await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } })).board;
    await until(async () => (await live()) !== null);
    expect(await live()).toBe(`${h.channelId}/${board.id}`);
  });

  it("the same form sent again starts nothing", async () => {
    const again = await h.submit("referee", h.local.lastModal(h.users.referee!)!.custom_id as string, {
      monsters: "1d6 kobolds",
    });
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toBe(
      "This wandering monster's encounter has been started already: nothing was changed.",
    );
    expect(await h.app.services.store.db.encounter.count({ where: { status: "active" } })).toBe(1);
    await h.cmd("referee", "encounter end");
  });
});

// seed 000, "Surprise": "On 1-2 the opposing side is surprised and cannot act for the first round of combat."
// The referee's bonus +20 to a side's roll makes it surprise the other side whatever the die, a penalty −20 never
// (the party's roll decides whether the foes are surprised): a bonus helps the side it is given to (issue 42, point 24).
describe("surprise holds for the foes the fight starts with, and for those added in the surprise", () => {
  /** What a command said: its answer and what followed it (a record, then the board). */
  const said = async (r: Awaited<ReturnType<E2E["cmd"]>>) => {
    await h.app.bot.router.settled();
    return [r.message, ...r.followUps].map(text).join("\n");
  };
  const marks = async (name: string) =>
    (await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name, encounter: { status: "active" } } }))
      .state;

  it("both sides surprised with no foes yet: the kobolds added are surprised too, and do not act in the surprise round", async () => {
    const start = await said(await h.cmd("referee", "encounter start", { party_surprise: 20, foes_surprise: 20 }));
    expect(start).toMatch(/Both sides are surprised: neither can act in the first round\./);
    expect(start).toMatch(
      /No foe is here yet: foes added before the surprise round is over are surprised, as their side is\./,
    );
    const add = await said(await h.cmd("referee", "encounter add", { monsters: "1d4 kobolds" }));
    // seed e2e-4: 1d4 = 1 kobold.
    expect(add).toMatch(/^Number appearing\n1 kobold \(rolled 1d4: 1\)/);
    expect(add).toMatch(/Added Kobold\.\nKobold is surprised, as the foes are: this is still the surprise\./);
    expect(add).toMatch(/\*\*Kobold\*\* `[█░]+` HP 3\/3 · surprised \(cannot act in the first round\)/);
    const init = await said(await h.cmd("referee", "initiative"));
    expect(init).toMatch(/Surprised, cannot act this round: Alda, Kobold\./);
    expect(init).toMatch(
      /Kobold is surprised in the first round: skipped\.\nAlda is surprised in the first round: skipped\./,
    );
    await h.cmd("referee", "encounter end");
  });

  it("only the foes surprised: those it starts with and those added are; the party's newcomers are not; a new /surprise decides for later ones", async () => {
    const start = await said(
      await h.cmd("referee", "encounter start", { monsters: "2 kobolds", party_surprise: 20, foes_surprise: -20 }),
    );
    expect(start).toMatch(/the foes are surprised/);
    expect(start).toMatch(/the party cannot be surprised/);
    expect(start).not.toMatch(/is here yet/);
    for (const k of ["Kobold 1", "Kobold 2"]) expect(await marks(k)).toContain('"surprised"');
    expect(await marks("Alda")).not.toContain('"surprised"');
    const orc = await said(await h.cmd("referee", "encounter add", { monsters: "1 orc" }));
    expect(orc).toMatch(/Added Orc\.\nOrc is surprised, as the foes are: this is still the surprise\./);
    const ally = await said(await h.cmd("referee", "encounter add", { monsters: "1 bandit", side: "party" }));
    expect(ally).toMatch(/Added Bandit\./);
    expect(ally).not.toMatch(/Bandit is surprised/);
    expect(await marks("Bandit")).not.toContain('"surprised"');
    // The referee calls for surprise again: nobody is now, and a foe added after it is not either.
    const again = await said(await h.cmd("referee", "surprise", { party: -20, foes: -20 }));
    expect(again).toMatch(/Nobody is surprised\./);
    const wolf = await said(await h.cmd("referee", "encounter add", { monsters: "1 wolf" }));
    expect(wolf).not.toMatch(/surprised/);
    expect(await marks("Wolf")).not.toContain('"surprised"');
    expect(await marks("Orc")).not.toContain('"surprised"');
    await h.cmd("referee", "encounter end");
  });
});
