// An encounter of The Third Age through the local Discord: start → initiative →
// attacks with Parry, Get Down, Counterspell and Counter → morale → end → /verify.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, until, resolveWaiting, type E2E } from "../helpers/e2e.js";

let h: E2E;
const stamina = async (name: string) => {
  const c = await h.app.services.store.db.character.findFirstOrThrow({ where: { name } });
  return (JSON.parse(c.state) as { stamina: number }).stamina;
};
const press = (user: string, msg: { id: string; components: unknown[] }, label: RegExp) => {
  const b = buttons(msg as never).find((x) => label.test(x.label));
  if (!b) throw new Error(`no button ${label} on the message: ${JSON.stringify(buttons(msg as never))}`);
  return h.press(user, msg.id, b.id);
};

beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", {
    name: "Alda",
    sheet: "body=2 hp=10 successAC=8 stamina=3 weapons=longsword:1d8",
  });
  await h.cmd("bob", "character create", {
    name: "Brom",
    sheet: "body=1 mind=2 hp=8 successAC=13 stamina=2 weapons=spear:1d6 spells=firebolt:1d6 memorised=firebolt",
  });
});
afterAll(async () => h?.stop());

describe("The Third Age, end to end", () => {
  it("starts with surprise, distance and the reaction roll, committing to the seed", async () => {
    // The referee types the goblins' hit points (the preset's own numbers otherwise), so none are rolled: the
    // encounter's stream goes straight to surprise. Rolled hit points: test/e2e/third-age-monsters.test.ts.
    const goblin = "HD 1-1 HP 3 AC 13/9 AB +0 ATK short sword 1d6 ML 7 DEX +1";
    const r = await h.cmd("referee", "encounter start", {
      name: "Goblin ambush",
      monsters: "2 goblins",
      stats: goblin,
      reaction: true,
    });
    const t = text(r.message);
    expect(t).not.toMatch(/Hit points/);
    // seed e2e-2 (the encounter's): surprise dice 6 and 5, distance 2d6 = 5, reaction 2d10 = 10.
    expect(t).toMatch(/Nobody is surprised/);
    expect(t).toMatch(/50 feet apart/);
    expect(t).toMatch(/Reaction: Unfriendly/);
    expect(t).toMatch(/Seed commitment \(SHA-256\): `[0-9a-f]{64}`/);
    expect(t).toMatch(/Alda[\s\S]*Brom[\s\S]*Goblin 1[\s\S]*Goblin 2/);
  });

  it("autocompletes targets, weapons, presets and attributes from the campaign", async () => {
    const ac = (user: string, name: string, focused: string, options: Record<string, string>, subcommand?: string) =>
      h.local.autocomplete({
        guildId: h.guildId,
        channelId: h.channelId,
        userId: h.users[user]!,
        name,
        focused,
        options,
        ...(subcommand ? { subcommand } : {}),
      });
    const targets = (await ac("alice", "attack", "target", { target: "gob" })) as { name: string; value: string }[];
    expect(targets.map((t) => t.value)).toEqual(["Goblin 1", "Goblin 2"]);
    const weapons = (await ac("alice", "attack", "weapon", { target: "Goblin 1", weapon: "" })) as {
      name: string;
      value: string;
    }[];
    expect(weapons).toEqual([{ name: "longsword (1d8)", value: "longsword" }]);
    const presets = (await ac("referee", "encounter", "monsters", { monsters: "3 or" }, "add")) as { value: string }[];
    expect(presets.map((p) => p.value)).toEqual(["3 orc"]);
    const attrs = (await ac("alice", "check", "attribute", { attribute: "d" })) as { value: string }[];
    expect(attrs.map((a) => a.value)).toEqual(["Body", "Dexterity", "Mind"]);
  });

  it('rolls group initiative (seed 000, "Initiative": ties act simultaneously)', async () => {
    const r = await h.cmd("referee", "initiative");
    expect(text(r.message)).toMatch(/Tie at 2: both sides act simultaneously/);
  });

  it("only the defender's player may react; Parry costs 1 stamina and lowers the roll by 2", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Goblin 1", target: "Alda" });
    // seed 000, "Attack Rolls": 2d10 [6, 2] + 0 = 8 against Success AC 8 → success.
    expect(text(a.message)).toMatch(/Attack roll 2d10 \[6, 2\] = 8 \(Attack Bonus \+0\)/);
    const labels = buttons(a.message).map((b) => b.label);
    expect(labels.some((l) => /^Parry/.test(l)) && labels.includes("Take it")).toBe(true);
    const refused = await press("mallory", a.message, /^Parry/);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toMatch(/to decide/);
    expect(await stamina("Alda")).toBe(3);

    // seed 000, "Reactions": 50 concurrent presses of Parry spend stamina once.
    const parry = buttons(a.message).find((b) => /^Parry/.test(b.label))!;
    const all = await Promise.allSettled(Array.from({ length: 50 }, () => h.press("alice", a.message.id, parry.id)));
    const answered = all
      .filter((x) => x.status === "fulfilled")
      .map((x) => (x as PromiseFulfilledResult<Awaited<ReturnType<E2E["press"]>>>).value);
    expect(answered.filter((r) => !r.ephemeral).length).toBe(1);
    expect(answered.filter((r) => r.ephemeral).every((r) => /moved on|not open/.test(r.message.content))).toBe(true);
    expect(await stamina("Alda")).toBe(2);
    // 8 − 2 = 6: a partial success (Partial AC 4).
    expect(text(a.message)).toMatch(/Alda parries: −2 → 6\.[\s\S]*Partial success/);

    const taken = await press("alice", a.message, /^Take it$/);
    expect(taken.message.id).toBe(a.message.id);
    expect(text(taken.message)).toMatch(/Alda takes \d+ damage/);
    const counter = await press("alice", taken.message, /^Counter/);
    expect(text(counter.message)).toMatch(/counters/);
    expect(await stamina("Alda")).toBe(1);
    expect(buttons(counter.message)).toEqual([]);
  });

  it("Counterspell: the same spell memorised, a Mind roll, no stamina", async () => {
    await h.cmd("referee", "encounter add", {
      monsters: "Shaman",
      stats: "mind=1 hp=6 successAC=12 spells=firebolt:1d6 memorised=firebolt",
    });
    const before = await stamina("Brom");
    const a = await h.cmd("referee", "attack", {
      attacker: "Shaman",
      target: "Brom",
      weapon: "firebolt",
      mode: "spell",
    });
    const cs = buttons(a.message).find((b) => /^Counterspell/.test(b.label));
    if (!cs) console.log(text(a.message), buttons(a.message));
    expect(cs).toBeDefined();
    const r = await h.press("bob", a.message.id, cs!.id);
    expect(text(r.message)).toMatch(/Counterspell by Brom/);
    expect(await stamina("Brom")).toBe(before);
  });

  it("Mr. President Get Down: an ally takes the hit and falls prone", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Goblin 2", target: "Alda" });
    const getDown = buttons(a.message).find((b) => /Get Down/.test(b.label));
    expect(getDown).toBeDefined();
    const notBobs = await h.press("alice", a.message.id, getDown!.id);
    expect(notBobs.ephemeral).toBe(true);
    const r = await h.press("bob", a.message.id, getDown!.id);
    expect(text(r.message)).toMatch(/Brom/);
    await press("alice", r.message, /^Take it$/);
    expect(await stamina("Brom")).toBe(1);
    const brom = await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name: "Brom" } });
    expect(JSON.parse(brom.state).conditions).toContain("prone");
  });

  it("the next attack leaves one still waiting; the board's one press resolves it, and the old buttons are gone", async () => {
    // Goblin 2 already attacked this round: only the referee's override allows a second attack, and it shows.
    const refused = await h.cmd("referee", "attack", { attacker: "Goblin 2", target: "Brom" });
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toMatch(/Goblin 2 has already attacked this round .*override:true/);
    const waiting = await h.cmd("referee", "attack", { attacker: "Goblin 2", target: "Brom", override: true });
    expect(text(waiting.message)).toMatch(/Referee override: Goblin 2's 2nd attack this round/);
    const db = h.app.services.store.db;
    // The bot records the message id just after answering.
    await until(
      async () => (await db.pendingAction.count({ where: { status: "open", messageId: waiting.message.id } })) === 1,
    );
    const pending = await db.pendingAction.findMany({ where: { status: "open" } });
    await h.cmd("alice", "attack", { target: "Shaman" });
    expect(pending.length).toBeGreaterThan(0);
    // docs/design.md, "Reactions", step 4: another attack does not close it; the referee's press on the board does.
    expect(await db.pendingAction.count({ where: { id: { in: pending.map((p) => p.id) }, status: "open" } })).toBe(
      pending.length,
    );
    const resolved = await resolveWaiting(h);
    expect(resolved.ephemeral, resolved.message.content ?? "").toBe(false);
    await until(() => resolved.followUps.length > 0);
    expect(text(resolved.followUps[0]!)).toMatch(/The referee resolved/);
    for (const p of pending) {
      const m = h.local.messages.get(p.messageId!)!;
      await h.local.waitFor(() => buttons(m).length === 0, 3000);
      expect(text(m)).toMatch(/No reaction came in time/);
    }
  });

  it("morale, end with the revealed seed, and /verify replays every roll", async () => {
    const m = await h.cmd("referee", "morale");
    expect(text(m.message)).toMatch(/Morale/);
    const end = await h.cmd("referee", "encounter end");
    expect(text(end.message)).toMatch(/Seed \(revealed\): `e2e-2`/);
    const v = await h.cmd("alice", "verify");
    // /verify may replay a long log: it defers first (callback type 5), then edits.
    expect(v.callbackType).toBe(5);
    expect(text(v.message)).toMatch(/Verified: every roll/);
    expect(text(v.message)).toMatch(/matches the commitment/);
    expect(h.local.validationErrors).toEqual([]);
  });
});
