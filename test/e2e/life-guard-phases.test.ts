// Life & Guard (seed 004) through the local Discord: the shooting phase where a set weapon meets a charge,
// one action a turn either way round, a move to another battlefield (a move, not an escape), enchanted
// armour, an Enchantment applied again between fights after a rest, and the Armour a damage line names.
// Seeds are fixed, so the dice below are the ones those seeds give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

const sheet = (o: Record<string, unknown>) => JSON.stringify(o);

describe("Life & Guard: phases, actions, battlefields, enchantments", () => {
  let h: E2E;
  const db = () => h.app.services.store.db;
  const conditionsOf = async (name: string) =>
    (JSON.parse((await db().character.findFirstOrThrow({ where: { name } })).state) as { conditions: string[] })
      .conditions;
  const fighting = async (name: string) =>
    (
      JSON.parse(
        (await db().combatant.findFirstOrThrow({ where: { name, encounter: { status: "active" } } })).state,
      ) as { conditions: string[] }
    ).conditions;
  const refused = async (r: Promise<{ ephemeral: boolean; message: { content?: unknown } }>, words: RegExp) => {
    const x = await r;
    expect([x.ephemeral, x.message.content]).toEqual([true, expect.stringMatching(words)]);
  };

  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "lg-phases" });
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("alice", "character create", {
      name: "Vera",
      sheet: sheet({ life: 8, guard: 12, weapons: [{ name: "Sword", die: "d8" }] }),
    });
    await h.cmd("bob", "character create", {
      name: "Bram",
      sheet: sheet({
        life: 8,
        guard: 12,
        weapons: [
          { name: "Spear", die: "d8", tags: ["reach", "set"] },
          { name: "Bow", die: "d6", tags: ["ranged"] },
        ],
      }),
    });
    await h.cmd("mallory", "character create", {
      name: "Knight",
      sheet: sheet({
        life: 8,
        guard: 6,
        armour: 4,
        weapons: [
          { name: "Mace", die: "d6" },
          { name: "Pike", die: "d8", tags: ["set"] },
        ],
      }),
    });
  });
  afterAll(async () => h?.stop());

  // seed 004, "Attacks": "The attacker rolls damage and subtracts the target's Armour".
  it("a damage line names the target's Armour, then what it soaked", async () => {
    const d = text((await h.cmd("referee", "damage", { target: "Knight", amount: 3 })).message);
    expect(d).toMatch(/3 damage − Armour 4 \(soaks 3\) = 0\.\nGuard 6 → 6\./);
    expect(d).not.toMatch(/Armour 3/);
    const full = text((await h.cmd("referee", "damage", { target: "Knight", amount: 5 })).message);
    expect(full).toMatch(/5 damage − Armour 4 = 1\.\nGuard 6 → 5\./);
  });

  // seed 004, "Actions and Modifiers", Charge: "Set weapons deal normal damage to a charging enemy. Setting occurs during the shooting phase."
  it("a weapon set against a declared charge strikes in the shooting phase, before the PCs' turn; setting is declared before the order", async () => {
    await h.cmd("referee", "encounter start", {
      name: "Ford",
      monsters: "1 ogre",
      stats: "life=20 guard=20 armour=0 morale=12",
      surprise: false,
    });
    await h.cmd("bob", "declare", { action: "set" });
    await h.cmd("referee", "declare", { action: "charge", who: "Ogre" });
    const r = text((await h.cmd("referee", "initiative")).message);
    expect(r).toMatch(
      /Shooting phase first: Bram sets a weapon against the charge of Ogre, and strikes before the sides' turns\./,
    );
    const board = await liveBoard(h);
    expect(text(board)).toMatch(/▶ #1 \*\*Bram\*\*[^\n]*strikes in the shooting phase, before the charge lands/);
    expect(board.embeds?.[0]?.title ?? "").toMatch(/Bram to act/);
    await refused(h.cmd("alice", "attack", { target: "Ogre" }), /It is not Vera's turn: Bram acts now/);
    const a = text((await h.cmd("bob", "attack", { target: "Ogre", weapon: "Spear" })).message);
    expect(a).toMatch(
      /Set weapon against a charge: Spear strikes the charging Ogre in the shooting phase for normal damage\./,
    );
    // After the shooting phase, the PCs' turn: Vera strikes.
    const v = await h.cmd("alice", "attack", { target: "Ogre" });
    expect(v.ephemeral, text(v.message)).toBe(false);
    // Once the order is rolled, the shooting phase has passed: setting is refused.
    await refused(
      h.cmd("mallory", "declare", { action: "set" }),
      /^Set weapon against a charge is declared before the round's order is rolled: at the next round's declarations\./,
    );
  });

  // seed 004, "Actions and Modifiers": "Characters can move (up to 3 squares) and take one action (attack, cast spell, etc.) per turn."
  it("after an attack, a move between ranks is refused, as an attack after a move is", async () => {
    // Vera attacked on her side's turn, which is still open (the Knight has not acted): the move is not made now.
    const m = await h.cmd("alice", "declare", { action: "move", detail: "reach" });
    expect(text(m.message)).toMatch(
      /Vera declares Move a rank \(reach\) for round 2: it stands when the referee starts the round\./,
    );
    expect(await fighting("Vera")).not.toContain("moved");
    expect(text(await liveBoard(h))).toMatch(
      /#2 \*\*Vera\*\*[^\n]*Melee rank · struck Ogre · for round 2: Move a rank \(reach\)/,
    );
  });

  // seed 004, "Positioning": "Each combat occurs on one or more battlefields"; "Movement": "Characters spend an
  // Action move between adjacent ranks or from Ranged rank to another battlefield". "Retreat": "Running away …
  // always requires a successful Guard test".
  it("a move from the Ranged rank to another battlefield keeps the mover in the fight; a foe there is out of reach", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "encounter start", {
      name: "Fields",
      monsters: "1 brute",
      stats: "life=20 guard=20 armour=0 morale=12",
      surprise: false,
    });
    await h.cmd("bob", "declare", { action: "place", detail: "ranged" });
    await h.cmd("referee", "initiative");
    const mv = text((await h.cmd("bob", "declare", { action: "move", detail: "battlefield" })).message);
    expect(mv).toMatch(
      /Bram moves from the Ranged rank of the first battlefield to the Ranged rank of the second battlefield: that is the action this turn\. Still in the fight \(to run away, Retreat\)\./,
    );
    const cs = await fighting("Bram");
    expect(cs).toEqual(expect.arrayContaining(["field:second", "moved", "rank:ranged"]));
    expect(cs).not.toContain("fled");
    const board = text(await liveBoard(h));
    expect(board).toMatch(/\*\*Bram\*\*[^\n]*Ranged rank[^\n]*on the second battlefield/);
    expect(board).not.toMatch(/\*\*Bram\*\*[^\n]*fled/);
    await refused(
      h.cmd("referee", "attack", { target: "Bram", attacker: "Brute", override: true }),
      /Bram is on the second battlefield and Brute on the first battlefield: move there first/,
    );
  });

  // seed 004, "Enchantment": "PCs can apply Enchantments to their weapons and armour … Enchantments are single-use and last until the PC rests."
  it("an Enchantment on the armour soaks the next hit with 2d6, once", async () => {
    await h.cmd("referee", "encounter end");
    await h.cmd("referee", "encounter start", {
      name: "Hall",
      monsters: "1 brute",
      stats: "life=20 guard=20 armour=0 morale=12 damage=d12",
      surprise: false,
    });
    const e = text((await h.cmd("mallory", "declare", { action: "enchant", detail: "armour: warding" })).message);
    expect(e).toMatch(
      /Knight applies an Enchantment \(warding\) to the armour: the next hit Knight takes is soaked by 2d6 in place of Armour 4 \(never less\), once, until a rest \(before the first round: no action spent\)\./,
    );
    expect(text(await liveBoard(h))).toMatch(/\*\*Knight\*\*[^\n]*armour enchanted \(warding\)/);
    await h.cmd("referee", "initiative");
    await h.cmd("referee", "next");
    const a = await h.cmd("referee", "attack", { target: "Knight", attacker: "Brute" });
    const t = text(a.message);
    // docs/rules/life-guard.md, "Enchanted armour": 2d6 (4, 5) = 9 soaks in place of Armour 4; the d12's 12 leaves 3 for Guard.
    expect(t).toMatch(/^Brute attacks Knight: hit/);
    expect(t).toMatch(/Damage: 12\.\nKnight's enchanted armour \(warding\): 2d6 = 9, Armour 9 for this hit\./);
    expect(t).toMatch(/The armour's Enchantment \(warding\) is spent\.\n12 damage − Armour 9 = 3\.\nGuard 5 → 2\./);
    expect(t).toMatch(/enchanted armour \(warding\): 2d6 \(4, 5\) = \*\*9\*\*/);
    expect(await fighting("Knight")).not.toContain("enchanted armour:warding");
    expect(text(await liveBoard(h))).not.toMatch(/armour enchanted/);
  });

  // seed 004, "Enchantment": "Enchantments are single-use and last until the PC rests."
  it("after a rest, restating the weapon's enchanted tag (or the armour's Enchantment) with /character edit applies it again", async () => {
    await h.cmd("referee", "encounter end");
    const e1 = text(
      (await h.cmd("alice", "character edit", { name: "Vera", sheet: "weapons=Sword:d8:enchanted:flame" })).message,
    );
    expect(e1).toMatch(/sword enchanted \(flame\)/);
    await h.cmd("referee", "dungeon turn", { action: "rest" });
    expect(await conditionsOf("Vera")).not.toContain("enchanted:sword:flame");
    // The same tag again: the sheet already had it, and the edit applies it all the same.
    const e2 = text(
      (await h.cmd("alice", "character edit", { name: "Vera", sheet: "weapons=Sword:d8:enchanted:flame" })).message,
    );
    expect(e2).toMatch(/sword enchanted \(flame\)/);
    expect(await conditionsOf("Vera")).toContain("enchanted:sword:flame");
    // An edit that does not name the weapons applies nothing: Guard alone changes.
    await h.cmd("referee", "dungeon turn", { action: "rest" });
    await h.cmd("alice", "character edit", { name: "Vera", sheet: "guard=11" });
    expect(await conditionsOf("Vera")).not.toContain("enchanted:sword:flame");
    await h.cmd("alice", "character edit", { name: "Vera", sheet: "weapons=Sword:d8:enchanted:flame" });
    // The armour alike: its field names the Enchantment.
    const k = text(
      (await h.cmd("mallory", "character edit", { name: "Knight", sheet: "armourEnchantment=warding" })).message,
    );
    expect(k).toMatch(/armour enchanted \(warding\)/);
    expect(await conditionsOf("Knight")).toContain("enchanted armour:warding");
    await h.cmd("referee", "encounter start", {
      name: "Gate",
      monsters: "1 brute",
      stats: "life=30 guard=30 armour=0 morale=12",
      surprise: false,
    });
    await h.cmd("referee", "initiative");
    const a = text((await h.cmd("alice", "attack", { target: "Brute", weapon: "Sword" })).message);
    expect(a).toMatch(/Vera attacks Brute with Sword, enchanted: 2d6\./);
    expect(a).toMatch(/Sword's Enchantment is spent\./);
  });
});
