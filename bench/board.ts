/**
 * The board's cost per typed action (issue 41, point 3), through the local Discord with LATENCY ms added
 * before every answer of its API (default 80: a far-away Discord):
 * - requests to Discord per typed action (/attack, /damage): the answer, the new board, the old board's deletion;
 * - how long after the answer reaches the user the board is current (the new board posted, the one before
 *   deleted), in ms and in round trips of the added latency;
 * - baseline in the same process: one bare request round trip (GET /gateway) under the same latency.
 * Run: npx tsx bench/board.ts (BOARD_N actions of each kind, default 20; BOARD_LATENCY_MS, default 80).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { LocalDiscord } from "../src/local/server.js";
import { startApp } from "../src/app.js";
import { fixedSeeds } from "../src/play/services.js";
import type { StoredMessage } from "../src/local/types.js";
import { silent, stats, type Stats, TOKEN } from "./bot.js";

export interface BoardBench {
  latencyMs: number;
  /** One bare request's round trip under the added latency. */
  baseline: Stats;
  /** Per typed action: requests to Discord, and from the answer to the board current (ms). */
  actions: { name: string; requests: number[]; boardAfterAnswer: Stats; roundTrips: number }[];
}

const isBoard = (m: StoredMessage) =>
  !m.deleted &&
  (m.components ?? []).some((r) =>
    ((r as { components?: { custom_id?: string; label?: string }[] }).components ?? []).some(
      (c) => c.custom_id?.startsWith("next:") && /^(Next|Roll)/.test(c.label ?? ""),
    ),
  );

export async function runBoardBench(
  opts: { n?: number; latencyMs?: number; print?: boolean } = {},
): Promise<BoardBench> {
  const n = opts.n ?? 20;
  const latencyMs = opts.latencyMs ?? 80;
  const local = await LocalDiscord.start({ port: 0, token: TOKEN, specPath: false });
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-board-"));
  const guildId = local.createGuild("Bench").id;
  const channelId = local.createChannel(guildId, "table").id;
  const users: Record<string, string> = {};
  for (const u of ["referee", "alice"]) {
    users[u] = local.createUser(u).id;
    local.addMember(guildId, users[u]!);
  }
  const app = await startApp(
    {
      DISCORD_TOKEN: TOKEN,
      DISCORD_API_URL: local.apiUrl,
      DATABASE_URL: `file:${join(dir, "bot.db")}`,
      LOG_LEVEL: "silent",
    },
    { log: silent, newSeed: fixedSeeds("board-bench"), sweepEveryMs: 0 },
  );
  const cmd = (user: string, name: string, options: Record<string, unknown> = {}) => {
    const [top, sub] = name.split(" ");
    return local.slash({
      guildId,
      channelId,
      userId: users[user]!,
      name: top!,
      ...(sub ? { subcommand: sub } : {}),
      options: options as never,
    });
  };
  try {
    await cmd("referee", "campaign start", { system: "bx" });
    await cmd("alice", "character create", {
      name: "Una",
      sheet: "class=fighter level=9 str=16 hp=90 ac=-2 weapons=sword:1d8",
    });
    for (const r of [
      await cmd("referee", "encounter start", {
        name: "Bench fight",
        monsters: "4 ogres",
        stats: "hd=4 hp=200 ac=5 weapons=club:1d10",
        surprise: false,
      }),
    ])
      if (r.ephemeral) throw new Error(`bench setup refused: ${r.message.content}`);
    await app.bot.router.settled();
    local.latencyMs = latencyMs;
    const bare: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fetch(`${local.apiUrl}/gateway`);
      bare.push(performance.now() - t);
    }
    const actions: BoardBench["actions"] = [];
    const kinds: [string, (i: number) => Promise<unknown>][] = [
      ["/attack", (i) => cmd("referee", "attack", { attacker: `Ogre ${(i % 4) + 1}`, target: "Una", override: true })],
      ["/damage", (i) => cmd("referee", "damage", { target: `Ogre ${(i % 4) + 1}`, amount: 1 })],
    ];
    for (const [name, act] of kinds) {
      const requests: number[] = [];
      const after: number[] = [];
      for (let i = 0; i < n; i++) {
        const before = local.requests.length;
        const old = [...local.channelMessages(channelId)].filter(isBoard).map((m) => m.id);
        await act(i);
        const answered = performance.now();
        // Current: one board, not the one before, and the one before gone.
        await local.waitFor(() => {
          const live = [...local.channelMessages(channelId)].filter(isBoard);
          return live.length === 1 && !old.includes(live[0]!.id);
        }, 10_000);
        after.push(performance.now() - answered);
        await app.bot.router.settled();
        requests.push(local.requests.slice(before).filter((r) => !r.path.startsWith("/_local")).length);
      }
      const s = stats(after);
      actions.push({ name, requests, boardAfterAnswer: s, roundTrips: s.median / stats(bare).median });
    }
    const out = { latencyMs, baseline: stats(bare), actions };
    if (opts.print) {
      console.log(
        `added latency ${latencyMs} ms a request; a bare request's round trip: median ${out.baseline.median.toFixed(1)} ms`,
      );
      for (const a of actions) {
        const req = [...new Set(a.requests)].sort().join(" or ");
        console.log(
          `${a.name}: ${req} requests to Discord; the board current ${a.boardAfterAnswer.median.toFixed(0)} ms (p95 ${a.boardAfterAnswer.p95.toFixed(0)}) after the answer = ${a.roundTrips.toFixed(2)} round trips`,
        );
      }
    }
    return out;
  } finally {
    await app.stop();
    await local.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await runBoardBench({
    print: true,
    n: Number(process.env.BOARD_N ?? 20),
    latencyMs: Number(process.env.BOARD_LATENCY_MS ?? 80),
  });
}
