// Life & Guard (seed 004) at the table through the local Discord: the first round's roll against
// Guard (the chance on the board, a failed PC's declared attack adds nothing), the 3 v 3 start and
// who waits behind, the text's 2d6 for impaired attacks, and a torch struck from the sheet once used.
// Seeds are fixed, so the dice below are the ones those seeds give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { buttons, liveBoard, startE2E, text, type E2E, nextUntilRound as nextUntilRoundOf } from "../helpers/e2e.js";

const sheet = (o: Record<string, unknown>) => JSON.stringify(o);

describe("Life & Guard at the table", () => {
  let h: E2E;
  const refused = async (r: Promise<{ ephemeral: boolean; message: { content?: unknown } }>, words: string) => {
    const x = await r;
    expect([x.ephemeral, x.message.content]).toEqual([true, words]);
  };
  const nextUntilRound = (n: number) => nextUntilRoundOf(h, n);
  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "lg-table" });
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    const torch = { name: "Torch", die: "d4", tags: ["expendable"], enchantment: "burning" };
    await h.cmd("alice", "character create", {
      name: "Vera",
      sheet: sheet({
        life: 8,
        guard: 3,
        weapons: [{ name: "Sword", die: "d8" }, torch, { name: "Dagger", die: "d4" }],
      }),
    });
    await h.cmd("bob", "character create", {
      name: "Bram",
      sheet: sheet({ life: 8, guard: 2, weapons: [{ name: "Axe", die: "d8" }] }),
    });
  });
  afterAll(async () => h?.stop());

  // seed 004, "Using a grid or UDT": "First round: PCs roll against their GRD to act. Failure means they do not act this turn."
  // seed 004, "Threatre of the Mind": "Every combat starts as a 3v3 regardless of location."
  it("round 1: the chance to act is on the board; who fails adds nothing to a group attack; the fourth goblin waits until a place opens", async () => {
    const s = await h.cmd("referee", "encounter start", {
      name: "Pass",
      monsters: "4 goblin",
      stats: "life=4 guard=1 armour=0 morale=12",
    });
    // Morale 12: the goblins hold when the round's end rolls their check (round 2 below needs them in the fight).
    // The text measures in metres: 2d6 (4, 2) × 3 m (docs/rules/life-guard.md, "Encounter distance").
    expect(text(s.message)).toMatch(/The sides meet 18 metres apart \(2d6 = 6, × 3 m\)\./);
    expect(text(s.message)).not.toMatch(/feet/);
    // The start is the record; the roster is on the board below it.
    const board = text(await liveBoard(h));
    expect(board).not.toMatch(/feet/);
    // docs/rules/life-guard.md, "Rolling against Guard": 1d6 at most the Guard; Guard 2 acts 2 times in 6, Guard 3 half the time.
    expect(board).toMatch(/\*\*Bram\*\*.*· acts in round 1 on 1d6 ≤ Guard 2: 33%/);
    expect(board).toMatch(/\*\*Vera\*\*.*· acts in round 1 on 1d6 ≤ Guard 3: 50%/);
    await h.cmd("alice", "declare", { action: "attack", detail: "Goblin 1" });
    await h.cmd("bob", "declare", { action: "attack", detail: "Goblin 1" });
    const r = await h.cmd("referee", "initiative");
    const t = text(r.message);
    expect(t).toMatch(/Bram: 1d6 = 4 against Guard 2 \(acts 33% of the time\): does not act this round\./);
    expect(t).toMatch(/Vera: 1d6 = 2 against Guard 3 \(acts 50% of the time\): acts\./);
    expect(t).toMatch(/the Melee rank starts 2 v 3; waiting behind: Goblin 4\./);
    // The initiative is the record; the roster is on the board below it.
    const after = text(await liveBoard(h));
    expect(after).toMatch(/\*\*Goblin 4\*\*.*waiting behind the front line/);
    expect(after).not.toMatch(/acts in round 1 on/); // the roll is made: the chance has done its work
    expect(t).not.toMatch(/acts in round 1 on/);
    // Said once, not "cannot act this round and cannot act this round".
    await refused(h.cmd("bob", "attack", { target: "Goblin 1" }), "Bram cannot act this round: wait for /next.");
    await refused(
      h.cmd("referee", "attack", { target: "Vera", attacker: "Goblin 4" }),
      "Goblin 4 is waiting behind the front line (every combat starts 3 v 3) and cannot act this round: wait for /next.",
    );
    // Bram declared an attack on Goblin 1 too, but cannot act: Vera's attack is hers alone.
    const a = await h.cmd("alice", "attack", { target: "Goblin 1" });
    const at = text(a.message);
    expect(at).not.toMatch(/attackers on Goblin 1/);
    expect(at).toMatch(/Vera attacks Goblin 1 with Sword: d8\.\nDamage: 5\./);
    expect(at).toMatch(/Life 4 → 0, dead/);
    // Goblin 1 fell: fewer than three goblins stand engaged, so the one waiting behind steps in.
    const g = await h.cmd("referee", "attack", { target: "Vera", attacker: "Goblin 4" });
    expect(g.ephemeral).toBe(false);
    expect(text(g.message)).toMatch(/Goblin 4 attacks Vera with Attack: d6\.\nDamage: 2\./);
  });

  // seed 004, "Actions and Modifiers": "Impaired Attack: … requires rolling 2d6 and using the lower result."
  // seed 004, "Enchantment": "Items such as Torches … act as Enchanted weapons but are expended upon use."
  it("round 2: an impaired axe rolls 2d6 keep the lower; an impaired torch rolls its 2d6 twice, and is struck from the sheet", async () => {
    // Goblin 1 fell in round 1: the round's end rolls the goblins' morale first (seed lg-table-2: 2d6 (5, 3) = 8), and they hold.
    expect(await nextUntilRound(2)).toMatch(
      /Morale holds\n2d6 = 8 against Morale 12: they fight on\.\nDice: morale: 2d6 \(5, 3\) = \*\*8\*\*/,
    );
    // The morale check took the next two dice; Vera strikes first this round, so Bram's axe gets the 5 and 3 again.
    const tr = await h.cmd("alice", "attack", { target: "Goblin 2", weapon: "Torch", impaired: true });
    const tt = text(tr.message);
    // The torch is an enchanted 2d6: impaired, its 2d6 is rolled twice and the lower total kept (4 against 8).
    expect(tt).toMatch(
      /Vera attacks Goblin 2 with Torch, burning\/expendable: an enchanted weapon: 2d6, impaired: rolled twice, keep the lower\.\nDamage: 4\./,
    );
    expect(tt).toMatch(
      /damage \(Torch\) \(impaired, first\): 2d6 \(3, 1\) = \*\*4\*\*\ndamage \(Torch\) \(impaired, second\) — dropped: 2d6 \(~~3~~, ~~5~~\) = \*\*8\*\*/,
    );
    expect(tt).toMatch(/Torch expended: struck from the sheet/);
    const x = await h.cmd("bob", "attack", { target: "Goblin 3", impaired: true });
    const xt = text(x.message);
    // docs/rules/life-guard.md, "Impaired and enhanced dice": the text's 2d6 in place of the Axe's d8.
    expect(xt).toMatch(/Bram attacks Goblin 3 with Axe: d8, impaired: 2d6 keep the lower \(at most 8\)\.\nDamage: 3\./);
    expect(xt).toMatch(/2d6kl1 \(~~5~~, 3\) = \*\*3\*\*/);
    // The Life save put Goblin 3 out of action: no Counterattack is offered to it.
    expect(xt).toMatch(/Life save: d20 = 7 against Life 2: failed\.\nGoblin 3 is out of action\./);
    // Every roll shows in Dice: the Life save's d20 beside the damage.
    expect(xt).toMatch(
      /Dice: damage \(Axe\) \(impaired: 2d6, keep the lower\): 2d6kl1 \(~~5~~, 3\) = \*\*3\*\*\nLife save \(≤ 2\): 1d20 \(7\) = \*\*7\*\*/,
    );
    expect(xt).not.toMatch(/Counterattack/);
    expect(buttons(x.message)).toEqual([]);
    const vera = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Vera" } });
    expect((JSON.parse(vera.sheet) as { weapons: { name: string }[] }).weapons.map((w) => w.name)).toEqual([
      "Sword",
      "Dagger",
    ]);
    // Spent: the next round it is not there to light again.
    await nextUntilRound(3);
    const again = await h.cmd("alice", "attack", { target: "Goblin 4", weapon: "Torch" });
    expect([again.ephemeral, again.message.content]).toEqual([
      true,
      expect.stringMatching(/Vera has no weapon "Torch"/),
    ]);
  });

  // seed 004, "Scars", row 3: "Walloped: … You are deprived until you rest for a few hours."
  it("Deprived ends after a few hours of rest in a row, and Guard comes back", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "campaign set", { option: "wanderingChance", value: "0" });
    await h.cmd("mallory", "character create", {
      name: "Ossa",
      sheet: sheet({ life: 8, guard: 3, weapons: [{ name: "Club", die: "d6" }] }),
    });
    // Guard 3 taken exactly to 0: row 3, Walloped.
    const w = await h.cmd("referee", "damage", { target: "Ossa", amount: 3 });
    expect(text(w.message)).toMatch(
      /Scar 3: Walloped\. Sent flying, flat on your face, winded: deprived until you rest for a few hours\./,
    );
    expect(text(w.message)).toMatch(/max Guard is now 5/);
    // docs/rules/life-guard.md, "Deprived": a few hours is 3 hours, 18 turns of rest in a row; 17 are not enough.
    const t1 = await h.cmd("referee", "dungeon turn", { action: "rest", turns: 17 });
    expect(text(t1.message)).toMatch(/Ossa: Deprived: Guard stays at 0\./);
    const t2 = await h.cmd("referee", "dungeon turn", { action: "rest" });
    expect(text(t2.message)).toMatch(/Ossa: A few hours of rest: no longer deprived\.\nOssa: Guard 0 → 5\./);
    const ossa = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Ossa" } });
    expect(JSON.parse(ossa.state)).toMatchObject({ guard: 5, conditions: [] });
  });

  // seed 004, "Enchantment": "PCs can apply Enchantments to their weapons … single-use and last until the PC rests."
  it("an Enchantment is applied between fights with /character edit, and at the table as a declaration; an edit keeps the Guard it does not name", async () => {
    await h.cmd("referee", "damage", { target: "Ossa", amount: 2 });
    // Guard 5 → 3; the edit names only the weapons: Guard stays 3 of 5 (the Scar raised the 5), the Enchantment is on.
    const e = await h.cmd("mallory", "character edit", {
      name: "Ossa",
      sheet: "weapons=club:d6|sword:d6:enchanted:flame",
    });
    expect(text(e.message)).toMatch(/\*\*Guard 3\/5 · Life 8\/8 · Melee rank\*\* · sword enchanted \(flame\)/);
    const st = JSON.parse(
      (await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Ossa" } })).state,
    );
    expect(st).toMatchObject({ guard: 3, guardMax: 5, scars: ["Walloped"], conditions: ["enchanted:sword:flame"] });
    const s = await h.cmd("referee", "encounter start", {
      name: "Yard",
      monsters: "1 standard",
      stats: "life=20 guard=20 armour=0",
    });
    expect(s.ephemeral, text(s.message)).toBe(false);
    expect(text(await liveBoard(h))).toMatch(
      /\*\*Ossa\*\* `[█░]+` Guard 3\/5 · Life 8\/8 · Melee rank · sword enchanted \(flame\)/,
    );
    // At the table: a declaration (before the first round's order it costs no action, as an oil).
    const bad = await h.cmd("alice", "declare", { action: "enchant", detail: "Spear: frost" });
    expect([bad.ephemeral, bad.message.content]).toEqual([
      true,
      expect.stringMatching(/Vera has no weapon "Spear" to enchant/),
    ]);
    const d = await h.cmd("alice", "declare", { action: "enchant", detail: "Sword: frost" });
    expect(text(d.message)).toMatch(
      /Vera applies an Enchantment \(frost\) to the Sword: its next blow deals 2d6 and applies frost, once, until a rest \(before the first round: no action spent\)\./,
    );
    // The declaration's result is the record; the roster is on the board below it.
    expect(text(await liveBoard(h))).toMatch(/\*\*Vera\*\* [^\n]*sword enchanted \(frost\)/);
    await h.cmd("referee", "initiative");
    const v = await h.cmd("alice", "attack", { target: "Standard", weapon: "Sword", enchanted: true });
    const vt = text(v.message);
    expect(vt).toMatch(
      /Vera attacks Standard with Sword, enchanted: 2d6\.\nDamage: 9\.\nThe enchantment applies its condition: frost\.\nSword's Enchantment is spent\./,
    );
    expect((await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Vera" } })).state).not.toMatch(
      /enchanted:sword/,
    );
  });
});
