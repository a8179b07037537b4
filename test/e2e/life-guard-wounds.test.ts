// Life & Guard (seed 004, "Scars") through the local Discord: a Mortal Wound's hour runs on the
// campaign's clock with a warning each dungeon turn and death at the hour unless healed; a Head
// Wound is treated as an action on one's turn; /odds says why it cannot compute an attack.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

const sheet = (o: Record<string, unknown>) => JSON.stringify(o);

describe("Life & Guard: wounds in play", () => {
  let h: E2E;
  const db = () => h.app.services.store.db;
  /** The wound a Scar roll gives (row 11, row 6), set on the stored character as the roll would leave it. */
  const wound = async (name: string, add: Record<string, unknown>) => {
    const c = await db().character.findFirstOrThrow({ where: { name } });
    const st = JSON.parse(c.state) as Record<string, unknown> & { conditions: string[] };
    const { conditions, ...rest } = add as { conditions: string[] };
    await db().character.update({
      where: { id: c.id },
      data: { state: JSON.stringify({ ...st, ...rest, conditions: [...st.conditions, ...conditions] }) },
    });
  };
  const conditionsOf = async (name: string) =>
    (JSON.parse((await db().character.findFirstOrThrow({ where: { name } })).state) as { conditions: string[] })
      .conditions;

  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "lg-wounds" });
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("alice", "character create", {
      name: "Wren",
      sheet: sheet({ life: 6, guard: 8, weapons: [{ name: "Sword", die: "d8" }] }),
    });
    await h.cmd("bob", "character create", {
      name: "Bram",
      sheet: sheet({ life: 6, guard: 8, weapons: [{ name: "Bow", die: "d6", tags: ["ranged"] }] }),
    });
  });
  afterAll(async () => h?.stop());

  // seed 004, "Scars", row 11: "You are deprived and out of action. You die in one hour unless healed."
  it("a Mortal Wound warns as its hour runs out on the clock, and kills at the hour; healing stops it", async () => {
    await wound("Wren", { conditions: ["mortal wound", "out of action", "deprived"] });
    await wound("Bram", { conditions: ["mortal wound", "out of action", "deprived"] });
    const t3 = await h.cmd("referee", "dungeon turn", { turns: 3 });
    expect(text(t3.message)).toMatch(/Wren has a Mortal Wound: 30 minutes left to heal them/);
    const healed = await h.cmd("referee", "heal", { target: "Bram", amount: 1 });
    expect(text(healed.message)).toMatch(/The Mortal Wound is healed/);
    const t6 = await h.cmd("referee", "dungeon turn", { turns: 3 });
    expect(text(t6.message)).toMatch(/Wren dies: an hour has passed and the Mortal Wound was not healed/);
    expect(await conditionsOf("Wren")).toContain("dead");
    expect(await conditionsOf("Bram")).not.toContain("dead");
    expect(await conditionsOf("Bram")).not.toContain("mortal wound");
  });

  // seed 004, "Scars", row 6: "Minus d6 maximum Life until you are treated."
  it("a Head Wound is treated as the round's action on one's turn; the maximum comes back", async () => {
    await wound("Bram", { headWoundLoss: 3, conditions: ["head wound"] });
    await h.cmd("referee", "heal", { target: "Bram", amount: 6 });
    const s = await h.cmd("referee", "encounter start", {
      name: "Barrow",
      monsters: "1 standard",
      stats: "life=30 guard=30 armour=0",
      surprise: false,
    });
    expect(s.ephemeral, s.message.content ?? "").toBe(false);
    const before = await h.cmd("alice", "encounter show");
    expect(text(before.message)).toMatch(/Bram\*\* `[^`]*` Guard \d+\/8 · Life 3\/3/);
    await h.cmd("referee", "initiative");
    for (let i = 0; i < 3; i++) {
      const e = await db().encounter.findFirstOrThrow({ where: { status: "active" } });
      const order = orderCodec.decode(e.order);
      const bram = await db().combatant.findFirstOrThrow({ where: { name: "Bram", encounterId: e.id } });
      if (JSON.parse(e.roundState).phase === "act" && order[e.turn]?.includes(bram.id)) break;
      await h.cmd("referee", "next");
    }
    const t = await h.cmd("bob", "declare", { action: "treat" });
    expect(t.ephemeral, t.message.content ?? "").toBe(false);
    expect(text(t.message)).toMatch(/Bram treats their own Head Wound: maximum Life restored \(6\)/);
    // The treatment is the record; the roster is on the board below it.
    expect(text(await liveBoard(h))).toMatch(/Bram\*\* `[^`]*` Guard \d+\/8 · Life 3\/6/);
    const after = await h.cmd("bob", "attack", { target: "Standard" });
    expect(after.ephemeral).toBe(true);
    expect(after.message.content).toMatch(/Bram cannot attack this round/);
  });

  it("/odds shows the spread of a legal attack and says why it cannot compute an illegal one", async () => {
    const ok = await h.cmd("bob", "odds", { target: "Standard", weapon: "Bow" });
    expect(text(ok.message)).toMatch(/Damage after Armour: 1: 16\.7%/);
    const o = await h.cmd("bob", "odds", { target: "Standard", weapon: "Bow", mode: "melee" });
    expect(o.ephemeral).toBe(true);
    expect(o.message.content).toMatch(/Bow is a ranged weapon: pick a melee weapon/);
  });
});
