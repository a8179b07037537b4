import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { testServices, actor } from "../helpers/services.js";
import { startCampaign } from "../../src/play/campaigns/index.js";
import { createCharacter } from "../../src/play/characters/index.js";
import {
  checkLoyalty,
  dismissRetainer,
  hireRetainer,
  listRetainers,
  retainerLoyalty,
} from "../../src/play/retainers/index.js";
import { joinRetainer } from "../../src/play/retainers/join.js";
import { endEncounter, startEncounter } from "../../src/play/encounters/index.js";
import { changeHealth, moraleCheck } from "../../src/play/table.js";

let s: Awaited<ReturnType<typeof testServices>>;
const ref = actor("ref");
const alice = actor("alice");
const bob = actor("bob");

async function campaign(system: string) {
  await startCampaign(s, ref, { system });
}

beforeEach(async () => (s = await testServices()));
afterEach(async () => s.cleanup());

describe("retainers", () => {
  it('The Third Age: loyalty starts at 7 + the employer\'s Charisma (seed 000, "Morale and Loyalty")', async () => {
    await campaign("third-age");
    await createCharacter(s, alice, { name: "Alda", sheet: "charisma=2" });
    await expect(hireRetainer(s, bob, { name: "Hob", employer: "Alda" })).rejects.toThrow(/to decide/);
    const v = await hireRetainer(s, alice, { name: "Hob", employer: "Alda", sheet: "body=1 hp=6" });
    expect(v.retainer).toMatchObject({ loyalty: 9, employerId: "alice", guildId: "g1", status: "active" });
    expect(v.events.map((e) => [e.delta, e.loyalty, e.reason])).toEqual([
      [0, 9, "hired by Alda: The Third Age's starting loyalty"],
    ]);
    await expect(hireRetainer(s, alice, { name: "hob", employer: "Alda" })).rejects.toThrow(/taken/);
  });

  it("bx: the sheet's loyalty, else 7 by the employer's CHA; siege: a stated default", async () => {
    await campaign("bx");
    await createCharacter(s, alice, { name: "Alda", sheet: "cha=18" });
    expect((await hireRetainer(s, alice, { name: "Hob", employer: "Alda", sheet: "loyalty=5" })).retainer.loyalty).toBe(
      5,
    );
    expect((await hireRetainer(s, alice, { name: "Nim", employer: "Alda" })).retainer.loyalty).toBe(10);
    await startCampaign(s, actor("ref", { channelId: "c2" }), { system: "siege" });
    await createCharacter(s, actor("alice", { channelId: "c2" }), { name: "Sia" });
    const v = await hireRetainer(s, actor("alice", { channelId: "c2" }), { name: "Hob", employer: "Sia" });
    expect(v.retainer.loyalty).toBe(7);
    expect(v.lines[0]).toMatch(/stated default 7/);
  });

  it("loyalty changes with a reason, kept as history; only a referee changes it", async () => {
    await campaign("third-age");
    await createCharacter(s, alice, { name: "Alda" });
    await hireRetainer(s, alice, { name: "Hob", employer: "Alda" });
    await expect(retainerLoyalty(s, alice, { name: "Hob", change: 1, reason: "gift" })).rejects.toThrow(
      /Only a referee/,
    );
    await expect(retainerLoyalty(s, ref, { name: "Hob", change: 1 })).rejects.toThrow(/Say why/);
    await retainerLoyalty(s, ref, { name: "Hob", change: 2, reason: "a share of the treasure" });
    const v = await retainerLoyalty(s, ref, { name: "Hob", change: -10, reason: "left behind in the pit" });
    expect(v.retainer.loyalty).toBe(2);
    expect(v.lines[0]).toBe("Hob's loyalty falls: 9 → 2 (kept within 2–12) — left behind in the pit.");
    const h = await retainerLoyalty(s, alice, { name: "Hob" });
    expect(h.events.map((e) => [e.delta, e.loyalty])).toEqual([
      [0, 7],
      [2, 9],
      [-7, 2],
    ]);
    await expect(retainerLoyalty(s, bob, { name: "Hob" })).rejects.toThrow(/to decide/);
  });

  it("a check rolls 2d6 against loyalty by the system; a deserter leaves", async () => {
    await campaign("third-age");
    await createCharacter(s, alice, { name: "Alda" });
    await hireRetainer(s, alice, { name: "Hob", employer: "Alda" });
    const first = await checkLoyalty(s, alice, { name: "Hob" });
    // seed-1 (the campaign's): 2d6 [2, 3] = 5 against loyalty 7.
    expect(first.check?.lines).toEqual([
      "Loyalty check 2d6 [2, 3] = 5 vs loyalty 7",
      "5 is below loyalty 7: the retainer stays and obeys.",
    ]);
    expect(first.check?.outcome).toBe("stays");
    await retainerLoyalty(s, ref, { name: "Hob", change: -5, reason: "beaten" });
    const v = await checkLoyalty(s, ref, { name: "Hob", modifier: 6 });
    expect(v.check?.outcome).toBe("deserts");
    expect(v.retainer.status).toBe("deserted");
    expect(v.lines).toEqual(["Hob deserts and leaves the party."]);
    await expect(checkLoyalty(s, ref, { name: "Hob" })).rejects.toThrow(/No retainer named "Hob"/);
    expect((await s.store.db.roll.findMany({ where: { purpose: { startsWith: "loyalty of Hob" } } })).length).toBe(2);
  });

  it("lists per employer; the referee sees the whole campaign; dismissed ones are gone", async () => {
    await campaign("third-age");
    await createCharacter(s, alice, { name: "Alda" });
    await createCharacter(s, bob, { name: "Brom" });
    await hireRetainer(s, alice, { name: "Hob", employer: "Alda" });
    await hireRetainer(s, bob, { name: "Nim", employer: "Brom" });
    expect((await listRetainers(s, alice)).retainers.map((r) => r.name)).toEqual(["Hob"]);
    expect((await listRetainers(s, ref)).retainers.map((r) => r.name).sort()).toEqual(["Hob", "Nim"]);
    await expect(dismissRetainer(s, alice, { name: "Nim" })).rejects.toThrow(/to decide/);
    await dismissRetainer(s, bob, { name: "Nim" });
    expect((await listRetainers(s, ref)).retainers.map((r) => r.name)).toEqual(["Hob"]);
  });

  it("is seen only in its campaign: another channel or server never sees it", async () => {
    await campaign("third-age");
    await createCharacter(s, alice, { name: "Alda" });
    await hireRetainer(s, alice, { name: "Hob", employer: "Alda" });
    await expect(listRetainers(s, actor("alice", { guildId: "g2" }))).rejects.toThrow(/no campaign/);
    await startCampaign(s, actor("ref", { channelId: "c2" }), { system: "third-age" });
    expect((await listRetainers(s, actor("ref", { channelId: "c2" }))).retainers).toEqual([]);
    await expect(checkLoyalty(s, actor("ref", { channelId: "c2" }), { name: "Hob" })).rejects.toThrow(/No retainer/);
  });

  it("joins an encounter controlled by the employer, and rolls morale against loyalty", async () => {
    await campaign("third-age");
    await createCharacter(s, alice, { name: "Alda" });
    await hireRetainer(s, alice, { name: "Hob", employer: "Alda", sheet: "hp=6" });
    await expect(joinRetainer(s, alice, { name: "Hob" })).rejects.toThrow(/No encounter is running/);
    await startEncounter(s, ref, { monsters: "2 goblins", surprise: false });
    await expect(joinRetainer(s, bob, { name: "Hob" })).rejects.toThrow(/to decide/);
    const ev = await joinRetainer(s, alice, { name: "Hob" });
    expect(ev.fight.rows.find((r) => r.name === "Hob")).toMatchObject({
      kind: "retainer",
      side: "party",
      controllerId: "alice",
    });
    await expect(joinRetainer(s, alice, { name: "Hob" })).rejects.toThrow(/already in/);
    await expect(dismissRetainer(s, alice, { name: "Hob" })).rejects.toThrow(/running encounter/);
    const m = await moraleCheck(s, ref, { side: "party" });
    // seed-2 (the encounter's, after the two goblins' hit dice): Hob rolls against loyalty 7; the rest of the party
    // has no morale roll in The Third Age (seed 000, "Morale and Loyalty": morale is the monsters').
    expect(m.result.lines).toEqual([
      "Hob (loyalty 7): Morale roll 2d6 [4, 1] = 5 vs morale 7; 5 is not above 7: Hob holds.",
      "The Third Age gives morale to monsters only (Morale and Loyalty): the party's characters choose for themselves, and retainers roll loyalty (/retainer check).",
    ]);
  });

  it("keeps what a fight did to a retainer: wounds carry into the next fight", async () => {
    await campaign("third-age");
    await createCharacter(s, alice, { name: "Alda" });
    await hireRetainer(s, alice, { name: "Hob", employer: "Alda", sheet: "hp=6" });
    await startEncounter(s, ref, { name: "First", surprise: false });
    await joinRetainer(s, alice, { name: "Hob" });
    const hit = await changeHealth(s, ref, { target: "Hob", amount: 4, heal: false });
    expect(hit.result.lines.join(" ")).toMatch(/HP 6 → 2/);
    await endEncounter(s, ref);
    const row = await s.store.db.retainer.findFirstOrThrow({ where: { name: "Hob" } });
    expect(JSON.parse(row.state)).toMatchObject({ hp: 2, maxHp: 6 });
    await startEncounter(s, ref, { name: "Second", surprise: false });
    const ev = await joinRetainer(s, alice, { name: "Hob" });
    expect(JSON.parse(ev.fight.rows.find((r) => r.name === "Hob")!.state)).toMatchObject({ hp: 2 });
  });
});
