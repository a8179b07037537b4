// Timers on shards: with two shards on one database, a guild's lapsed reaction
// window (docs/design.md, "Reactions", step 4) is resolved by its own shard only,
// ((guild_id >> 22) % 2), never by the other's sweeper. Two shard apps in one
// process here, so their sweepers race on the same clock; test/scale runs
// real shard processes.
import { describe, it, expect, afterAll } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { Writable } from "node:stream";
import { LocalDiscord } from "../../src/local/server.js";
import { startApp, type App } from "../../src/app.js";
import { fixedSeeds } from "../../src/play/services.js";
import { shardOf } from "../../src/discord/shard.js";
import { testDatabase, type TestDatabase } from "../helpers/database.js";
import { buttons, text, until, TOKEN } from "../helpers/e2e.js";

let local: LocalDiscord;
let db: TestDatabase;
let dir: string;
const apps: App[] = [];
afterAll(async () => {
  for (const a of apps) await a.stop().catch(() => {});
  await local?.stop();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("timers on shards", () => {
  it("a lapsed reaction window is resolved once, by the shard that owns the guild", async () => {
    local = await LocalDiscord.start({ port: 0, token: TOKEN, defaultWorld: false });
    let guildId = local.createGuild("Shard 1 table").id;
    while (shardOf(guildId, 2) !== 1) {
      await new Promise((r) => setTimeout(r, 1));
      guildId = local.createGuild("Shard 1 table").id;
    }
    const channelId = local.createChannel(guildId, "table").id;
    const users = Object.fromEntries(["referee", "alice"].map((u) => [u, local.createUser(u).id]));
    for (const id of Object.values(users)) local.addMember(guildId, id);
    dir = mkdtempSync(join(tmpdir(), "tenfoot-shard-timers-"));
    db = await testDatabase(dir, "bot.db");
    const lines: { shard?: number; msg: string }[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
    const log = pino({ level: "info" }, sink);
    let clock = Date.parse("2026-11-22T20:00:00Z");
    const seeds = fixedSeeds("e2e");
    for (const id of [0, 1]) {
      const env = {
        DISCORD_TOKEN: TOKEN,
        DISCORD_API_URL: local.apiUrl,
        DATABASE_URL: db.url,
        SHARD_COUNT: "2",
        SHARD_ID: String(id),
      };
      apps.push(await startApp(env, { log, newSeed: seeds, sweepEveryMs: 25, now: () => new Date(clock) }));
    }
    const cmd = (user: string, name: string, options?: Record<string, string | boolean>) => {
      const [top, sub] = name.split(" ");
      return local.slash({
        guildId,
        channelId,
        userId: users[user]!,
        name: top!,
        ...(sub ? { subcommand: sub } : {}),
        ...(options ? { options } : {}),
      });
    };
    await cmd("referee", "campaign start", { system: "third-age" });
    await cmd("referee", "campaign set", { option: "reactionWindow", value: "30" });
    await cmd("alice", "character create", { name: "Alda", sheet: "hp=10 successAC=8 stamina=2" });
    await cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
    await cmd("referee", "initiative");
    const a = await cmd("referee", "attack", { attacker: "Orc", target: "Alda" });
    expect(buttons(a.message).length).toBeGreaterThan(0);
    expect(new Set(local.routes.map((r) => r.shard))).toEqual(new Set([1]));
    const store = apps[0]!.services.store.db;
    await until(
      async () => (await store.pendingAction.count({ where: { status: "open", messageId: a.message.id } })) === 1,
    );
    clock += 31_000;
    await until(() => buttons(a.message).length === 0, 15_000);
    expect(text(a.message)).toMatch(/No reaction came in time: resolved as it stood/);
    await new Promise((r) => setTimeout(r, 200)); // several more sweeps of both shards
    expect(lines.filter((l) => l.msg === "reaction windows lapsed").map((l) => l.shard)).toEqual([1]);
    const edits = local.requests.filter(
      (r) => r.method === "PATCH" && r.path === `/channels/${channelId}/messages/${a.message.id}`,
    );
    expect(edits).toHaveLength(1);
  });
});
