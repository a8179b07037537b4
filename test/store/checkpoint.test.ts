import { describe, it, expect, afterEach } from "vitest";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { openStore, type Store } from "../../src/store/client.js";
import { markProcessed } from "../../src/store/processed.js";
import { AUTOCHECKPOINT_PAGES, checkpointer } from "../../src/store/checkpoint.js";
import { LocalDiscord } from "../../src/local/server.js";
import { startApp } from "../../src/app.js";
import { fixedSeeds } from "../../src/play/services.js";

const silent = pino({ level: "silent" });
const dirs: string[] = [];
const stores: Store[] = [];
async function fresh(): Promise<{ store: Store; file: string }> {
  const d = mkdtempSync(join(tmpdir(), "tenfoot-checkpoint-"));
  dirs.push(d);
  const file = join(d, "t.db");
  const store = await openStore(`file:${file}`);
  stores.push(store);
  return { store, file };
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `n` write transactions, each recording an interaction id (a page of the table and one of its index). */
async function commits(store: Store, n: number, from = 0): Promise<void> {
  for (let i = from; i < from + n; i++)
    await store.db.$transaction(async (tx) => void (await markProcessed(tx, `interaction-${i}-${"x".repeat(400)}`)));
}

describe("SQLite's WAL checkpoint, out of the commits", () => {
  it("leaves the log to the bot past SQLite's 1,000 pages, and copies it all when asked", async () => {
    const { store, file } = await fresh();
    const before = statSync(file).size;
    await commits(store, 700);
    const c = store.checkpoint()!;
    // SQLite's default would have checkpointed inside a commit at 1,000 pages: the log would be shorter.
    expect(c.log).toBeGreaterThan(1_000);
    expect(c.log).toBeLessThan(AUTOCHECKPOINT_PAGES);
    expect(c.checkpointed).toBe(c.log);
    expect(statSync(file).size).toBeGreaterThan(before);
    expect(store.counts.checkpoints).toBe(1);
    expect(store.counts.checkpointedPages).toBe(c.log);
  });

  it("does not checkpoint inside a transaction, and the transaction still commits", async () => {
    const { store } = await fresh();
    await commits(store, 3);
    let inside: unknown = "not run";
    await store.db.$transaction(async (tx) => {
      await markProcessed(tx, "inside");
      inside = store.checkpoint();
    });
    expect(inside).toBeNull();
    expect(await markProcessed(store.db, "inside")).toBe(false);
    expect(store.counts.checkpoints).toBe(0);
  });

  it("checkpoints after an interaction once a batch has committed and nothing is in flight, or once overdue", async () => {
    const { store } = await fresh();
    let inFlight = 1;
    const c = checkpointer(store, () => inFlight, silent, { batch: 4, overdue: 10, everyMs: 0 });
    await commits(store, 5);
    c.answered();
    expect(store.counts.checkpoints).toBe(0); // another interaction is still in flight
    inFlight = 0;
    c.answered();
    expect(store.counts.checkpoints).toBe(1);
    await commits(store, 3, 100);
    c.answered();
    expect(store.counts.checkpoints).toBe(1); // fewer than a batch since
    inFlight = 3;
    await commits(store, 8, 200);
    c.answered();
    expect(store.counts.checkpoints).toBe(2); // 11 since the last: overdue, in flight or not
    c.stop();
  });

  it("checkpoints a quiet table on its timer, and only when something was written", async () => {
    const { store } = await fresh();
    const c = checkpointer(store, () => 0, silent, { batch: 1000, overdue: 1000, everyMs: 10 });
    await new Promise((r) => setTimeout(r, 50));
    expect(store.counts.checkpoints).toBe(0);
    await commits(store, 2);
    const t = Date.now();
    while (store.counts.checkpoints === 0 && Date.now() - t < 2000) await new Promise((r) => setTimeout(r, 5));
    expect(store.counts.checkpoints).toBe(1);
    c.stop();
  });

  it("the bot checkpoints after answering /roll, through the local Discord", async () => {
    const d = mkdtempSync(join(tmpdir(), "tenfoot-checkpoint-"));
    dirs.push(d);
    const token = "checkpoint.test.token";
    const local = await LocalDiscord.start({ port: 0, token });
    const guildId = local.createGuild("Table").id;
    const channelId = local.createChannel(guildId, "table").id;
    const userId = local.createUser("alice").id;
    local.addMember(guildId, userId);
    const env = {
      DISCORD_TOKEN: token,
      DISCORD_API_URL: local.apiUrl,
      DATABASE_URL: `file:${join(d, "bot.db")}`,
      LOG_LEVEL: "silent",
    };
    const app = await startApp(env, {
      log: silent,
      newSeed: fixedSeeds("checkpoint"),
      sweepEveryMs: 0,
      checkpoints: { batch: 3, overdue: 100, everyMs: 0 },
    });
    try {
      const counts = app.services.store.counts;
      await local.slash({
        guildId,
        channelId,
        userId,
        name: "campaign",
        subcommand: "start",
        options: { system: "bx", name: "Caves" },
      });
      const rolls: number[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await local.slash({ guildId, channelId, userId, name: "roll", options: { dice: "1d20" } });
        expect(r.ephemeral).toBeFalsy();
        expect(r.message.embeds[0]?.title).toBe("alice rolls");
        while (app.bot.router.inFlight() > 0) await new Promise((res) => setImmediate(res));
        rolls.push(counts.checkpoints);
      }
      // Each /roll is one transaction: once the first checkpoint is done, every third /roll makes one.
      const at = rolls.flatMap((n, i) => (n > (rolls[i - 1] ?? 0) ? [i] : []));
      expect(at.length).toBeGreaterThanOrEqual(2);
      expect(at[1]! - at[0]!).toBe(3);
      expect(rolls[6]).toBe(at.length);
      expect(counts.checkpointedPages).toBeGreaterThan(0);
    } finally {
      await app.stop();
      await local.stop();
    }
  });
});
