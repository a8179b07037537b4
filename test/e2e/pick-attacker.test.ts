// "Which of mine?" has one answer: a player with a character and a retainer in the fight gets the same
// attacker from /odds, /check, the weapon list and /attack, with the same options.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const weapons = async (options: Record<string, string>) =>
  (
    (await h.local.autocomplete({
      guildId: h.guildId,
      channelId: h.channelId,
      userId: h.users.alice!,
      name: "odds",
      focused: "weapon",
      options: { target: "Goblin", weapon: "", ...options },
    })) as { value: string }[]
  ).map((w) => w.value);

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "pick-attacker" });
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Barrow" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "body=2 hp=10 weapons=longsword:1d8" });
  await h.cmd("alice", "retainer hire", { name: "Hob", employer: "Alda", sheet: "body=1 hp=6 weapons=spear:1d6" });
  await h.cmd("bob", "character create", { name: "Brom", sheet: "hp=8 weapons=axe:1d8" });
  await h.cmd("referee", "encounter start", {
    monsters: "1 goblin",
    stats: "HD 1-1 HP 40 AC 13/9 AB +0 ATK short sword 1d6 ML 12 DEX +1",
    surprise: false,
  });
  await h.cmd("alice", "encounter join", { retainer: "Hob" });
  let order = text((await h.cmd("referee", "initiative")).message);
  for (let i = 0; i < 3 && !/round 1 · Alda, Brom, Hob to act/.test(order); i++)
    order = text((await h.cmd("referee", "next")).message);
  expect(order).toMatch(/round 1 · Alda, Brom, Hob to act/);
});
afterAll(async () => h?.stop());

describe("one attacker for /odds and /attack", () => {
  it("with both able to attack, /odds asks which, in /attack's words, and the weapon list waits for the attacker", async () => {
    const odds = await h.cmd("alice", "odds", { target: "Goblin" });
    const attack = await h.cmd("alice", "attack", { target: "Goblin" });
    expect(odds.ephemeral).toBe(true);
    expect(odds.message.content).toBe("You control Alda, Hob: say which attacks with the `attacker` option.");
    expect(attack.message.content).toBe(odds.message.content);
    expect(await weapons({})).toEqual([]);
    expect(await weapons({ attacker: "Hob" })).toEqual(["spear"]);
    // A roll names nobody's attack: /check asks the same question, in its own option's words.
    const check = await h.cmd("alice", "check", { attribute: "Body" });
    expect(check.message.content).toBe("You control Alda, Hob: say which rolls with the `character` option.");
  });

  it("once Alda has attacked, /odds, /check, the weapon list and /attack all mean Hob", async () => {
    expect(text((await h.cmd("alice", "attack", { attacker: "Alda", target: "Goblin" })).message)).toMatch(
      /^Alda attacks Goblin/,
    );
    const odds = text((await h.cmd("alice", "odds", { target: "Goblin" })).message);
    expect(odds).toMatch(/^Odds: Hob → Goblin\n/);
    expect(text((await h.cmd("alice", "check", { attribute: "Body" })).message)).toMatch(/^Hob/);
    expect(await weapons({})).toEqual(["spear"]);
    const attack = await h.cmd("alice", "attack", { target: "Goblin" });
    expect(attack.ephemeral).toBeFalsy();
    expect(text(attack.message)).toMatch(/^Hob attacks Goblin/);
  });

  it("a player whose only one is down: /check still rolls for them, /odds and /attack say they cannot act", async () => {
    await h.cmd("referee", "damage", { target: "Brom", amount: 50 });
    expect(text((await h.cmd("bob", "check", { attribute: "Body" })).message)).toMatch(/^Brom/);
    const odds = await h.cmd("bob", "odds", { target: "Goblin" });
    expect(odds.ephemeral).toBe(true);
    expect(odds.message.content).toMatch(/^Brom is .+ and cannot act\.$/);
    expect((await h.cmd("bob", "attack", { target: "Goblin" })).message.content).toBe(odds.message.content);
  });
});
