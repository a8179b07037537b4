// docs/design.md, "Who does what": the matrix of referee, owner, another player, and a member
// of another channel or server, enforced in src/play (not only in commands).
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { testServices, actor } from "../helpers/services.js";
import { setOption, startCampaign } from "../../src/play/campaigns/index.js";
import { createCharacter, deleteCharacter, editCharacter, showCharacter } from "../../src/play/characters/index.js";
import { addMonsters, endEncounter, joinEncounter, startEncounter } from "../../src/play/encounters/index.js";
import { rollInitiative, nextTurn } from "../../src/play/encounters/turns.js";
import { attack, react } from "../../src/play/attacks/index.js";
import { changeHealth, moraleCheck, surpriseRoll } from "../../src/play/table.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

let s: Awaited<ReturnType<typeof testServices>>;
const ref = actor("ref");
const owner = actor("owner");
const other = actor("other");
const elsewhere = actor("ref", { channelId: "c-other" });
const otherServer = actor("ref", { guildId: "g-other" });

beforeEach(async () => {
  s = await testServices();
  await startCampaign(s, ref, { system: "third-age", name: "Matrix" });
  await createCharacter(s, owner, { name: "Ona", sheet: "body=1 hp=8 successAC=8 stamina=2 weapons=sword:1d8" });
  await createCharacter(s, other, { name: "Oto", sheet: "hp=8 successAC=12" });
});
afterEach(async () => s.cleanup());

type Who = "ref" | "owner" | "other" | "elsewhere" | "otherServer";
const who: Record<Who, ReturnType<typeof actor>> = { ref, owner, other, elsewhere, otherServer };
/** `order`: who tries first, where one's success changes what the next may do (one attack a round, one choice). */
const allowed = async (
  fn: (a: ReturnType<typeof actor>) => Promise<unknown>,
  expected: Partial<Record<Who, boolean>>,
  order = Object.keys(expected) as Who[],
) => {
  for (const [k, a] of order.map((k) => [k, who[k]] as const)) {
    const r = await fn(a).then(
      () => true,
      (e: Error) => {
        if (!["UserError", "PermissionError", "StaleError"].includes(e.name)) throw e;
        if (expected[k]) throw new Error(`${k} was refused: ${e.message}`);
        return false;
      },
    );
    expect([k, r]).toEqual([k, expected[k]]);
  }
};

describe("permissions matrix", () => {
  it("campaign options: referee only, and only in the campaign's channel", async () => {
    await allowed((a) => setOption(s, a, "reactionWindow", "30"), {
      ref: true,
      owner: false,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
  });

  it("editing a sheet: its owner or a referee", async () => {
    await allowed((a) => editCharacter(s, a, { name: "Ona", sheet: "hp=9" }), {
      ref: true,
      owner: true,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
  });

  it("reading a sheet: anyone in the campaign's channel", async () => {
    await allowed((a) => showCharacter(s, a, "Ona"), {
      ref: true,
      owner: true,
      other: true,
      elsewhere: false,
      otherServer: false,
    });
  });

  it("encounter control and the referee's tables: referee only", async () => {
    await allowed(
      (a) =>
        startEncounter(s, a, { name: "E", monsters: "1 goblin", surprise: false }).then(() => endEncounter(s, ref)),
      {
        ref: true,
        owner: false,
        other: false,
        elsewhere: false,
        otherServer: false,
      },
    );
    await startEncounter(s, ref, { name: "E2", monsters: "1 goblin" });
    await allowed((a) => addMonsters(s, a, { monsters: "1 orc" }), {
      ref: true,
      owner: false,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
    await allowed((a) => surpriseRoll(s, a), {
      ref: true,
      owner: false,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
    await allowed((a) => moraleCheck(s, a, {}), {
      ref: true,
      owner: false,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
    await allowed((a) => rollInitiative(s, a), {
      ref: true,
      owner: false,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
    await allowed((a) => nextTurn(s, a), {
      ref: true,
      owner: false,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
  });

  it("attacking with a character: its player, or the referee for an absent player; reactions: the defender's player or the referee", async () => {
    await startEncounter(s, ref, { name: "E3", monsters: "Brute", stats: "hp=99 successAC=14", surprise: false });
    // Before the order is rolled a player's attack is refused; on Ona's turn the owner makes her one attack of the
    // round; the referee's next one for Ona takes an override.
    await expect(attack(s, owner, { target: "Brute", attacker: "Ona", situation: {} })).rejects.toThrow(
      /order is not rolled yet/,
    );
    await rollInitiative(s, ref);
    for (let i = 0; i < 3; i++) {
      const e = await s.store.db.encounter.findFirstOrThrow({ where: { name: "E3" } });
      const ona = await s.store.db.combatant.findFirstOrThrow({ where: { encounterId: e.id, name: "Ona" } });
      if (orderCodec.decode(e.order)[e.turn]?.includes(ona.id)) break;
      await nextTurn(s, ref);
    }
    await allowed(
      (a) =>
        attack(s, a, { target: "Brute", attacker: "Ona", situation: {}, ...(a === ref ? { override: true } : {}) }),
      { other: false, elsewhere: false, otherServer: false, owner: true, ref: true },
    );
    const v = await attack(s, ref, { target: "Ona", attacker: "Brute", situation: {} });
    expect(v.pendingId).not.toBeNull();
    // One choice closes it: the owner's, on this attack; the referee's, on the next.
    await allowed((a) => react(s, a, v.pendingId!, 0, "take").then(() => {}), {
      other: false,
      elsewhere: false,
      otherServer: false,
      owner: true,
    });
    const w = await attack(s, ref, { target: "Ona", attacker: "Brute", situation: {}, override: true });
    expect(w.pendingId).not.toBeNull();
    await allowed((a) => react(s, a, w.pendingId!, 0, "take").then(() => {}), {
      other: false,
      elsewhere: false,
      otherServer: false,
      ref: true,
    });
  });

  it("damage and healing: the owner or a referee", async () => {
    await allowed((a) => changeHealth(s, a, { target: "Ona", amount: 1, heal: false }), {
      ref: true,
      owner: true,
      other: false,
      elsewhere: false,
      otherServer: false,
    });
  });

  it("joining a fight: with one's own character; deleting: the owner or a referee", async () => {
    await startEncounter(s, ref, { name: "E4", monsters: "1 goblin", surprise: false });
    await endEncounter(s, ref);
    await createCharacter(s, owner, { name: "Ona2", sheet: "hp=5" });
    await startEncounter(s, ref, { name: "E5", surprise: false });
    const refused = async (a: ReturnType<typeof actor>) =>
      expect(joinEncounter(s, a, { character: "Ona2" })).rejects.toThrow();
    await refused(other);
    await refused(elsewhere);
    await refused(otherServer);
    await joinEncounter(s, owner, { character: "Ona2" });
    await createCharacter(s, other, { name: "Oto2", sheet: "hp=5" });
    await joinEncounter(s, ref, { character: "Oto2" });
    await endEncounter(s, ref);
    await allowed(
      (a) => deleteCharacter(s, a, "Oto").then(() => createCharacter(s, other, { name: "Oto", sheet: "hp=8" })),
      {
        ref: true,
        owner: false,
        other: true,
        elsewhere: false,
        otherServer: false,
      },
    );
  });
});
