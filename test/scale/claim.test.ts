// Containers from one setting (compose.yaml's replicas): each machine claims a free shard in
// PostgreSQL (SHARD_CLAIM=1), no two take the same one, a third finds none, and a shard freed by a
// machine that stopped is taken by the next to start. Runs in the `postgresql` test project.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalDiscord } from "../../src/local/server.js";
import { tableOnShard } from "../helpers/shards.js";
import { testDatabase, type TestDatabase } from "../helpers/database.js";
import { text, until, stopProcess } from "../helpers/e2e.js";

const TOKEN = "test.bot.token-abcdefghijklmnopqrstuvwxyz";
let local: LocalDiscord;
let db: TestDatabase;
let dir: string;
const machines: { child: ChildProcess; out: string }[] = [];
const tables: { guildId: string; channelId: string; userId: string }[] = [];

function machine(extra: Record<string, string> = {}): { child: ChildProcess; out: string } {
  const m = { child: null as unknown as ChildProcess, out: "" };
  m.child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      ...process.env,
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: local.apiUrl,
      DATABASE_URL: db.url,
      SHARD_COUNT: "2",
      SHARD_CLAIM: "1",
      SHARD_SPAWN_DELAY_MS: "0",
      LOG_LEVEL: "info",
      LOG_PRETTY: "",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  m.child.stdout!.on("data", (d) => (m.out += String(d)));
  m.child.stderr!.on("data", (d) => (m.out += String(d)));
  machines.push(m);
  return m;
}

const claimed = (m: { out: string }) =>
  JSON.parse(/\{[^\n]*"msg":"claimed shards"[^\n]*\}/.exec(m.out)?.[0] ?? "{}").shards as number[] | undefined;
const ready = (m: { child: ChildProcess; out: string }) =>
  until(() => /every shard of this machine is ready/.test(m.out) || m.child.exitCode !== null, 90_000).then(() => {
    if (!/every shard of this machine is ready/.test(m.out)) throw new Error(`a machine did not start:\n${m.out}`);
  });
const exited = (m: { child: ChildProcess }) =>
  new Promise<number | null>((r) =>
    m.child.exitCode !== null ? r(m.child.exitCode) : m.child.once("exit", (code) => r(code)),
  );

beforeAll(async () => {
  local = await LocalDiscord.start({ port: 0, token: TOKEN, defaultWorld: false });
  for (const shard of [0, 1]) {
    tables.push(await tableOnShard(local, shard));
  }
  dir = mkdtempSync(join(tmpdir(), "tenfoot-claim-"));
  db = await testDatabase(dir);
}, 60_000);

afterAll(async () => {
  await Promise.all(machines.map((m) => stopProcess(m.child)));
  await local?.stop();
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("machines that claim their shards", () => {
  it("two machines take one shard each; a third finds none free; a shard freed by a stop is taken by the next", async () => {
    const [a, b] = [machine(), machine()];
    await Promise.all([ready(a), ready(b)]);
    expect([...claimed(a)!, ...claimed(b)!].sort()).toEqual([0, 1]);
    expect(local.liveSessions).toBe(2);
    for (const t of tables) {
      const roll = await local.slash({
        guildId: t.guildId,
        channelId: t.channelId,
        userId: t.userId,
        name: "roll",
        options: { dice: "2d6", reason: "reaction" },
      });
      expect(text(roll.message)).toMatch(/rolls for reaction/);
    }

    const c = machine({ SHARD_CLAIM_WAIT_MS: "1500" });
    expect(await exited(c)).toBe(1);
    expect(c.out).toMatch(/no free shard: all 2 are claimed by other machines/);

    const freed = claimed(a)![0]!;
    a.child.kill("SIGTERM");
    expect(await exited(a)).toBe(0);
    const d = machine();
    await ready(d);
    expect(claimed(d)).toEqual([freed]);
    const t = tables[freed]!;
    const roll = await local.slash({
      guildId: t.guildId,
      channelId: t.channelId,
      userId: t.userId,
      name: "roll",
      options: { dice: "1d20", reason: "after the move" },
    });
    expect(text(roll.message)).toMatch(/rolls for after the move/);
  }, 240_000);
});
