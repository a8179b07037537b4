// The scale path end to end (runs in the `postgresql` test project): `npm start`
// with SHARD_COUNT=2 runs two shard processes against one PostgreSQL; the local
// Discord routes each guild to its shard as Discord does ((guild_id >> 22) % 2).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalDiscord } from "../../src/local/server.js";
import { openStore } from "../../src/store/client.js";
import { tableOnShard } from "../helpers/shards.js";
import { testDatabase, type TestDatabase } from "../helpers/database.js";
import { buttons, text, until, stopProcess } from "../helpers/e2e.js";

const TOKEN = "test.bot.token-abcdefghijklmnopqrstuvwxyz";
let local: LocalDiscord;
let db: TestDatabase;
let dir: string;
let child: ChildProcess;
let out = "";
const tables: { shard: number; guildId: string; channelId: string; userId: string }[] = [];

beforeAll(async () => {
  local = await LocalDiscord.start({ port: 0, token: TOKEN, defaultWorld: false });
  for (const shard of [0, 1]) {
    tables.push({ shard, ...(await tableOnShard(local, shard)) });
  }
  dir = mkdtempSync(join(tmpdir(), "tenfoot-shards-"));
  db = await testDatabase(dir);
  child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      ...process.env,
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: local.apiUrl,
      DATABASE_URL: db.url,
      SHARD_COUNT: "2",
      SHARD_SPAWN_DELAY_MS: "0",
      HEALTH_PORT: "0",
      LOG_LEVEL: "info",
      LOG_PRETTY: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  await until(() => /every shard of this machine is ready/.test(out) || child.exitCode !== null, 45_000).catch(
    () => {},
  );
  if (!/every shard of this machine is ready/.test(out)) throw new Error(`the shards did not start:\n${out}`);
}, 60_000);

afterAll(async () => {
  await stopProcess(child);
  await local?.stop();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("two shards in two processes on one PostgreSQL", () => {
  it("each shard identifies with its own [id, 2] and holds its own guild; shard 0 alone registers the commands", () => {
    expect(local.liveSessions).toBe(2);
    const lines = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg: string; shard?: number; pid?: number });
    const pids = new Set(lines.filter((l) => l.msg === "shard ready").map((l) => l.pid));
    expect(pids.size).toBe(2);
    expect(lines.filter((l) => l.msg === "ready: commands registered").map((l) => l.shard)).toEqual([0]);
    expect(lines.filter((l) => l.msg === "ready").map((l) => l.shard)).toEqual([1]);
    expect(local.requests.filter((r) => r.method === "PUT" && /\/commands$/.test(r.path))).toHaveLength(1);
  });

  it("plays a campaign in each server: each guild's interactions reach only its shard, both write the one database", async () => {
    for (const t of tables) {
      const started = await local.slash({
        guildId: t.guildId,
        channelId: t.channelId,
        userId: t.userId,
        name: "campaign",
        subcommand: "start",
        options: { system: "bx", name: `Shard ${t.shard} table` },
      });
      expect(started.ephemeral).toBe(false);
      const roll = await local.slash({
        guildId: t.guildId,
        channelId: t.channelId,
        userId: t.userId,
        name: "roll",
        options: { dice: "3d6", reason: "strength" },
      });
      expect(text(roll.message)).toMatch(/rolls for strength/);
    }
    const routed = local.routes.map((r) => [r.guildId, r.shard]);
    expect(routed).toEqual([
      [tables[0]!.guildId, 0],
      [tables[0]!.guildId, 0],
      [tables[1]!.guildId, 1],
      [tables[1]!.guildId, 1],
    ]);
    const store = await openStore(db.url);
    try {
      const campaigns = await store.db.campaign.findMany({ orderBy: { name: "asc" } });
      expect(campaigns.map((c) => [c.name, c.guildId])).toEqual([
        ["Shard 0 table", tables[0]!.guildId],
        ["Shard 1 table", tables[1]!.guildId],
      ]);
      expect(await store.db.roll.count()).toBe(2);
      expect(await store.db.processedInteraction.count()).toBe(4);
    } finally {
      await store.close();
    }
  });

  it("the manager's /health answers 200 with each shard ready, its process and no restarts", async () => {
    const port = /"port":(\d+),"msg":"shard health on \/health"/.exec(out)?.[1];
    expect(port).toBeDefined();
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      healthy: boolean;
      shards: { id: number; state: string; pid: number; restarts: number }[];
    };
    expect(body.healthy).toBe(true);
    expect(body.shards.map((s) => [s.id, s.state, s.restarts])).toEqual([
      [0, "ready", 0],
      [1, "ready", 0],
    ]);
    expect(new Set(body.shards.map((s) => s.pid)).size).toBe(2);
    // Each shard beats with its event loop's delay: a number, far from the limit.
    await until(async () => {
      const b = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as {
        shards: { loopDelayMs: number | null; blocked: boolean }[];
      };
      return b.shards.every((s) => typeof s.loopDelayMs === "number" && s.loopDelayMs < 2000 && !s.blocked);
    }, 5_000);
    expect(out).toMatch(/"host":"127\.0\.0\.1","port":\d+,"msg":"shard health on \/health"/);
    const other = await fetch(`http://127.0.0.1:${port}/`);
    expect([other.status, await other.text()]).toEqual([404, ""]);
  });

  it("/health answers 503 while a shard's event loop is held up, and 200 again once it runs", async () => {
    const port = /"port":(\d+),"msg":"shard health on \/health"/.exec(out)?.[1];
    const get = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      return {
        status: res.status,
        body: (await res.json()) as { shards: { id: number; pid: number; blocked: boolean; loopDelayMs: number }[] },
      };
    };
    const pid = (await get()).body.shards.find((s) => s.id === 1)!.pid;
    // A stopped process runs nothing, as a loop stuck in a regular expression: it stops beating.
    process.kill(pid, "SIGSTOP");
    try {
      await until(async () => (await get()).status === 503, 8_000);
      const held = await get();
      expect(held.body.shards.map((s) => [s.id, s.blocked])).toEqual([
        [0, false],
        [1, true],
      ]);
      expect(held.body.shards[1]!.loopDelayMs).toBeGreaterThan(2000);
    } finally {
      process.kill(pid, "SIGCONT");
    }
    await until(async () => (await get()).status === 200, 8_000);
  });

  it("every log line of a shard carries its shard id", () => {
    const lines = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { role?: string; shard?: number });
    const fromShards = lines.filter((l) => l.role !== "shard-manager");
    expect(fromShards.length).toBeGreaterThan(0);
    expect(fromShards.every((l) => l.shard === 0 || l.shard === 1)).toBe(true);
  });

  it("50 concurrent presses of one Parry button, split across the two shard processes, spend stamina once", async () => {
    const t = tables[0]!;
    const alice = local.createUser("alice").id;
    local.addMember(t.guildId, alice);
    const channelId = local.createChannel(t.guildId, "barrow").id; // one live campaign per channel
    const cmd = (userId: string, name: string, options?: Record<string, string | boolean>) => {
      const [top, sub] = name.split(" ");
      return local.slash({
        guildId: t.guildId,
        channelId,
        userId,
        name: top!,
        ...(sub ? { subcommand: sub } : {}),
        ...(options ? { options } : {}),
      });
    };
    await cmd(t.userId, "campaign start", { system: "third-age", name: "Barrow" });
    await cmd(alice, "character create", {
      name: "Alda",
      sheet: "body=2 hp=10 successAC=8 stamina=3 weapons=longsword:1d8",
    });
    // Attack Bonus +5 against Partial AC 4: even the lowest roll, parried (−2), lands; the shards draw their own seeds.
    await cmd(t.userId, "encounter start", {
      monsters: "1 goblin",
      stats: "hd=1-1 hp=3 successAC=12 partialAC=8 attackBonus=5 morale=7 dexterity=1 weapons=sword:1d6",
      surprise: false,
    });
    await cmd(t.userId, "initiative");
    const a = await cmd(t.userId, "attack", { attacker: "Goblin", target: "Alda" });
    const parry = buttons(a.message).find((b) => /^Parry/.test(b.label));
    expect(parry, text(a.message)).toBeDefined();
    const store = await openStore(db.url);
    try {
      await until(
        async () => (await store.db.pendingAction.count({ where: { status: "open", messageId: a.message.id } })) === 1,
      );
      // Two processes and PostgreSQL on a shared 2-core machine: allow more than Discord's 3 s before a callback is late.
      local.interactionDeadlineMs = 15_000;
      const presses = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          local.press({
            messageId: a.message.id,
            customId: parry!.id,
            userId: alice,
            viaShard: i % 2,
            timeoutMs: 20_000,
          }),
        ),
      );
      const answered = presses
        .filter((p) => p.status === "fulfilled")
        .map((p) => (p as PromiseFulfilledResult<Awaited<ReturnType<LocalDiscord["press"]>>>).value);
      const viaShards = new Set(local.routes.slice(-50).map((r) => r.shard));
      expect(viaShards).toEqual(new Set([0, 1]));
      // seed 000, "Reactions": a reaction is paid once, however many presses race.
      expect(answered).toHaveLength(50);
      const movedOn = (r: (typeof answered)[number]) =>
        r.ephemeral || r.followUps.some((f) => /moved on/.test(String(f.content)));
      // After the Parry a partial hit Alda survives leaves her a choice (Take it, or Take it, then Counter): she takes it.
      const take = buttons(a.message).find((b) => b.label === "Take it");
      if (take)
        expect(
          (await local.press({ messageId: a.message.id, customId: take.id, userId: alice, timeoutMs: 20_000 }))
            .ephemeral,
        ).toBeFalsy();
      const alda = await store.db.character.findFirstOrThrow({ where: { name: "Alda" } });
      const state = JSON.parse(alda.state) as { stamina: number; hp: number };
      expect(state.stamina).toBe(2);
      // The damage the message shows was applied once.
      const taken = /Alda takes (\d+) damage: HP 10 → (\d+)/.exec(text(a.message));
      expect(taken, text(a.message)).not.toBeNull();
      expect(state.hp).toBe(10 - Number(taken![1]));
      expect(text(a.message).match(/Alda parries/g)).toHaveLength(1);
      // A loser's "moved on" is a follow-up sent just after its callback: let the last ones arrive.
      await until(() => answered.filter((r) => !movedOn(r)).length <= 1, 10_000).catch(() => {});
      expect(answered.filter((r) => !movedOn(r))).toHaveLength(1);
    } finally {
      await store.close();
    }
  }, 60_000);

  it("a shard that dies is restarted by the manager and its server plays on from the database", async () => {
    const port = /"port":(\d+),"msg":"shard health on \/health"/.exec(out)?.[1];
    const state = async () =>
      (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as {
        healthy: boolean;
        shards: { id: number; pid: number; restarts: number }[];
      };
    const before = (await state()).shards.find((s) => s.id === 1)!;
    process.kill(before.pid, "SIGKILL");
    await until(async () => {
      const h = await state();
      return h.healthy && h.shards.find((s) => s.id === 1)!.restarts === 1;
    }, 30_000);
    await until(() => local.liveSessions === 2, 10_000);
    const t = tables[1]!;
    const shown = await local.slash({
      guildId: t.guildId,
      channelId: t.channelId,
      userId: t.userId,
      name: "roll",
      options: { dice: "1d20", reason: "after the restart" },
    });
    expect(text(shown.message)).toMatch(/rolls for after the restart/);
    expect(local.routes.at(-1)).toEqual({ t: "INTERACTION_CREATE", guildId: t.guildId, shard: 1 });
  }, 60_000);

  it("SIGTERM stops every shard gracefully and the manager exits 0", async () => {
    const code = await new Promise<number | null>((resolve) => {
      child.once("exit", (c) => resolve(c));
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
    expect(out.match(/"msg":"shard stopped"/g)).toHaveLength(2);
    await until(() => local.liveSessions === 0, 5000);
  });
});
