// The Third Age (seed 000) in play through the local Discord: a multiclass sheet's HP and Attack Bonus are
// the ones fights use; a partial success's half damage is rounded down, with no minimum; a partial hit the
// defender survives offers "Take it, then Counter" in one press; intimidating the foes into surrender from
// /morale. Seeds are fixed, so the dice below are the ones those seeds give.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { buttons, liveBoard, startE2E, text, until, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ seedPrefix: "ta-play" });
  await h.cmd("referee", "campaign start", { system: "third-age" });
});
afterAll(async () => h?.stop());

describe("The Third Age in play", () => {
  // seed 000, "Multiclassing": "divide hp by the number of classes"; "Take the max of Magic, Divinity, Attack Bonus"
  it("a multiclass sheet shows HP 7 and Attack Bonus +3, and the fight uses them", async () => {
    // Fighter HP 10, Attack Bonus 3; Thief HP 4, Attack Bonus 1. Success AC 40 / Partial AC 2: every hit on Brom is a partial.
    const c = await h.cmd("alice", "character create", {
      name: "Brom",
      sheet:
        "charisma=2 hp=10 classes=Fighter:1:0:10::0:3|Thief:1:0:4:0:0:1 weapons=sword:1d6 successAC=40 partialAC=2",
    });
    const ct = text(c.message);
    expect(ct).toMatch(/\nHP: 7\n/);
    expect(ct).toMatch(/\nAttack Bonus: \+3\n/);
    expect(ct).toMatch(
      /Multiclass: HP 10 \+ 4 = 14, divided by 2 classes → 7 \(rounded down, at least 1\)\. Magic 0, Divinity 0, Attack Bonus 3 \(the highest of each class\)\./,
    );
    const s = await h.cmd("referee", "encounter start", {
      name: "Hall",
      monsters: "2 goblins",
      surprise: false,
      reaction: false,
    });
    expect(s.ephemeral, text(s.message)).toBe(false);
    // The start is the record; the roster is on the board below it.
    expect(text(await liveBoard(h))).toMatch(/\*\*Brom\*\* `[█░]+` HP 7\/7/);
    await h.cmd("referee", "initiative");
    const a = await h.cmd("alice", "attack", { target: "Goblin 1" });
    expect(text(a.message)).toMatch(/Attack roll 2d10 \[7, 2\] \+3 = 12 \(Attack Bonus \+3\)\./);
  });

  // seed 000, "Attack Rolls": "On a partial success (< success AC and >= partial AC), the target takes half damage
  // rounded down" — no minimum: a partial hit of 1 deals 0 (issue 42, point 33).
  // seed 000, "Reactions" / "Attack Rolls": Counter answers the hit: offered beside Take it, one press (issue 28)
  it("a partial hit of 1 deals 0, half rounded down; Take it, then Counter is one press", async () => {
    const g = await h.cmd("referee", "attack", { attacker: "Goblin 2", target: "Brom", weapon: "1" });
    const gt = text(g.message);
    expect(gt).toMatch(/Partial success: half damage, flat \[\] \+1 = 1 → 1 ÷ 2 = 0\.\n/);
    expect(gt).toMatch(/damage: [^\n]*→ \*\*0\*\* \(half\)/);
    expect(buttons(g.message).map((b) => b.label)).toEqual([
      "Parry (−2 to the attack)",
      "Take it",
      "Take it, then Counter (half damage)",
    ]);
    const tc = buttons(g.message).find((b) => b.label === "Take it, then Counter (half damage)")!;
    const notHis = await h.press("bob", g.message.id, tc.id);
    expect(notHis.ephemeral).toBe(true);
    const p = await h.press("alice", g.message.id, tc.id);
    const pt = text(p.message);
    expect(pt).toMatch(/Brom counters with sword: 1d6 \[4\] = 4 → 4 ÷ 2 = 2 damage to Goblin 2\./);
    expect(pt).toMatch(/Brom: Counter, 1 stamina \(1 → 0\)/);
    expect(pt).not.toMatch(/Brom takes/);
    expect(pt).toMatch(/Goblin 2 takes 2 damage: HP 6 → 4\./);
    expect(buttons(p.message)).toEqual([]);
  });

  // seed 000, "Morale and Loyalty": "roll above the monster's morale rating on a Charisma attribute roll"
  it("/morale talk:intimidate rolls the speaker's Charisma against the foes' morale; on a success they surrender and leave the fight", async () => {
    const notReferee = await h.cmd("alice", "morale", { talk: "intimidate", speaker: "Brom" });
    expect(notReferee.ephemeral).toBe(true);
    const nobody = await h.cmd("referee", "morale", { talk: "persuade", speaker: "Zed" });
    expect([nobody.ephemeral, nobody.message.content]).toEqual([
      true,
      'No one standing in the party is called "Zed" (standing: Brom).',
    ]);
    const m = await h.cmd("referee", "morale", { talk: "intimidate", speaker: "Brom" });
    const mt = text(m.message);
    expect(mt).toMatch(
      /Brom makes them surrender\nCharisma roll 2d10 \[3, 4\] \+2 = 9 \(Charisma \+2\) vs morale 7: needs more than 7\nGoblin 2 surrenders\./,
    );
    // The board follows: Goblin 2 has left the order (no place shown) and says why.
    const board = () =>
      [...h.local.channelMessages(h.channelId)].filter((x) => !x.deleted && /Hall —/.test(text(x))).at(-1);
    await until(() => /surrendered/.test(text(board()!)));
    expect(text(board()!)).toMatch(/\n(▶ )?\*\*Goblin 2\*\* `[█░]+` HP 4\/6 · wounded · surrendered\n/);
    const after = await h.cmd("alice", "attack", { target: "Goblin 2" });
    expect(after.ephemeral).toBe(true);
  });
});
