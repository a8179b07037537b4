// What each step of an attack costs and does, through the local Discord (The Third Age, seed 000,
// "Reactions" and "Attack Rolls"): a reaction is paid when it is pressed, the attack's damage lands once
// when it is final, and a Counter adds only its own cost and damage.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, until, resolveWaiting, type E2E } from "../helpers/e2e.js";

let h: E2E;
type Msg = Parameters<typeof buttons>[0];
const pressLabel = (user: string, m: Msg, label: RegExp) => {
  const b = buttons(m).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label}: ${JSON.stringify(buttons(m))}\n${text(m)}`);
  return h.press(user, m.id, b.id);
};
const db = () => h.app.services.store.db;
const fighter = async (name: string) =>
  JSON.parse((await db().combatant.findFirstOrThrow({ where: { name } })).state) as {
    hp: number;
    stamina: number;
    conditions: string[];
  };
const stamina = async (name: string) =>
  (JSON.parse((await db().character.findFirstOrThrow({ where: { name } })).state) as { stamina: number }).stamina;
/**
 * Rewrites the one open attack as the earlier code stored it: one `effects` list (the damage it would do, and the
 * Parry if taken) and, in its input, the JSON of the effects already applied (that Parry). The damage written here
 * (1) is not the rules' (what lands must be the rules' own).
 */
async function oldShape(parried: boolean) {
  const p = await db().pendingAction.findFirstOrThrow({ where: { status: "open" } });
  const { pay: _p, final: _f, followup: _u, ...state } = JSON.parse(p.state) as Record<string, unknown>;
  const costs = parried ? [{ targetId: state.defenderId, staminaCost: 1, note: "Parry" }] : [];
  const effects = [{ targetId: state.defenderId, damage: 1, damageKind: "normal" }, ...costs];
  const input = { ...(JSON.parse(p.input) as Record<string, unknown>), applied: costs.map((c) => JSON.stringify(c)) };
  await db().pendingAction.update({
    where: { id: p.id },
    data: { state: JSON.stringify({ ...state, effects }), input: JSON.stringify(input) },
  });
}

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "steps" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", {
    name: "Alda",
    sheet: "body=1 hp=30 successAC=12 partialAC=6 stamina=3 weapons=longsword:1d8",
  });
  await h.cmd("bob", "character create", { name: "Brom", sheet: "hp=30 successAC=12 stamina=2 weapons=spear:1d6" });
  // The orcs' numbers typed (hit points too), so no hit dice are rolled and the dice below stay the scene's.
  await h.cmd("referee", "encounter start", {
    name: "Orc den",
    monsters: "3 orcs",
    stats: "hd=1 hp=5 successAC=13 partialAC=9 attackBonus=1 morale=8 body=1 weapons=Axe:1d6",
    surprise: false,
  });
  await h.cmd("referee", "initiative");
});
afterAll(async () => h?.stop());

describe("each step of an attack applies its own changes, once", () => {
  // seed 000, "Reactions": "Mr. President Get Down: A character can take the damage of an attack near them but must fall prone";
  // "Counter: When a creature fails an attack against you, spend 1 stamina point to roll weapon damage".
  it("Get Down is paid when pressed (a stamina point and the fall prone); the hit lands on the ally once; the Counter adds only its own", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Orc 1", target: "Alda" });
    // seed steps' encounter stream: 2d10 [2, 5] + 2 = 9, a partial against Success AC 12 / Partial AC 6; 1d6 [4] + 1 = 5 → 2.
    expect(text(a.message)).toMatch(/Partial success: half damage, 1d6 \[4\] \+1 = 5 → 5 ÷ 2 = 2\./);
    const down = await pressLabel("bob", a.message, /^Get Down/);
    // Paid at the press, before anyone takes it: a cost that also sets a condition.
    expect(await stamina("Brom")).toBe(1);
    expect((await fighter("Brom")).conditions).toContain("prone");
    expect((await fighter("Brom")).hp).toBe(30);
    expect(text(down.message)).toMatch(/Brom: Get Down: takes the attack and falls prone, 1 stamina \(2 → 1\)/);
    const orc = (await fighter("Orc 1")).hp;
    const taken = await pressLabel("alice", down.message, /^Take it$/);
    expect(text(taken.message)).toMatch(/Brom takes 2 damage/);
    expect([
      (await fighter("Brom")).hp,
      await stamina("Brom"),
      (await fighter("Alda")).hp,
      await stamina("Alda"),
    ]).toEqual([28, 1, 30, 3]);
    const countered = await pressLabel("alice", taken.message, /^Counter/);
    // 1d8 [5] + 1 = 6, halved on a partial: 3. The Counter's stamina and damage, and nothing of the attack again.
    expect(text(countered.message)).toMatch(
      /Alda counters with longsword: 1d8 \[5\] \+1 = 6 → 6 ÷ 2 = 3 damage to Orc 1\./,
    );
    expect(text(countered.message)).toMatch(/Orc 1 takes 3 damage: HP 5 → 2\./);
    expect([
      (await fighter("Brom")).hp,
      await stamina("Brom"),
      await stamina("Alda"),
      orc - (await fighter("Orc 1")).hp,
    ]).toEqual([28, 1, 2, 3]);
    expect(text(countered.message)).toMatch(/Alda: Counter, 1 stamina \(3 → 2\)/);
    expect(buttons(countered.message)).toEqual([]);
  });

  // seed 000, "Reactions": "When a player takes a reaction, (except Counterspell) they use a stamina point"; Parry: "−2 to an attack roll".
  it("a Parry is paid at its press and not again when the attack is taken; the hit lands once", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Orc 2", target: "Alda" });
    // 2d10 [6, 8] + 2 = 16, a success; 1d6 [4] + 1 = 5.
    expect(text(a.message)).toMatch(/Success: damage 1d6 \[4\] \+1 = 5 \(Body added\) → 5\./);
    const parried = await pressLabel("alice", a.message, /^Parry/);
    expect(text(parried.message)).toMatch(/Alda parries: −2 → 14\./);
    expect([await stamina("Alda"), (await fighter("Alda")).hp]).toEqual([1, 30]);
    const taken = buttons(parried.message).some((b) => b.label === "Take it")
      ? await pressLabel("alice", parried.message, /^Take it$/)
      : parried;
    expect(text(taken.message)).toMatch(/Alda takes 5 damage: HP 30 → 25\./);
    expect([await stamina("Alda"), (await fighter("Alda")).hp]).toEqual([1, 25]);
    expect(buttons(taken.message)).toEqual([]);
  });

  it("an attack stored before the steps said their own changes (an `applied` list, no pay/final/followup) still resolves, its hit landing once", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Orc 3", target: "Brom" });
    // 2d10 [1, 9] + 2 = 12 against Brom's Success AC 10 (prone); 1d6 [1] + 1 = 2.
    expect(text(a.message)).toMatch(/Success: damage 1d6 \[1\] \+1 = 2 \(Body added\) → 2\./);
    const parried = await pressLabel("bob", a.message, /^Parry/);
    expect([await stamina("Brom"), (await fighter("Brom")).hp]).toEqual([0, 28]);
    await oldShape(true);
    const taken = await pressLabel("bob", parried.message, /^Take it$/);
    expect(text(taken.message)).toMatch(/Brom takes 2 damage: HP 28 → 26\./);
    expect([await stamina("Brom"), (await fighter("Brom")).hp]).toEqual([0, 26]);
    expect(buttons(taken.message)).toEqual([]);
  });

  it("a lapse resolves an attack stored in the earlier shape, its hit landing once", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Orc 1", target: "Alda", override: true });
    // 2d10 [7, 10] + 2 = 19, a success; 1d6 [3] + 1 = 4.
    expect(text(a.message)).toMatch(/Success: damage 1d6 \[3\] \+1 = 4 \(Body added\) → 4\./);
    await until(
      async () => (await db().pendingAction.count({ where: { status: "open", messageId: a.message.id } })) === 1,
    );
    await oldShape(false);
    const hp = (await fighter("Alda")).hp;
    await resolveWaiting(h);
    await h.local.waitFor(() => buttons(a.message).length === 0, 3000);
    expect(text(a.message)).toMatch(/No reaction came in time: resolved as it stood/);
    expect(text(a.message)).toMatch(/Alda takes 4 damage: HP 25 → 21\./);
    expect(hp - (await fighter("Alda")).hp).toBe(4);
    expect(h.local.validationErrors).toEqual([]);
  });
});
