// The Third Age (seed 000) through the local Discord, issue 42: Parry against a spell's attack roll (point 18), a
// hit parried into a failure lists no damage dice (point 26), and a foe that fled and was then killed is listed
// under "Fell" when the encounter ends (point 34). Seeds are fixed, so the dice below are the ones they give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { buttons, liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const stamina = async (name: string) =>
  JSON.parse((await h.app.services.store.db.character.findFirstOrThrow({ where: { name } })).state).stamina as number;

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "ta-reactions" });
  await h.cmd("referee", "campaign start", { system: "third-age" });
  // Success AC 12 / Partial AC 8: a shaman's firebolt (2d10 + Mind 1) at 12 or more is a success.
  await h.cmd("alice", "character create", {
    name: "Alda",
    sheet: "body=1 hp=12 successAC=12 partialAC=8 stamina=3 weapons=sword:1d6",
  });
  // Success AC 30 / Partial AC 18: the goblin's 18 is a partial success, and 16 a failure.
  await h.cmd("bob", "character create", {
    name: "Bryn",
    sheet: "hp=12 successAC=30 partialAC=18 stamina=2 weapons=mace:1d6",
  });
  const s = await h.cmd("referee", "encounter start", {
    monsters: "Shaman, 2 goblins",
    stats: "Shaman: HD 1 HP 6 AC 12/8 ATK dagger 1d4 MIND +1; Goblin: HD 1-1 HP 3 AC 13/9 ATK short sword 1d6 ML 7",
    surprise: false,
  });
  expect(s.ephemeral, s.message.content ?? "").toBe(false);
  await h.cmd("referee", "initiative");
});
afterAll(async () => h?.stop());

describe("The Third Age: reactions and their numbers", () => {
  // seed 000, "Reactions": "Parry: A character can interpose their weapon or shield to impose a -2 to an attack roll";
  // seed 000, "Attack Rolls" and the spell's own roll (2d10 + Mind + Magic): a spell's attack is an attack roll.
  it("a spell's attack offers Parry; the Parry takes 2 from the spell's roll and costs 1 stamina", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Shaman", target: "Alda", weapon: "1d6", mode: "spell" });
    const t = text(a.message);
    expect(t).toMatch(
      /Shaman casts spell \(1d6\) \(1d6, spell\)\.\nAttack roll 2d10 \[(\d+), (\d+)\] \+1 = (\d+) \(Mind \+1\)\./,
    );
    expect(buttons(a.message).map((b) => b.label)).toEqual(
      expect.arrayContaining(["Parry (−2 to the attack)", "Take it"]),
    );
    const total = Number(/Attack roll 2d10 \[\d+, \d+\] \+1 = (\d+)/.exec(t)![1]);
    const parry = buttons(a.message).find((b) => b.label === "Parry (−2 to the attack)")!;
    const p = await h.press("alice", a.message.id, parry.id);
    expect(p.ephemeral).toBeFalsy();
    expect(text(p.message)).toContain(`Alda parries: −2 → ${total - 2}.`);
    expect(await stamina("Alda")).toBe(2);
  });

  // seed 000, "Attack Rolls": a failure deals no damage, so the message lists no damage dice for it.
  it("a hit that a Parry turns into a failure lists no damage dice", async () => {
    // Goblin 1's short sword: the seed gives 2d10 [10, 7] +1 = 18, a partial success on Bryn, and its damage 1d6 [5].
    const a = await h.cmd("referee", "attack", { attacker: "Goblin 1", target: "Bryn" });
    expect(text(a.message)).toMatch(
      /Attack roll 2d10 \[10, 7\] \+1 = 18 \(Attack Bonus \+1\)\.\nAgainst Success AC 30 \/ Partial AC 18\.\nPartial success: half damage, 1d6 \[5\] = 5 → 5 ÷ 2 = 2\./,
    );
    expect(text(a.message)).toMatch(/\ndamage: 1d6 \(5\) = 5 → \*\*2\*\* \(half\)/);
    const parry = buttons(a.message).find((b) => b.label === "Parry (−2 to the attack)")!;
    const p = await h.press("bob", a.message.id, parry.id);
    const pt = text(p.message);
    expect(pt).toMatch(/Bryn parries: −2 → 16\.\nAgainst Success AC 30 \/ Partial AC 18\.\nFailure: no damage\./);
    expect(pt).toMatch(/Dice: attack: 2d10\+1 \(10, 7\) = 18 → \*\*16\*\* \(parried −2\)\nChoices:/);
    expect(pt).not.toMatch(/damage: 1d6/);
  });

  // seed 000, "Morale and Loyalty": "if the result is above the monster's morale rating, they flee"; one that fled and
  // was then killed is dead: the end lists it as fallen, not as fled.
  it("a goblin that fled and was then killed is listed under Fell at the end", async () => {
    const m = await h.cmd("referee", "morale", { side: "foes", rating: 2 });
    expect(text(m.message)).toMatch(/6 is above 2: Goblin 1, Goblin 2, Shaman flee!/);
    const d = await h.cmd("referee", "damage", { target: "Goblin 2", amount: 10 });
    expect(d.ephemeral, d.message.content ?? "").toBeFalsy();
    const board = text(await liveBoard(h));
    expect(board).toMatch(/\*\*Goblin 2\*\* `[█░]+` HP 0\/3 · [^\n]*dead/);
    // The board says it once: dead, not "fled, dead".
    expect(board).not.toMatch(/\*\*Goblin 2\*\*[^\n]*fled/);
    const end = await h.cmd("referee", "encounter end");
    const et = text(end.message);
    expect(et).toMatch(
      /\nFell: Goblin 2 \(dead\)\nFled or surrendered: Goblin 1 \(fled\)\nShaman \(fled\)\nStill standing: /,
    );
    // The damage die the parried hit no longer lists is still in the log: /verify replays every roll.
    const v = await h.cmd("alice", "verify");
    expect(text(v.message)).toMatch(/Verified: every roll/);
  });
});
