// Class 6 of "Hardening": however a waiting attack is resolved (the lapse, the round's end, the
// board's "Resolve N waiting", the end of the encounter, a restart), its message ends in its final
// state without live buttons; a press on a stale one says so. Another attack, /initiative or the next
// combatant's turn leaves it waiting (docs/design.md, "Reactions", step 4).
// The orc attacks again and again in one round: the referee's override allows it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { startE2E, buttons, until, type E2E } from "../helpers/e2e.js";
import { baseFor, leavesOf } from "../helpers/sweep.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "third-age" });
  await h.cmd("alice", "character create", { name: "Alda", sheet: "hp=500 successAC=8 stamina=2" });
  await h.cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
  await h.cmd("referee", "initiative");
});
afterAll(() => h?.stop());

const live = () =>
  [...h.local.messages.values()].filter((m) => !m.deleted && buttons(m).some((b) => b.id.startsWith("attack:")));
const open = () => h.app.services.store.db.pendingAction.count({ where: { status: "open" } });
/** The newest board: the one message in the channel whose buttons include Next. */
const boards = () =>
  [...h.local.messages.values()].filter((m) => !m.deleted && buttons(m).some((b) => b.id.startsWith("next:")));
/** The newest board: once the boards posted after each attack are in, the one message whose buttons include Next. */
const board = async () => {
  await until(() => boards().length === 1, 5000).catch(() => {});
  expect(boards().length).toBe(1);
  return boards()[0]!;
};
const resolveAll = async () => {
  // The board follows each attack just after its answer.
  await until(() => boards().some((m) => buttons(m).some((x) => x.label.startsWith("Resolve"))), 5000).catch(() => {});
  const b = await board();
  const resolve = buttons(b).find((x) => /^Resolve \d+ waiting$/.test(x.label));
  expect(resolve, "the board offers to resolve the waiting attacks").toBeDefined();
  return h.press("referee", b.id, resolve!.id);
};

describe("buttons end with their action", () => {
  it("a burst of 50 attacks: every one still waiting has live buttons, and only those", async () => {
    // Ten at a time, so that each is answered within Discord's 3 s on a busy machine.
    const replies = [];
    for (let wave = 0; wave < 5; wave++)
      replies.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () =>
            h.cmd("referee", "attack", { attacker: "Orc", target: "Alda", override: true }),
          ),
        )),
      );
    expect(replies.filter((r) => buttons(r.message).length).length).toBeGreaterThan(0);
    await until(async () => live().length === (await open()), 5000).catch(() => {});
    expect(live().length).toBe(await open());
    expect(await open()).toBeGreaterThan(1);
  });

  it("the board's one press resolves every waiting attack and removes their buttons", async () => {
    const r = await resolveAll();
    expect(r.ephemeral).toBe(false);
    // Fifty messages to edit, through Discord's rate limit.
    await until(() => live().length === 0, 15000);
    expect(await open()).toBe(0);
  });

  it("/initiative and the next turn leave a waiting attack waiting; the round's end resolves it", async () => {
    await h.cmd("referee", "attack", { attacker: "Orc", target: "Alda", override: true });
    await until(() => live().length === 1);
    await h.cmd("referee", "initiative");
    expect(live().length).toBe(1);
    const db = h.app.services.store.db;
    const round = (await db.encounter.findFirstOrThrow({ where: { status: "active" } })).round;
    for (
      let i = 0;
      i < 4 && (await db.encounter.findFirstOrThrow({ where: { status: "active" } })).round === round;
      i++
    ) {
      if ((await open()) === 1) expect(live().length).toBe(1);
      await h.cmd("referee", "next");
    }
    await until(() => live().length === 0);
    expect(await open()).toBe(0);
  });

  it("a press on an attack that moved on removes its buttons and says so, ephemerally", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Orc", target: "Alda", override: true });
    const take = buttons(a.message).find((b) => b.label === "Take it")!;
    // Resolved elsewhere, and its message could not be edited (e.g. a lost edit).
    await h.app.services.store.db.pendingAction.updateMany({
      where: { status: "open" },
      data: { status: "done", version: { increment: 1 } },
    });
    const r = await h.press("alice", a.message.id, take.id);
    const said = () =>
      h.local
        .channelMessages(h.channelId)
        .find((m) => m.interaction_metadata?.id === r.interactionId && (m.flags & 64) === 64);
    await until(() => !!said());
    expect(said()!.content).toMatch(/moved on/i);
    expect(buttons(a.message)).toEqual([]);
  });

  it("a deleted attack message is left alone: the board still answers, the failed edit is logged once", async () => {
    const a = await h.cmd("referee", "attack", { attacker: "Orc", target: "Alda", override: true });
    await until(
      async () =>
        (await h.app.services.store.db.pendingAction.count({ where: { status: "open", messageId: a.message.id } })) ===
        1,
    );
    h.local.deleteMessage(a.message.id);
    const n = await resolveAll();
    expect(n.ephemeral).toBe(false);
    await until(() => readFileSync(h.logFile!, "utf8").includes(`"message":"${a.message.id}"`));
    const line = readFileSync(h.logFile!, "utf8")
      .split("\n")
      .find((l) => l.includes(`"message":"${a.message.id}"`))!;
    expect(JSON.parse(line)).toMatchObject({ msg: "could not edit an attack's message to its final state", tries: 1 });
    expect(await open()).toBe(0);
  });

  it("the end of the encounter resolves waiting attacks and removes their buttons", async () => {
    await h.cmd("referee", "attack", { attacker: "Orc", target: "Alda", override: true });
    await until(() => live().length === 1);
    await h.cmd("referee", "encounter end");
    await until(() => live().length === 0);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("buttons end with their action across a restart", () => {
  let r: E2E;
  let clock = Date.parse("2026-11-22T20:00:00Z");
  afterAll(() => r?.stop());

  it("an attack left waiting when the bot stops is resolved after the restart, and its buttons removed", async () => {
    r = await startE2E({ sweepEveryMs: 25, now: () => new Date(clock) });
    await r.cmd("referee", "campaign start", { system: "third-age" });
    await r.cmd("alice", "character create", { name: "Alda", sheet: "hp=50 successAC=8 stamina=2" });
    await r.cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
    const a = await r.cmd("referee", "attack", { attacker: "Orc", target: "Alda", override: true });
    expect(buttons(a.message).length).toBeGreaterThan(0);
    await until(
      async () => (await r.app.services.store.db.pendingAction.count({ where: { messageId: a.message.id } })) === 1,
    );
    await r.restart();
    clock += 120_000;
    await until(() => buttons(a.message).length === 0);
    expect(r.local.validationErrors).toEqual([]);
  });
});

describe("after every command, an attack's message has live buttons exactly while it waits", () => {
  let r: E2E;
  afterAll(() => r?.stop());

  it("sweeps every registered command and subcommand", async () => {
    r = await startE2E();
    const db = r.app.services.store.db;
    const mismatches = async () => {
      const rows = await db.pendingAction.findMany({ where: { messageId: { not: null } } });
      return rows
        .filter(
          (p) =>
            (p.status === "open") !==
            buttons(r.local.messages.get(p.messageId!)!).some((b) => b.id.startsWith("attack:")),
        )
        .map((p) => `${p.id} ${p.status}`);
    };
    const leaves = leavesOf(r.local.visibleCommands(r.guildId) as never);
    const bad: string[] = [];
    for (const leaf of leaves) {
      await r.cmd("referee", "campaign start", { system: "third-age" });
      await r.cmd("alice", "character create", { name: "Alda", sheet: "hp=500 successAC=8 stamina=9" });
      await r.cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
      await r.cmd("alice", "encounter join", { character: "Alda" });
      const a = await r.cmd("referee", "attack", { attacker: "Orc", target: "Alda", override: true });
      await until(async () => (await db.pendingAction.count({ where: { messageId: a.message.id } })) === 1).catch(
        () => {},
      );
      await r.cmd("referee", leaf.path, baseFor(leaf));
      const left = await until(async () => (await mismatches()).length === 0, 2000).then(() => [], mismatches);
      if (left.length) bad.push(`/${leaf.path}: ${left.join(", ")}`);
    }
    expect(leaves.length).toBeGreaterThanOrEqual(40);
    expect(bad).toEqual([]);
  }, 120_000);
});
