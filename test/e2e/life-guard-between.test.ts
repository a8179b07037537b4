// Life & Guard (seed 004) between fights and at the table, through the local Discord: an applied
// Enchantment takes effect on the weapon's next blow unasked, and a rest ends one unspent; a Head Wound
// is treated between fights (/heal treat).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

const sheet = (o: Record<string, unknown>) => JSON.stringify(o);

describe("Life & Guard between fights", () => {
  let h: E2E;
  const db = () => h.app.services.store.db;
  const conditionsOf = async (name: string) =>
    (JSON.parse((await db().character.findFirstOrThrow({ where: { name } })).state) as { conditions: string[] })
      .conditions;

  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "lg-between" });
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("alice", "character create", {
      name: "Vera",
      sheet: sheet({ life: 8, guard: 6, weapons: [{ name: "Sword", die: "d8" }] }),
    });
  });
  afterAll(async () => h?.stop());

  // seed 004, "Enchantment": "PCs can apply Enchantments to their weapons … Using an Enchanted weapon causes
  // 2d6 Damage and applies the relevant Condition. Enchantments are single-use and last until the PC rests."
  it("an Enchantment applied between fights is used by the weapon's next blow without asking, once", async () => {
    const e = await h.cmd("alice", "character edit", { name: "Vera", sheet: "weapons=Sword:d8:enchanted:flame" });
    expect(text(e.message)).toMatch(/Sword enchanted \(flame\)/i);
    await h.cmd("referee", "encounter start", {
      name: "Yard",
      monsters: "1 standard",
      stats: "life=30 guard=30 armour=0",
      surprise: false,
    });
    await h.cmd("referee", "initiative");
    const a = text((await h.cmd("alice", "attack", { target: "Standard", weapon: "Sword" })).message);
    expect(a).toMatch(/Vera attacks Standard with Sword, enchanted: 2d6\./);
    expect(a).toMatch(/The enchantment applies its condition: flame\.\nSword's Enchantment is spent\./);
    expect(a).toMatch(/Dice: [^\n]*2d6/);
    expect(await conditionsOf("Vera")).not.toContain("enchanted:sword:flame");
    // Spent: the next blow is the Sword's own d8.
    for (let i = 0; i < 2; i++) await h.cmd("referee", "next");
    await h.cmd("referee", "initiative");
    const b = text((await h.cmd("alice", "attack", { target: "Standard", weapon: "Sword" })).message);
    expect(b).not.toMatch(/enchanted/);
    expect(b).toMatch(/Dice: [^\n]*1d8/);
  });

  it("one applied at the table and kept with enchanted:false is still there after the fight, and a rest ends it", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "encounter start", {
      name: "Gate",
      monsters: "1 standard",
      stats: "life=30 guard=30 armour=0",
      surprise: false,
    });
    const d = await h.cmd("alice", "declare", { action: "enchant", detail: "Sword: frost" });
    expect(text(d.message)).toMatch(/Vera applies an Enchantment \(frost\) to the Sword/);
    await h.cmd("referee", "initiative");
    const kept = text(
      (await h.cmd("alice", "attack", { target: "Standard", weapon: "Sword", enchanted: false })).message,
    );
    expect(kept).not.toMatch(/Enchantment is spent/);
    expect(kept).toMatch(/Dice: [^\n]*1d8/);
    await h.cmd("referee", "encounter end");
    expect(await conditionsOf("Vera")).toContain("enchanted:sword:frost");
    const rest = text((await h.cmd("referee", "dungeon turn", { action: "rest" })).message);
    expect(rest).toMatch(/Vera[^\n]*Enchantment/);
    expect(await conditionsOf("Vera")).not.toContain("enchanted:sword:frost");
  });

  // seed 004, "Scars", row 6: "Reorienting Head Wound: Minus d6 maximum Life until you are treated."
  it("a Head Wound is treated between fights with /heal treat; only the owner or referee; in a fight it is a turn's action", async () => {
    await h.cmd("bob", "character create", {
      name: "Bram",
      sheet: sheet({ life: 6, guard: 0, weapons: [{ name: "Club", die: "d6" }] }),
    });
    // The wound as Scar row 6 leaves it (a d6 of 3): maximum Life 6 − 3 until treated.
    const c = await db().character.findFirstOrThrow({ where: { name: "Bram" } });
    const st = JSON.parse(c.state) as Record<string, unknown> & { conditions: string[] };
    await db().character.update({
      where: { id: c.id },
      data: {
        state: JSON.stringify({ ...st, life: 3, headWoundLoss: 3, conditions: [...st.conditions, "head wound"] }),
      },
    });
    const shown = text((await h.cmd("bob", "character show", { name: "Bram" })).message);
    expect(shown).toMatch(/Life 3\/3/);
    const theirs = await h.cmd("alice", "heal", { target: "Bram", treat: true });
    expect([theirs.ephemeral, theirs.message.content]).toEqual([true, expect.stringMatching(/<@[^>]+>'s/)]);
    const both = await h.cmd("bob", "heal", { target: "Bram", treat: true, amount: 2 });
    expect([both.ephemeral, both.message.content]).toEqual([
      true,
      expect.stringMatching(/^Treat or heal, one at a time/),
    ]);
    const none = await h.cmd("bob", "heal", { target: "Bram" });
    expect([none.ephemeral, none.message.content]).toEqual([
      true,
      expect.stringMatching(/^Give the amount to heal \(or `treat`/),
    ]);
    const t = await h.cmd("bob", "heal", { target: "Bram", treat: true });
    expect(t.ephemeral).toBe(false);
    expect(text(t.message)).toMatch(
      /^Bram: wound treated\nBram's Head Wound is treated: maximum Life restored \(6\)\.\nNow Guard 0\/0 · Life 3\/6/,
    );
    expect(text(t.message)).toMatch(/Life & Guard · Scars/);
    expect(
      JSON.parse((await db().character.findFirstOrThrow({ where: { name: "Bram" } })).state).conditions,
    ).not.toContain("head wound");
    const again = await h.cmd("bob", "heal", { target: "Bram", treat: true });
    expect([again.ephemeral, again.message.content]).toEqual([true, "Bram has no Head Wound to treat."]);
    // In a fight, treatment is the action of a turn: /heal treat says where to do it and changes nothing.
    await db().character.update({
      where: { id: c.id },
      data: {
        state: JSON.stringify({ ...st, life: 3, headWoundLoss: 3, conditions: [...st.conditions, "head wound"] }),
      },
    });
    await h.cmd("referee", "encounter start", { name: "Ford", monsters: "1 standard", surprise: false });
    const inFight = await h.cmd("bob", "heal", { target: "Bram", treat: true });
    expect([inFight.ephemeral, inFight.message.content]).toEqual([
      true,
      expect.stringMatching(/^Bram is in "Ford": there, treatment is the action of a turn/),
    ]);
    await h.cmd("referee", "encounter end");
    // seed 004, "Attacks": damage past Guard goes to Life; a Guard already at 0 is not said to go "0 → 0".
    const hurt = text((await h.cmd("referee", "damage", { target: "Bram", amount: 1 })).message);
    expect(hurt).toMatch(/1 damage − Armour 0 = 1\.\nCritical Damage: 1 to Life, Life 3 → 2\./);
    expect(hurt).not.toMatch(/Guard 0 → 0/);
  });

  // seed 004 has no dungeon turn, light, supplies or wandering-monster check (its rounds are 10 seconds):
  // a dungeon turn names the rulings it follows, and no 1-in-6 check interrupts a rest unless the referee sets one.
  it("a dungeon turn names its rulings, not another book's; no wandering check unless the referee sets one", async () => {
    const t = text((await h.cmd("referee", "dungeon turn", { action: "rest", turns: 4 })).message);
    expect(
      t.match(/no wandering-monster check \(Life & Guard has none; the referee may set a chance with \/dungeon set\)/g),
    ).toHaveLength(4);
    expect(t).toMatch(
      /\nLife & Guard · a ruling: a dungeon turn is 10 minutes, as in the classic games \(this text has only 10-second rounds\)$/,
    );
    expect(t).not.toMatch(/Basic\/Expert|Dice:/);
    // No light rules in the text and nobody lit one: nothing is said of light or darkness.
    expect(t).not.toMatch(/\nLight:/);
    expect(t).not.toMatch(/dark/i);
    const days = text((await h.cmd("referee", "dungeon rest", { days: 1 })).message);
    expect(days).toMatch(/No wandering checks: none is set \(0 in 6\)\./);
    expect(days).not.toMatch(/interrupted/);
    const fast = await h.cmd("referee", "dungeon turn", { pace: "fast" });
    expect([fast.ephemeral, fast.message.content]).toEqual([
      true,
      "Life & Guard gives no faster pace for dungeon turns: leave the pace out. Nothing was changed.",
    ]);
    expect(text((await h.cmd("alice", "dungeon status")).message)).toMatch(
      /Next wandering check: None: the chance is 0 in 6/,
    );
    // A chance the referee sets is checked, and the turn says it is the referee's ruling.
    await h.cmd("referee", "dungeon set", { chance: 1, interval: 1 });
    const set = text((await h.cmd("referee", "dungeon turn")).message);
    expect(set).toMatch(
      /wandering-monster check 1d6 = \d \(1 in 6, as the referee set it: Life & Guard has no check of its own\) → /,
    );
  });
});
