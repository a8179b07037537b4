// Issue 41, point 8: a dice line and its result line show the same number. "= 1 HP (at least 1)" stood beside
// "1d8-1 (1) = **0**", and B/X's damage dice left out the STR bonus the result added (Castles & Crusades' had it).
// Now each dice line ends with the number the rule counts: its bonuses in its notation, and what a minimum, a half
// or a parry made of it after an arrow. One campaign per channel, through the local Discord; fixed seeds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";
import type { Reply } from "../../src/local/types.js";

let h: E2E;
const rooms: Record<string, string> = {};
const at = (system: string) => (user: string, name: string, options?: Record<string, unknown>) =>
  h.cmd(user, name, options as never, { channelId: rooms[system]! });

/** A dice line by its label: its dice's total, and the number it counts (the same when nothing changed it). */
function diceLine(t: string, label: string): { line: string; total: number; counts: number } | null {
  const re = new RegExp(
    `^(?:Dice: )?${label.replace(/[()]/g, "\\$&")}: \\S+ \\([^)]*\\) = (?:\\*\\*(-?\\d+)\\*\\*|(-?\\d+) → \\*\\*(-?\\d+)\\*\\* \\([^)]+\\))$`,
    "m",
  );
  const m = re.exec(t);
  if (!m) return null;
  return { line: m[0].replace(/^Dice: /, ""), total: Number(m[1] ?? m[2]), counts: Number(m[1] ?? m[3]) };
}

/** Attacks (the referee's, out of turn) until `want` holds of an answer, at most 40 times. */
async function attackUntil(
  cmd: ReturnType<typeof at>,
  options: Record<string, unknown>,
  want: (t: string) => boolean,
): Promise<string> {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    const r: Reply = await cmd("referee", "attack", { ...options, override: true });
    const t = text(r.message);
    if (!r.ephemeral && want(t)) return t;
    seen.push(t.split("\n")[0]!);
  }
  throw new Error(`never got it in 40 attacks: ${seen.join(" | ")}`);
}

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "dice-lines" });
  const setups: [string, string, string, string][] = [
    ["bx", "class=fighter level=3 str=16 hp=30 ac=4 weapons=sword:1d8", "Ogre", "hd=4 hp=300 ac=9 thac0=15 morale=12"],
    [
      "bx-weak",
      "class=fighter level=1 str=3 hp=30 ac=4 weapons=dagger:1d4",
      "Ogre",
      "hd=4 hp=300 ac=9 thac0=15 morale=12",
    ],
    [
      "bx-house",
      "class=fighter level=3 str=16 hp=30 ac=4 weapons=sword:1d8",
      "Ogre",
      "hd=4 hp=300 ac=9 thac0=15 morale=12",
    ],
    [
      "siege",
      "class=fighter level=1 str=3 ac=14 hpMax=30 weapons=dagger:1d4",
      "Ogre",
      "HD 4 (d8) AC 10 ATK club 1d6 SIZE medium HP 300",
    ],
    ["third-age", "body=-1 hp=30 attackBonus=1 weapons=longsword:1d8", "Ogre", "hd=4 hp=300 successac=14 partialac=8"],
  ];
  for (const [room, sheet, name, stats] of setups) {
    rooms[room] = h.local.createChannel(h.guildId, room).id;
    const cmd = at(room);
    const system = room === "bx-weak" ? "bx" : room;
    for (const [user, c, o] of [
      ["referee", "campaign start", { system }],
      ["alice", "character create", { name: "Ana", sheet }],
      ["referee", "encounter start", { name: "Hall", monsters: name, stats, surprise: false }],
    ] as const) {
      const r = await cmd(user, c, o);
      if (r.ephemeral) throw new Error(`${room}: /${c} refused: ${r.message.content}`);
    }
  }
});
afterAll(() => h?.stop());

describe("a dice line shows the number its result line uses", () => {
  // seed 002, "Rolling for Damage" with the STR adjustment to damage ("Strength … Adjustment to … damage").
  it("B/X: the damage dice carry the STR bonus the damage adds (1d6+2), as the damage line says it", async () => {
    const t = await attackUntil(at("bx"), { attacker: "Ana", target: "Ogre" }, (x) => /^Damage /m.test(x));
    const said = Number(/^Damage 1d6 \(STR \+2\): (\d+) \(at least 1 on a hit\)\.$/m.exec(t)![1]);
    const dice = diceLine(t, "damage")!;
    expect(dice.line).toMatch(/^damage: 1d6\+2 \(\d\) = \*\*\d+\*\*$/);
    expect(dice.counts).toBe(said);
    // The attack's own dice line and its line agree too.
    const [, d20, total] = /: d20 (\d+) \(STR \+2\) = (\d+);/.exec(t)!;
    expect(diceLine(t, "attack")).toMatchObject({
      line: `attack: 1d20+2 (${d20}) = **${total}**`,
      counts: Number(total),
    });
  });

  it("B/X: a damage below 1 shows its minimum on the dice line: 1d6-3 (1) = -2 → 1 (at least 1)", async () => {
    const t = await attackUntil(
      at("bx-weak"),
      { attacker: "Ana", target: "Ogre" },
      (x) => /^Damage .*: 1 \(/m.test(x) && /→ \*\*1\*\* \(at least 1\)/.test(x),
    );
    const dice = diceLine(t, "damage")!;
    expect(dice.line).toMatch(/^damage: 1d6-3 \([1-3]\) = -?\d → \*\*1\*\* \(at least 1\)$/);
    expect(dice.total).toBeLessThan(1);
    expect(t).toMatch(/^Damage 1d6 \(STR -3\): 1 \(at least 1 on a hit\)\.$/m);
  });

  // seed 001: the house attack adds STR to hit and to damage; its dice lines now carry them.
  it("B/X house rules: the d20 and the damage dice carry the bonuses their lines add", async () => {
    const t = await attackUntil(at("bx-house"), { attacker: "Ana", target: "Ogre" }, (x) => /^Damage /m.test(x));
    const [, d20, total] = /: d20 (\d+) \(STR \(fighter\) \+2\) = (\d+);/.exec(t)!;
    expect(diceLine(t, "attack")).toMatchObject({
      line: `attack: 1d20+2 (${d20}) = **${total}**`,
      counts: Number(total),
    });
    const [, face, said] = /^Damage 1d8 \[(\d)\] \(STR \(fighter\) \+2\): (\d+) \(at least 1 on a hit\)\.$/m.exec(t)!;
    expect(diceLine(t, "damage")).toMatchObject({
      line: `damage: 1d8+2 (${face}) = **${said}**`,
      counts: Number(said),
    });
  });

  // seed 003, "Weapon Damage": "a minimum of 1 point of damage".
  it("Castles & Crusades: a damage below 1 shows its minimum on the dice line as on the swing's line", async () => {
    const t = await attackUntil(at("siege"), { attacker: "Ana", target: "Ogre" }, (x) =>
      /\(at least 1\) = 1 damage/.test(x),
    );
    expect(t).toMatch(/1d4 \(STR -3\) \(at least 1\) = 1 damage/);
    const dice = diceLine(t, "damage: dagger")!;
    expect(dice.line).toMatch(/^damage: dagger: 1d4-3 \([1-3]\) = -?\d → \*\*1\*\* \(at least 1\)$/);
    expect(dice.counts).toBe(1);
  });

  // A save tied to damage the referee rolls: damage never goes below 0, and its dice line says so.
  it("a save's damage below 0 shows as the 0 it counts", async () => {
    const r = await at("bx")("referee", "save", { kind: "breath", damage: "1d2-5", character: "Ana" });
    const t = text(r.message);
    expect(diceLine(t, "damage 1d2-5")).toMatchObject({ counts: 0 });
    expect(t).toMatch(/^(?:Dice: )?damage 1d2-5: 1d2-5 \([12]\) = -[34] → \*\*0\*\* \(no less than 0\)$/m);
  });

  // seed 000, "Attack Rolls": a partial success does half damage (the bot's minimum of 1, docs/rules/third-age.md).
  it("The Third Age: a partial success's half shows on the damage dice line", async () => {
    const t = await attackUntil(
      at("third-age"),
      { attacker: "Ana", target: "Ogre" },
      (x) => /^Partial success: half damage/m.test(x) && /^damage: .* → /m.test(x),
    );
    const [, , full, half] = /^Partial success: half damage, 1d8 \[(\d)\] −1 = (-?\d+) → .*?(\d+)\.$/m.exec(t)!;
    const dice = diceLine(t, "damage")!;
    expect(dice.total).toBe(Number(full));
    expect(dice.counts).toBe(Number(half));
    expect(dice.line).toMatch(/→ \*\*\d+\*\* \((?:at least 1, )?half(?:, at least 1)?\)$/);
  });
});
