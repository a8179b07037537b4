// Life & Guard (seed 004) between fights and at the table, through the local Discord: an applied
// Enchantment takes effect on the weapon's next blow unasked, and a rest ends one unspent.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

const sheet = (o: Record<string, unknown>) => JSON.stringify(o);

describe("Life & Guard between fights", () => {
  let h: E2E;
  const db = () => h.app.services.store.db;
  const conditionsOf = async (name: string) => (JSON.parse((await db().character.findFirstOrThrow({ where: { name } })).state) as { conditions: string[] }).conditions;

  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "lg-between" });
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("alice", "character create", { name: "Vera", sheet: sheet({ life: 8, guard: 6, weapons: [{ name: "Sword", die: "d8" }] }) });
  });
  afterAll(async () => h?.stop());

  // seed 004, "Enchantment": "PCs can apply Enchantments to their weapons … Using an Enchanted weapon causes
  // 2d6 Damage and applies the relevant Condition. Enchantments are single-use and last until the PC rests."
  it("an Enchantment applied between fights is used by the weapon's next blow without asking, once", async () => {
    const e = await h.cmd("alice", "character edit", { name: "Vera", sheet: "weapons=Sword:d8:enchanted:flame" });
    expect(text(e.message)).toMatch(/Sword enchanted \(flame\)/i);
    await h.cmd("referee", "encounter start", { name: "Yard", monsters: "1 standard", stats: "life=30 guard=30 armour=0", surprise: false });
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
    await h.cmd("referee", "encounter start", { name: "Gate", monsters: "1 standard", stats: "life=30 guard=30 armour=0", surprise: false });
    const d = await h.cmd("alice", "declare", { action: "enchant", detail: "Sword: frost" });
    expect(text(d.message)).toMatch(/Vera applies an Enchantment \(frost\) to the Sword/);
    await h.cmd("referee", "initiative");
    const kept = text((await h.cmd("alice", "attack", { target: "Standard", weapon: "Sword", enchanted: false })).message);
    expect(kept).not.toMatch(/Enchantment is spent/);
    expect(kept).toMatch(/Dice: [^\n]*1d8/);
    await h.cmd("referee", "encounter end");
    expect(await conditionsOf("Vera")).toContain("enchanted:sword:frost");
    const rest = text((await h.cmd("referee", "dungeon turn", { action: "rest" })).message);
    expect(rest).toMatch(/Vera[^\n]*Enchantment/);
    expect(await conditionsOf("Vera")).not.toContain("enchanted:sword:frost");
  });
});
