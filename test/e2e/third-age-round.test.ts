// A round of The Third Age through the local Discord (seed 000, "Combat Steps": declare movement in melee →
// initiative → each turn: movement, then the attack): a declared move costs −2 AC, two weapons give two attacks
// (−2, then −4) and refuse a third, and a Parry then "Take it" still offers a Counter to a defender who can pay.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, liveBoard, type E2E } from "../helpers/e2e.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

let h: E2E;
type Msg = Parameters<typeof buttons>[0];
const pressLabel = (user: string, m: Msg, label: RegExp) => {
  const b = buttons(m).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label}: ${JSON.stringify(buttons(m))}\n${text(m)}`);
  return h.press(user, m.id, b.id);
};
const db = () => h.app.services.store.db;
const stamina = async (name: string) =>
  (JSON.parse((await db().character.findFirstOrThrow({ where: { name } })).state) as { stamina: number }).stamina;
/** Moves the round on (referee /next) until `name` is in the group whose turn it is. */
async function toTurnOf(name: string) {
  for (let i = 0; i < 4; i++) {
    const enc = await db().encounter.findFirstOrThrow({ where: { status: "active" } });
    const row = await db().combatant.findFirstOrThrow({ where: { encounterId: enc.id, name } });
    const order = orderCodec.decode(enc.order);
    if (order[enc.turn]?.includes(row.id)) return;
    await h.cmd("referee", "next");
  }
  throw new Error(`${name}'s turn never came`);
}

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "ta-round" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", {
    name: "Alda",
    sheet: "body=1 attackBonus=2 hp=12 successAC=12 stamina=0 weapons=shortsword:1d6|dagger:1d4",
  });
  await h.cmd("bob", "character create", {
    name: "Brom",
    sheet: "hp=20 successAC=27 partialAC=8 stamina=3 weapons=mace:1d6",
  });
});
afterAll(async () => h?.stop());

describe("A round of The Third Age, through Discord", () => {
  // seed 000, "Initiative": "first declare if a character will move out of melee"; "Movement": −2 AC for the round
  it("declares a move out of melee before initiative; the roster shows its −2 AC", async () => {
    const record = await h.cmd("referee", "encounter start", {
      name: "Ogre den",
      monsters: "2 ogres",
      surprise: false,
    });
    expect(record.ephemeral, text(record.message)).toBe(false);
    // The start is the record; the board (roster and buttons) follows below it.
    const start = await liveBoard(h);
    expect(buttons(start).map((b) => b.label)).toContain("Move out of melee (−2 AC)");
    // One tap on the board (a phone's way to declare).
    const d = await pressLabel("alice", start, /^Move out of melee/);
    expect(d.ephemeral).toBe(false);
    expect(text(d.message)).toMatch(
      /Alda will move out of melee \(up to 40' \(8 squares\)\): −2 AC until the end of the round\./,
    );
    expect(text(d.message)).toMatch(
      /moved while engaged in melee \(−2 AC this round\) · declared: Move out of melee \(−2 AC\)/,
    );
  });

  it("rolls initiative; the ogre's attack on Alda reads her −2 AC", async () => {
    const ini = await h.cmd("referee", "initiative");
    // One short reference in the footer: the round's first heading, not one per rule it used.
    expect(text(ini.message)).toMatch(/Party: 1d6 \[\d\] = \d\nFoes: 1d6 \[\d\] = \d/);
    expect(text(ini.message)).toMatch(/\nThe Third Age · Combat Steps\n/);
    const a = await h.cmd("referee", "attack", { attacker: "Ogre 1", target: "Alda" });
    expect(text(a.message)).toMatch(/Against Success AC 10 \/ Partial AC 6 \(−2 AC: moved in melee\)\./);
  });

  // seed 000, "Two-Weapon Fighting": "may make 2 attacks, one at -2 and the second at -4"
  it("two weapons: the first attack at −2, the second at −4 with the dagger, a third refused", async () => {
    await toTurnOf("Alda");
    const two = await h.cmd("alice", "declare", { action: "two-weapons" });
    expect(text(two.message)).toMatch(
      /Alda fights with shortsword and dagger: two attacks this round, the first at −2 and the second at −4\./,
    );
    const first = await h.cmd("alice", "attack", { target: "Ogre 2" });
    // Body +1, Attack Bonus +2, two weapons −2 → 2d10+1
    expect(text(first.message)).toMatch(/Alda attacks with shortsword \(1d6, melee\)\./);
    expect(text(first.message)).toMatch(/two weapons, first attack −2\)/);
    expect(text(first.message)).toMatch(/2d10\+1/);
    const second = await h.cmd("alice", "attack", { target: "Ogre 2" });
    expect(text(second.message)).toMatch(/Alda attacks with dagger \(1d4, melee\) — second weapon\./);
    expect(text(second.message)).toMatch(/two weapons, second attack −4\)/);
    expect(text(second.message)).toMatch(/2d10-1/);
    // seed ta-round's encounter stream (after the two ogres' hit dice): [6, 9] + 1 = 16, a success (Success AC 14);
    // then [7, 1] − 1 = 7, a failure (Partial AC 10)
    expect(text(first.message)).toMatch(
      /Attack roll 2d10 \[6, 9\] \+1 = 16 \(Body \+1, Attack Bonus \+2, two weapons, first attack −2\)\./,
    );
    expect(text(first.message)).toMatch(/Success: damage 1d6 \[4\] \+1 = 5 \(Body added\) → 5\./);
    expect(text(second.message)).toMatch(
      /Attack roll 2d10 \[7, 1\] −1 = 7 \(Body \+1, Attack Bonus \+2, two weapons, second attack −4\)\./,
    );
    expect(text(second.message)).toMatch(/Failure: no damage\./);
    const third = await h.cmd("alice", "attack", { target: "Ogre 2" });
    expect(third.ephemeral).toBe(true);
    expect(third.message.content).toMatch(
      /Alda has already made 2 attacks this round \(two weapons: the first attack at −2, the second at −4\)/,
    );
  });

  // seed 000, "Reactions": each reaction uses one stamina point: Parry (1) leaves 1 for the Counter
  it("Parry, then Take it, still offers the Counter to a defender who can pay", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Ogre 2", target: "Brom" });
    const parried = await pressLabel("bob", a.message, /^Parry/);
    expect(await stamina("Brom")).toBe(2);
    // After the Parry, "Take it" is the only reaction left, so play takes it at once: the Counter follows.
    const taken = buttons(parried.message).some((b) => b.label === "Take it")
      ? await pressLabel("bob", parried.message, /^Take it$/)
      : parried;
    expect(text(taken.message)).toMatch(/Brom parries: −2/);
    expect(buttons(taken.message).map((b) => b.label)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Counter/)]),
    );
    // [7, 1] + 6 = 14, parried to 12: a partial against Success AC 27 / Partial AC 8, and Brom holds 1 stamina for the Counter
    expect(text(taken.message)).toMatch(/Brom parries: −2 → 12\./);
    expect(text(taken.message)).toMatch(/Partial success: half damage, 1d10 \[9\] \+2 = 11 → 11 ÷ 2 = 5\./);
    const countered = await pressLabel("bob", taken.message, /^Counter/);
    expect(text(countered.message)).toMatch(/Brom counters with mace/);
    expect(await stamina("Brom")).toBe(1);
    expect(buttons(countered.message)).toEqual([]);
  });

  // seed 000, "Movement": the −2 AC lasts "for the round"
  it("the round's end ends the −2 AC and two-weapon fighting, and the next round opens with its order rolled", async () => {
    // No declare phase between rounds: the press that ends round 1 rolls round 2's order at once.
    let last = "";
    for (let i = 0; i < 4 && (await db().encounter.findFirstOrThrow({ where: { status: "active" } })).round < 2; i++)
      last = text((await h.cmd("referee", "next")).message);
    expect(last).toMatch(/Ends: Alda's −2 AC for moving in melee\./);
    expect(last).toMatch(/Round 2: act in order/);
    const alda = await db().combatant.findFirstOrThrow({ where: { name: "Alda" } });
    expect(JSON.parse(alda.state).conditions).toEqual([]);
  });

  // seed 000, "Reactions" (Mr. President Get Down: "must fall prone") and "Movement": standing up uses the turn's movement
  it("a prone character stands up on its turn, and prone never reaches the sheet", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Ogre 1", target: "Alda" });
    const down = await pressLabel("bob", a.message, /^Get Down/);
    if (buttons(down.message).some((b) => b.label === "Take it")) await pressLabel("alice", down.message, /^Take it$/);
    const brom = async () =>
      JSON.parse((await db().combatant.findFirstOrThrow({ where: { name: "Brom" } })).state).conditions as string[];
    expect(await brom()).toContain("prone");
    await toTurnOf("Brom");
    const menu = await h.cmd("bob", "declare", { action: "stand" });
    expect(text(menu.message)).toMatch(/Brom stands up: Standing up uses this turn's movement \(40' \(8 squares\)\)\./);
    expect(await brom()).not.toContain("prone");
    const again = await h.cmd("bob", "declare", { action: "move" });
    expect(again.ephemeral).toBe(true);
    const end = await h.cmd("referee", "encounter end");
    expect(end.ephemeral).toBe(false);
    for (const name of ["Alda", "Brom"]) {
      const sheet = await db().character.findFirstOrThrow({ where: { name } });
      expect(JSON.parse(sheet.state).conditions).toEqual([]);
    }
    expect(h.local.validationErrors).toEqual([]);
  });
});
