// One encounter per system through the local Discord: start → initiative → attacks with
// the system's reactions → morale → end → /verify. Seeds are fixed (campaign e2e-1,
// encounter e2e-2), so the dice below are the ones those seeds give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, liveBoard, type E2E } from "../helpers/e2e.js";

type Msg = Awaited<ReturnType<E2E["cmd"]>>["message"];
const pressLabel = (h: E2E, user: string, m: Msg, label: RegExp) => {
  const b = buttons(m).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label}: ${JSON.stringify(buttons(m))}\n${text(m)}`);
  return h.press(user, m.id, b.id);
};
const state = async (h: E2E, name: string) =>
  JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).state) as Record<
    string,
    any
  >;

async function finish(h: E2E, morale: RegExp, options?: Record<string, number>) {
  const m = await h.cmd("referee", "morale", options);
  expect(text(m.message)).toMatch(morale);
  expect(text((await h.cmd("referee", "encounter end")).message)).toMatch(/Seed \(revealed\): `e2e-2`/);
  const v = await h.cmd("bob", "verify");
  expect(text(v.message)).toMatch(/Verified: every roll/);
  expect(h.local.validationErrors).toEqual([]);
}

describe("Life & Guard, end to end", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("alice", "character create", { name: "Wren", sheet: "life=6 guard=5 armour=1 weapons=sword:d8" });
  });
  afterAll(async () => h?.stop());

  it('has no surprise roll; the first round\'s Guard roll decides who acts (seed 004, "Using a grid or UDT")', async () => {
    const s = await h.cmd("referee", "encounter start", { name: "Bog", monsters: "1 standard" });
    expect(s.ephemeral, text(s.message)).toBe(false);
    // Said once: in the start's record, or on the board below it.
    expect(`${text(s.message)}\n${text(await liveBoard(h))}`).toMatch(/no surprise roll/);
    const r = await h.cmd("referee", "initiative");
    // docs/rules/life-guard.md, "Rolling against Guard": 1d6 = 4, at most Guard 5: Wren acts (5 times in 6).
    expect(text(r.message)).toMatch(/Wren: 1d6 = 4 against Guard 5 \(acts 83% of the time\): acts\./);
  });

  it("damage goes through Armour into Guard; the defender may counterattack (d3) when attacked in melee alone", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Standard", target: "Wren" });
    // seed 004, "Attacks": d6 1 − Armour 1 = 0: Armour soaks it all, Guard stays 5, said once (issue: it printed twice).
    expect(text(a.message)).toMatch(/Damage: 1\.[\s\S]*1 damage − Armour 1 = 0\.\nGuard 5 → 5\./);
    expect(text(a.message).match(/Guard 5 → 5/g)).toHaveLength(1);
    // Nothing to choose before the blow lands, so it lands at once; the counterattack is the choice left.
    expect(buttons(a.message).map((b) => b.label)).toEqual(["Counterattack (d3)", "No counterattack"]);
    const taken = a;
    expect((await state(h, "Wren")).guard).toBe(5);
    // seed 004, "Movement": the attacked unit counterattacks unless the attacker is next to an ally.
    const notHers = await pressLabel(h, "bob", taken.message, /^Counterattack/);
    expect(notHers.ephemeral).toBe(true);
    const c = await pressLabel(h, "alice", taken.message, /^Counterattack/);
    expect(buttons(c.message)).toEqual([]);
    // d3 = 2 − the Standard's Armour 1 → Guard 7 → 6.
    expect(text(c.message)).toMatch(/Counterattack: d3 = 2 against the attacker/);
    expect((await state(h, "Standard")).guard).toBe(6);
  });

  it("morale, end and verify", async () => finish(h, /Morale holds|flee/));
});

describe("Castles & Crusades (siege), end to end", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "siege" });
    await h.cmd("alice", "character create", {
      name: "Una",
      sheet: "level=3 str=14 dex=16 bth=3 ac=12 hpMax=20 weapons=longsword:1d8",
    });
  });
  afterAll(async () => h?.stop());

  it('surprise by Wisdom checks: the surprised get no action (seed 003, "Surprise")', async () => {
    const s = await h.cmd("referee", "encounter start", { name: "Keep", monsters: "3 goblins" });
    // Hit points from each goblin's one hit die (seed 003, "Melee Combat"), then surprise.
    expect(text(s.message)).toMatch(
      /Goblin 1: 1d8 = 8 → 8 HP[\s\S]*Wisdom 5 vs 18: surprised[\s\S]*Wisdom 13 vs 18: surprised/,
    );
    const i = await h.cmd("referee", "initiative");
    expect(text(i.message)).toMatch(/Una cannot act \(surprised\)/);
    const r = await h.cmd("referee", "attack", { attacker: "Goblin 1", target: "Una" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/Goblin 1 is surprised and cannot act this round/);
  });

  it('a new d10 each round (seed 003, "Initiative"); a charge not declared before initiative is refused (seed 003, "Charging")', async () => {
    // Everyone was surprised: round 1 passes by itself, and /next ends it and rolls round 2's order at once (a new d10 each).
    const n = await h.cmd("referee", "next");
    expect(text(n.message)).toMatch(/Round 2: act in order/);
    expect(text(n.message)).toMatch(/Goblin 1: d10 6[\s\S]*Una: d10 4/);
    // Goblin 1 (d10 6) first, then Una.
    await h.cmd("referee", "next");
    const a = await h.cmd("alice", "attack", { target: "Goblin 1", charge: true });
    expect(a.ephemeral).toBe(true);
    expect(a.message.content).toMatch(
      /A charge must be announced before initiative is rolled \(Castles & Crusades · Charging\)/,
    );
    const hit = await h.cmd("alice", "attack", { target: "Goblin 1" });
    expect(buttons(hit.message)).toEqual([]);
  });

  it("morale is not in the excerpt: the bot says so; end and verify", async () => finish(h, /morale/i));
});

describe("B/X house rules, end to end", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "bx-house" });
    await h.cmd("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=3 str=16 dex=13 hp=18 ac=4 thac0=17 weapons=sword:1d8",
    });
  });
  afterAll(async () => h?.stop());

  it('surprise and individual initiative by the house rules (seed 001, "ENCOUNTER ORDER")', async () => {
    const s = await h.cmd("referee", "encounter start", {
      name: "Hall",
      monsters: "Brute",
      stats: "hd=2 hp=9 ac=6 thac0=8",
    });
    expect(text(s.message)).toMatch(/Party: rolled 6, surprised on 1–2: not surprised/);
    const i = await h.cmd("referee", "initiative");
    expect(text(i.message)).toMatch(/Dorn: 4/);
  });

  it("Parry: +2 to the defender's AC, pressed by the defender, turns a hit into a miss (seed 001, parry)", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Brute", target: "Dorn" });
    // d20 5 against "needs 5" (THAC0 8, AC 3 with Dorn's DEX): a hit that a parry turns.
    expect(text(a.message)).toMatch(/d20 5/);
    expect(text(a.message)).toMatch(/hit/);
    const r = await pressLabel(h, "alice", a.message, /^Parry/);
    expect(text(r.message)).toMatch(/miss/i);
    const taken = buttons(r.message).length ? await pressLabel(h, "alice", r.message, /^Take it$/) : r;
    expect(buttons(taken.message)).toEqual([]);
    expect((await state(h, "Dorn")).conditions).toContain("parrying");
    expect((await state(h, "Dorn")).hp).toBe(18);
  });

  it('initiative stands after the first round unless the campaign rerolls it (seed 001, "ENCOUNTER ORDER")', async () => {
    // The referee moves on until round 1 ends: round 2 starts at once (no declare phase between rounds), and rolls nothing new.
    let said = "";
    for (
      let i = 0;
      i < 4 && (await h.app.services.store.db.encounter.findFirstOrThrow({ where: { status: "active" } })).round < 2;
      i++
    )
      said = text((await h.cmd("referee", "next")).message);
    expect(said).toMatch(/Round 2: act in order/);
    expect(said).toMatch(/Initiative stands from the first round/);
  });

  it('damage to 0 hit points kills (seed 002, "Death")', async () => {
    const d = await h.cmd("referee", "damage", { target: "Brute", amount: 9 });
    // One line says it, and the status is not told again after it.
    expect(text(d.message)).toMatch(/Brute takes 9 damage: HP 9 → 0, dead\.\nNow: HP 0\/9\./);
  });

  it("morale against a stated rating, end and verify", async () => finish(h, /[Mm]orale/, { rating: 8 }));
});

describe("Basic/Expert, end to end", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E();
    await h.cmd("referee", "campaign start", { system: "bx" });
    await h.cmd("alice", "character create", {
      name: "Mira",
      sheet: "class=cleric level=2 wis=15 hp=9 ac=5 thac0=19 weapons=mace:1d6",
    });
  });
  afterAll(async () => h?.stop());

  it('side initiative, attacks by THAC0 with only "Take it" for the defender, saves', async () => {
    await h.cmd("referee", "encounter start", { name: "Crypt", monsters: "2 skeletons" });
    await h.cmd("referee", "initiative");
    const a = await h.cmd("referee", "attack", { attacker: "Skeleton 1", target: "Mira" });
    // seed 002 has no reactions: nothing for the defender to choose, so the attack resolves at once and is final.
    expect(buttons(a.message)).toEqual([]);
    expect(await h.app.services.store.db.pendingAction.count({ where: { status: "open" } })).toBe(0);
    const s = await h.cmd("alice", "save", { kind: "spells" });
    expect(text(s.message)).toMatch(/save vs/i);
  });

  it("morale, end and verify", async () => finish(h, /[Mm]orale/));
});
