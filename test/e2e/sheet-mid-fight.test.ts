// Issue 41, point 7: a sheet edited during a fight. The edit answered "Saved" but the fight kept the old
// sheet, so a weapon added mid-fight could not be picked. Now the running encounter's combatant takes the
// new sheet at once (weapons, armour, abilities), its hit points and marks stay the fight's, and the edit's
// answer says so. Basic/Expert (seed 002); fixed seeds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const db = () => h.app.services.store.db;
const combatant = (name: string) =>
  db().combatant.findFirstOrThrow({ where: { name, encounter: { status: "active" } } });
const weapons = async () =>
  (
    (await h.local.autocomplete({
      guildId: h.guildId,
      channelId: h.channelId,
      userId: h.users.alice!,
      name: "attack",
      focused: "weapon",
      options: { target: "Goblin", weapon: "" },
    })) as { value: string }[]
  ).map((w) => w.value);

beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Ana", sheet: "class=fighter level=1 str=13 hp=8 ac=5 weapons=sword:1d8" },
  ]);
  const start = await h.cmd("referee", "encounter start", {
    name: "Goblin ambush",
    monsters: "Goblin",
    stats: "hd=1 hp=30 ac=6 thac0=19 morale=12",
  });
  if (start.ephemeral) throw new Error(start.message.content);
});
afterAll(() => h?.stop());

describe("a sheet edited mid-fight", () => {
  it("before the edit, the fight knows only the old weapons", async () => {
    expect(await weapons()).toEqual(["sword"]);
    const r = await h.cmd("referee", "attack", { attacker: "Ana", target: "Goblin", weapon: "axe" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/No weapon "axe" on the sheet: use one of sword/);
  });

  it("/character edit sheet: the new weapon is in the fight at once, its hit points stay the fight's, and the answer says so", async () => {
    await db().combatant.update({
      where: { id: (await combatant("Ana")).id },
      data: { state: JSON.stringify({ v: 1, conditions: ["prone"], hp: 5, maxHp: 8 }) },
    });
    const r = await h.cmd("alice", "character edit", { sheet: "weapons=sword:1d8|axe:1d8 hp=12" });
    expect(r.ephemeral).toBeFalsy();
    expect(text(r.message)).toMatch(/^Updated: Ana/);
    expect(text(r.message)).toContain(
      "Also applied to the running fight (Goblin ambush): Weapons; hit points and marks stay as the fight has them.",
    );
    expect(await weapons()).toEqual(["sword", "axe"]);
    const ana = await combatant("Ana");
    expect(JSON.parse(ana.sheet)).toMatchObject({ hp: 12, weapons: [{ name: "sword" }, { name: "axe" }] });
    expect(JSON.parse(ana.state)).toMatchObject({ hp: 5, maxHp: 8, conditions: ["prone"] });
    const a = await h.cmd("referee", "attack", { attacker: "Ana", target: "Goblin", weapon: "axe" });
    expect(a.ephemeral).toBeFalsy();
    expect(text(a.message)).toMatch(/Ana attacks Goblin with axe \(melee\)/);
    expect(text(a.message)).not.toMatch(/No weapon/);
  });

  it("an edit of the hit points alone says the fight keeps its own", async () => {
    const r = await h.cmd("alice", "character edit", { sheet: "hp=10" });
    expect(text(r.message)).toContain("The running fight (Goblin ambush) keeps its own hit points and marks.");
    expect(text(r.message)).not.toMatch(/Also applied/);
    expect(JSON.parse((await combatant("Ana")).state)).toMatchObject({ hp: 5, maxHp: 8 });
  });

  it("the form takes the same path: new abilities reach the fight, and the step's answer says so", async () => {
    const open = await h.cmd("alice", "character edit");
    expect(open.callbackType).toBe(9);
    const saved = await h.submit("alice", open.modal!.custom_id as string, { str: "16" });
    expect(text(saved.message)).toMatch(/^Updated: Ana \(step 1 of 5\)/);
    expect(text(saved.message)).toContain(
      "Also applied to the running fight (Goblin ambush): Abilities, STR modifier; hit points and marks stay as the fight has them.",
    );
    expect(JSON.parse((await combatant("Ana")).sheet)).toMatchObject({ str: 16 });
  });

  it("a bad edit changes nothing in the fight", async () => {
    const before = await combatant("Ana");
    const r = await h.cmd("alice", "character edit", { sheet: "str=40" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/nothing was saved/);
    expect((await combatant("Ana")).sheet).toBe(before.sheet);
  });

  it("outside a fight the answer says nothing of one", async () => {
    await h.cmd("referee", "encounter end");
    const r = await h.cmd("alice", "character edit", { sheet: "weapons=sword:1d8|axe:1d8|spear:1d6" });
    expect(text(r.message)).toMatch(/^Updated: Ana/);
    expect(text(r.message)).not.toMatch(/running fight/);
  });
});

// seed 004, "Enchantment": a weapon enchanted on the sheet mid-fight carries its Enchantment into the fight,
// as it does into the character's own state; Life and Guard stay the fight's.
describe("Life & Guard: a weapon enchanted mid-fight", () => {
  let g: E2E;
  afterAll(() => g?.stop());
  it("is enchanted in the running fight at once; Life and Guard stay as the fight has them", async () => {
    g = await startTable(
      "life-guard",
      [
        {
          user: "alice",
          name: "Vera",
          sheet: JSON.stringify({ life: 8, guard: 6, weapons: [{ name: "Sword", die: "d8" }] }),
        },
      ],
      { seedPrefix: "lg-mid" },
    );
    await g.cmd("referee", "encounter start", {
      name: "Yard",
      monsters: "1 standard",
      stats: "life=30 guard=30 armour=0",
      surprise: false,
    });
    await g.cmd("referee", "initiative");
    const e = await g.cmd("alice", "character edit", { sheet: "weapons=Sword:d8:enchanted:flame life=12" });
    expect(text(e.message)).toContain(
      "Also applied to the running fight (Yard): Weapons; hit points and marks stay as the fight has them.",
    );
    const vera = await g.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Vera" } });
    expect(JSON.parse(vera.state)).toMatchObject({ life: 8, lifeMax: 8, guard: 6 });
    const a = text((await g.cmd("alice", "attack", { target: "Standard", weapon: "Sword" })).message);
    expect(a).toMatch(/Vera attacks Standard with Sword, enchanted: 2d6\./);
  });
});
