/**
 * Mixed load through the local Discord: 100 encounters in 100 channels, each with its referee
 * playing a character against a dummy, issuing /roll, "Roll again" presses, /attack and /next
 * concurrently (one interaction in flight per channel, so up to 100 at once).
 * Reports interactions/s with p50/p99 at several concurrencies, then checks that nothing was
 * lost or doubled: every answered /roll and press is exactly one Roll row (rolls carry a unique
 * reason, a press repeats it), and every answered /attack and /next bumped its encounter's
 * version exactly once.
 * Run: npx tsx bench/throughput.ts (THROUGHPUT_OPS sets the interactions per level)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LocalDiscord } from "../src/local/server.js";
import type { Reply } from "../src/local/types.js";
import Database from "better-sqlite3";
import { stats, TOKEN, type Stats } from "./bot.js";
import { botApart, botHere, type BotUnderTest } from "./apart.js";

type Kind = "roll" | "press" | "attack" | "next";
const MIX: [Kind, number][] = [
  ["roll", 0.35],
  ["press", 0.25],
  ["attack", 0.3],
  ["next", 0.1],
];

export interface Table {
  guildId: string;
  channelId: string;
  refId: string;
  encounterId: string;
  version0: number;
  /** The last roll message and its button, for presses. */
  again: { messageId: string; customId: string; reason: string } | null;
}

export interface LevelResult {
  concurrency: number;
  /** Arrivals per second when the level is an open loop at a fixed rate. */
  rate?: number;
  ops: number;
  perSecond: number;
  latency: Stats;
  /** CPU per interaction (ms): the bot's process, and this one (the local Discord and the driver); the bot's is NaN when it runs here. */
  cpu: { bot: number; rest: number };
  /** The bot's memory once the level is done (MiB). */
  rssMiB: number;
  heapMiB: number;
}

/** 10,000 more campaigns (each with a character) in other channels, written straight to the file: a store that has seen use. */
function seedCampaigns(file: string, n: number): void {
  const db = new Database(file);
  const now = new Date().toISOString();
  const campaign = db.prepare(
    `INSERT INTO "Campaign" ("id", "guildId", "channelId", "liveChannelId", "system", "name", "creatorId", "seed", "seedHash", "streamState", "createdAt") VALUES (?, 'stored-guild', ?, ?, 'bx', ?, 'stored-user', ?, 'h', 'null', ?)`,
  );
  const character = db.prepare(
    `INSERT INTO "Character" ("id", "campaignId", "ownerId", "name", "sheet", "state", "createdAt") VALUES (?, ?, 'stored-user', 'Stored', '{"hp":6,"ac":7}', '{"hp":6,"conditions":[]}', ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      campaign.run(`stored-${i}`, `stored-channel-${i}`, `stored-channel-${i}`, `Stored ${i}`, `seed-${i}`, now);
      character.run(`stored-character-${i}`, `stored-${i}`, now);
    }
  })();
  db.close();
}

export interface Memory {
  rssMiB: number;
  heapMiB: number;
  /** The bot ran in its own process: the figures are its own. */
  apart: boolean;
  /** What the local Discord holds after the run. */
  requests: number;
  messages: number;
  storedCampaigns: number;
}

/** What the bench reads back from the store, on either engine. */
export interface StoreReader {
  /** The running encounter of a table's channel, and its version. */
  encounterOf(channelId: string): Promise<{ id: string; version: number }>;
  /** How many Roll rows carry each of the bench's reasons (`r1`, `r2`…). */
  rollCounts(): Promise<Map<string, number>>;
  version(encounterId: string): Promise<number>;
  campaigns(): Promise<number>;
}

/** The SQLite file, read-only beside the bot. */
export function sqliteReader(read: Database.Database): StoreReader {
  return {
    encounterOf: async (channelId) =>
      read
        .prepare(
          `SELECT e.id, e.version FROM "Encounter" e JOIN "Campaign" c ON c.id = e.campaignId WHERE c.channelId = ? AND e.status = 'active'`,
        )
        .get(channelId) as { id: string; version: number },
    rollCounts: async () =>
      new Map(
        (
          read
            .prepare(`SELECT purpose, COUNT(*) AS n FROM "Roll" WHERE purpose GLOB 'r[0-9]*' GROUP BY purpose`)
            .all() as { purpose: string; n: number }[]
        ).map((r) => [r.purpose, r.n]),
      ),
    version: async (id) =>
      (read.prepare(`SELECT version FROM "Encounter" WHERE id = ?`).get(id) as { version: number }).version,
    campaigns: async () => (read.prepare(`SELECT COUNT(*) AS n FROM "Campaign"`).get() as { n: number }).n,
  };
}

/** Each table: a channel, its referee playing Alda against a dummy, initiative rolled (`guildIds[k % length]` holds table k). */
export async function setUpTables(
  local: LocalDiscord,
  guildIds: string[],
  read: StoreReader,
  channels: number,
): Promise<Table[]> {
  const tables: Table[] = [];
  for (let k = 0; k < channels; k++) {
    const guildId = guildIds[k % guildIds.length]!;
    const channelId = local.createChannel(guildId, `table-${k}`).id;
    const refId = local.createUser(`referee-${k}`).id;
    local.addMember(guildId, refId);
    const slash = async (name: string, options?: Record<string, string | number | boolean>, subcommand?: string) => {
      const r = await local.slash({
        guildId,
        channelId,
        userId: refId,
        name,
        timeoutMs: 30_000,
        ...(options ? { options } : {}),
        ...(subcommand ? { subcommand } : {}),
      });
      if (r.ephemeral) throw new Error(`setup: /${name} refused: ${r.message.content}`);
      return r;
    };
    await slash("campaign", { system: "third-age", name: `Table ${k}` }, "start");
    await slash(
      "character",
      { name: "Alda", sheet: "body=2 hp=20 successAC=14 stamina=3 weapons=longsword:1d8" },
      "create",
    );
    await slash(
      "encounter",
      { name: "Dummies", monsters: "Dummy", stats: "hp=999 successAC=18", surprise: false },
      "start",
    );
    await slash("initiative");
    const e = await read.encounterOf(channelId);
    tables.push({ guildId, channelId, refId, encounterId: e.id, version0: e.version, again: null });
  }
  return tables;
}

export interface Answered {
  roll: Map<string, number>;
  attack: Map<string, number>;
  next: Map<string, number>;
}

/** One interaction of the mix at a table, timed; what was answered and refused is counted. */
export function driver(local: LocalDiscord) {
  const answered: Answered = { roll: new Map(), attack: new Map(), next: new Map() };
  const refused = new Map<string, number>();
  const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
  let serial = 0;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

  async function one(t: Table): Promise<number> {
    let r = random();
    let kind: Kind = "roll";
    for (const [k, p] of MIX) if ((r -= p) < 0) (kind = k), (r = 2);
    if (kind === "press" && !t.again) kind = "roll";
    const base = { guildId: t.guildId, channelId: t.channelId, userId: t.refId, timeoutMs: 30_000 };
    const started = performance.now();
    let reply: Reply;
    if (kind === "roll") {
      const reason = `r${++serial}`;
      reply = await local.slash({ ...base, name: "roll", options: { dice: "3d6+1", reason } });
      const customId = JSON.stringify(reply.message.components).match(/"custom_id":"(roll:again:\d+)"/)?.[1];
      if (!reply.ephemeral && customId) t.again = { messageId: reply.message.id, customId, reason };
      if (!reply.ephemeral) bump(answered.roll, reason);
    } else if (kind === "press") {
      const a = t.again!;
      reply = await local.press({ ...base, messageId: a.messageId, customId: a.customId });
      if (!reply.ephemeral) bump(answered.roll, a.reason);
    } else if (kind === "attack") {
      reply = await local.slash({
        ...base,
        name: "attack",
        options: { target: "Dummy", attacker: "Alda", override: true },
      });
      if (!reply.ephemeral) bump(answered.attack, t.encounterId);
    } else {
      reply = await local.slash({ ...base, name: "next" });
      if (!reply.ephemeral) bump(answered.next, t.encounterId);
    }
    if (reply.ephemeral) bump(refused, `${kind}: ${reply.message.content.slice(0, 80)}`);
    const ms = performance.now() - started;
    // The dummy has at most 999 HP and dies at 0: its referee heals it every 40 attacks (untimed, not
    // counted), so every attack of the mix is a real one.
    if (kind === "attack" && !reply.ephemeral && answered.attack.get(t.encounterId)! % 40 === 0) {
      const healed = await local.slash({ ...base, name: "heal", options: { target: "Dummy", amount: 999 } });
      if (healed.ephemeral) bump(refused, `heal: ${healed.message.content.slice(0, 80)}`);
    }
    return ms;
  }
  return { one, answered, refused };
}

/** Nothing lost, nothing doubled: each answered roll or press is one Roll row, each answered /attack or /next one version of its encounter. */
export async function exactlyOnce(read: StoreReader, tables: Table[], answered: Answered): Promise<string[]> {
  const problems: string[] = [];
  const inStore = await read.rollCounts();
  for (const [reason, n] of answered.roll)
    if (inStore.get(reason) !== n)
      problems.push(`roll ${reason}: ${n} answered, ${inStore.get(reason) ?? 0} in the store`);
  for (const [reason, n] of inStore)
    if (!answered.roll.has(reason)) problems.push(`roll ${reason}: ${n} in the store, never answered`);
  for (const t of tables) {
    const v = await read.version(t.encounterId);
    const want = (answered.attack.get(t.encounterId) ?? 0) + (answered.next.get(t.encounterId) ?? 0);
    if (v - t.version0 !== want)
      problems.push(`encounter ${t.channelId}: ${want} attacks and turns answered, version moved ${v - t.version0}`);
  }
  return problems;
}

type Level = Pick<LevelResult, "concurrency" | "rate" | "ops" | "perSecond" | "latency">;

/** Runs a level; adds the CPU per interaction of the bot's process and of this one, then the bot's memory once idle. */
async function measured(bot: BotUnderTest, level: () => Promise<Level>): Promise<LevelResult> {
  const [bot0, here0] = [await bot.cpuMs(), process.cpuUsage()];
  const r = await level();
  while ((await bot.inFlight()) > 0) await new Promise((res) => setTimeout(res, 5));
  const here = process.cpuUsage(here0);
  const botMs = (await bot.cpuMs()) - bot0;
  const mem = await bot.memory();
  return {
    ...r,
    cpu: { bot: botMs / r.ops, rest: (here.user + here.system) / 1000 / r.ops },
    rssMiB: mem.rss / 2 ** 20,
    heapMiB: mem.heapUsed / 2 ** 20,
  };
}

/** Closed loop: each table issues its next interaction when its last one is answered. */
export async function closedLoop(active: Table[], one: (t: Table) => Promise<number>, ops: number): Promise<Level> {
  const latencies: number[] = [];
  let left = ops;
  const t0 = performance.now();
  await Promise.all(
    active.map(async (t) => {
      while (left > 0) {
        left--;
        latencies.push(await one(t));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    concurrency: active.length,
    ops: latencies.length,
    perSecond: latencies.length / seconds,
    latency: stats(latencies),
  };
}

/** `ops` interactions arriving `rate` a second, each at a table not busy; the most in flight at once is the level's concurrency. */
export async function atRate(
  tables: Table[],
  one: (t: Table) => Promise<number>,
  rate: number,
  ops: number,
): Promise<Level> {
  const free = [...tables];
  const latencies: number[] = [];
  const running: Promise<void>[] = [];
  let most = 0;
  const t0 = performance.now();
  for (let i = 0; i < ops; i++) {
    const due = t0 + (i * 1000) / rate;
    while (performance.now() < due || !free.length)
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(1, due - performance.now()))));
    const t = free.shift()!;
    most = Math.max(most, tables.length - free.length);
    running.push(
      one(t)
        .then(
          (ms) => void latencies.push(ms),
          () => void latencies.push(Infinity),
        )
        .finally(() => free.push(t)),
    );
  }
  await Promise.all(running);
  const seconds = (performance.now() - t0) / 1000;
  return {
    concurrency: most,
    rate,
    ops: latencies.length,
    perSecond: latencies.length / seconds,
    latency: stats(latencies),
  };
}

export async function runThroughputBench(
  opts: {
    channels?: number;
    opsPerLevel?: number;
    levels?: number[];
    rates?: number[];
    print?: boolean;
    storedCampaigns?: number;
    apart?: boolean;
  } = {},
) {
  const channels = opts.channels ?? 100;
  const opsPerLevel = opts.opsPerLevel ?? 3000;
  const levels = opts.levels ?? [1, 10, 50, 100];
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-throughput-"));
  const local = await LocalDiscord.start({ port: 0, token: TOKEN, interactionDeadlineMs: 30_000 });
  const guildId = local.createGuild("Throughput").id;
  const env = {
    DISCORD_TOKEN: TOKEN,
    DISCORD_API_URL: local.apiUrl,
    DATABASE_URL: `file:${join(dir, "throughput.db")}`,
    LOG_LEVEL: "silent",
  };
  const bot = opts.apart ? await botApart(env) : await botHere(env, "throughput");
  const read = new Database(bot.file, { readonly: true });
  try {
    if (opts.storedCampaigns) seedCampaigns(bot.file, opts.storedCampaigns);
    const reader = sqliteReader(read);
    const tables = await setUpTables(local, [guildId], reader, channels);

    const { one, answered, refused } = driver(local);

    const results: LevelResult[] = [];
    // A fresh bot process: warm its paths first (untimed), as bench/bot.ts does.
    await closedLoop(tables.slice(0, 10), one, Math.min(1000, opsPerLevel));
    // Open loop: interactions arrive at a fixed rate whatever the answers' pace (a table busy with
    // its last one passes its turn to a free one), so the latency is the bot's, not a queue's.
    for (const rate of opts.rates ?? [])
      results.push(await measured(bot, () => atRate(tables, one, rate, opsPerLevel)));
    for (const concurrency of levels)
      results.push(
        await measured(bot, () => closedLoop(tables.slice(0, Math.min(concurrency, tables.length)), one, opsPerLevel)),
      );
    while ((await bot.inFlight()) > 0) await new Promise((r) => setTimeout(r, 5));

    const problems = await exactlyOnce(reader, tables, answered);
    const totals = {
      rolls: [...answered.roll.values()].reduce((a, b) => a + b, 0),
      attacks: [...answered.attack.values()].reduce((a, b) => a + b, 0),
      nexts: [...answered.next.values()].reduce((a, b) => a + b, 0),
      refused: [...refused.values()].reduce((a, b) => a + b, 0),
    };
    const mem = await bot.memory();
    const memory: Memory = {
      rssMiB: mem.rss / 2 ** 20,
      heapMiB: mem.heapUsed / 2 ** 20,
      apart: !!opts.apart,
      requests: local.requests.length,
      messages: local.messages.size,
      storedCampaigns: await reader.campaigns(),
    };
    const out = {
      channels,
      results,
      totals,
      refused: [...refused].sort((a, b) => b[1] - a[1]).slice(0, 5),
      problems,
      memory,
    };
    if (opts.print) print(out);
    return out;
  } finally {
    read.close();
    await bot.stop();
    await local.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(r: Awaited<ReturnType<typeof runThroughputBench>>) {
  console.log(
    `${"load".padStart(16)} ${"ops".padStart(6)} ${"ops/s".padStart(7)} ${"p50".padStart(8)} ${"p99".padStart(8)}  cpu/op: bot, local Discord + driver   [ms]`,
  );
  for (const l of r.results) {
    const load = l.rate ? `${l.rate}/s arriving` : `${l.concurrency} in flight`;
    const cpu = `${Number.isNaN(l.cpu.bot) ? "   (here)" : l.cpu.bot.toFixed(2).padStart(9)} ${l.cpu.rest.toFixed(2).padStart(6)}`;
    console.log(
      `${load.padStart(16)} ${String(l.ops).padStart(6)} ${l.perSecond.toFixed(0).padStart(7)} ${l.latency.median.toFixed(2).padStart(8)} ${l.latency.p99.toFixed(2).padStart(8)}  ${cpu}${l.rate ? `   (at most ${l.concurrency} in flight)` : ""}`,
    );
  }
  for (const l of r.results.filter((x) => x.rate))
    console.log(
      `at ${l.rate} arriving a second: ${l.perSecond.toFixed(0)} answered a second, p50 ${l.latency.median.toFixed(1)} ms, p99 ${l.latency.p99.toFixed(1)} ms`,
    );
  const best = r.results.filter((x) => !x.rate).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  console.log(
    `saturation: ${best.perSecond.toFixed(0)} interactions/s at ${best.concurrency} in flight (p50 ${best.latency.median.toFixed(1)} ms, p99 ${best.latency.p99.toFixed(1)} ms)`,
  );
  console.log(
    `answered: ${r.totals.rolls} rolls and presses, ${r.totals.attacks} attacks, ${r.totals.nexts} /next; ${r.totals.refused} refused (no effect expected)`,
  );
  for (const [why, n] of r.refused) console.log(`  refused ×${n}: ${why}`);
  const m = r.memory;
  const ops = r.results.reduce((a, l) => a + l.ops, 0);
  console.log(
    `memory after ${ops} interactions with ${m.storedCampaigns} campaigns stored: rss ${m.rssMiB.toFixed(0)} MiB, heap ${m.heapMiB.toFixed(0)} MiB (${m.apart ? "the bot's own process" : "one process: bot, local Discord and driver"}); the local Discord holds ${m.requests} requests, ${m.messages} messages`,
  );
  console.log(
    r.problems.length
      ? `LOST OR DOUBLED (${r.problems.length}):\n  ${r.problems.slice(0, 10).join("\n  ")}`
      : `exactly once: every answered interaction's effect is in the store once (${r.channels} encounters checked)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runThroughputBench({
    print: true,
    opsPerLevel: Number(process.env.THROUGHPUT_OPS ?? 3000),
    rates: [300],
    storedCampaigns: Number(process.env.STORED_CAMPAIGNS ?? 0),
    apart: !process.env.IN_PROCESS,
  });
}
