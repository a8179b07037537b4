/**
 * The bot, or a bare discord.js client, in a process of its own, as production runs a bot: its
 * CPU, memory and collections are its own, not shared with the local Discord and the driver.
 * The bot runs the built JavaScript (npm run build) with the image's Node flags and allocator
 * settings (`productionRuntime`); both answer over the IPC channel.
 */
import { readFileSync } from "node:fs";
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { databaseFile } from "../src/store/path.js";
import { startApp, type App } from "../src/app.js";
import { fixedSeeds } from "../src/play/services.js";

/** The bot under load: here, or in its own process (bench/bot-process.mjs) so its memory is its own. */
export interface BotUnderTest {
  file: string;
  inFlight(): Promise<number>;
  memory(): Promise<{ rss: number; heapUsed: number }>;
  /** The CPU time the bot's process has used so far (ms; NaN when it shares this process). */
  cpuMs(): Promise<number>;
  /** Once nothing is in flight: the store's statements and transactions so far, and cpuMs (0 when it shares this process, whose own CPU counts it). */
  settled(): Promise<{ statements: number; transactions: number; roundTrips?: number; cpuMs: number }>;
  stop(): Promise<void>;
  /** The app itself when it runs in this process (the bench's statement trace reads it). */
  app?: App;
}

/** The bot in this process, beside the local Discord and the driver (IN_PROCESS=1). */
export async function botHere(env: Record<string, string>, seeds: string): Promise<BotUnderTest> {
  const app = await startApp(env, { log: pino({ level: "silent" }), newSeed: fixedSeeds(seeds), sweepEveryMs: 0 });
  return {
    app,
    file: app.services.store.file,
    inFlight: async () => app.bot.router.inFlight(),
    cpuMs: async () => NaN,
    settled: async () => {
      // Awaits the handlers themselves: a spin here would count as the bot's CPU while a handler waits on Discord.
      await app.bot.router.settled();
      const c = app.services.store.counts;
      return { statements: c.statements, transactions: c.transactions, roundTrips: c.roundTrips, cpuMs: 0 };
    },
    memory: async () => {
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage();
    },
    stop: () => app.stop(),
  };
}

/**
 * What the image runs the bot with: the Dockerfile's NODE_OPTIONS and the flags its CMD gives node
 * (BOT_NODE_FLAGS replaces both), and its allocator settings.
 */
export function productionRuntime(): { flags: string; env: Record<string, string> } {
  const dockerfile = readFileSync(fileURLToPath(new URL("../Dockerfile", import.meta.url)), "utf8");
  const env = Object.fromEntries(
    [...dockerfile.matchAll(/^\s*(?:ENV\s+)?(MALLOC_\w+)=(\S+?)\s*\\?$/gm)].map((m) => [m[1]!, m[2]!]),
  );
  const options = /NODE_OPTIONS="([^"]*)"/.exec(dockerfile)?.[1] ?? "";
  const cmd = (JSON.parse(/^CMD\s+(\[.*\])\s*$/m.exec(dockerfile)?.[1] ?? "[]") as string[]).filter((a) =>
    a.startsWith("--"),
  );
  return { flags: process.env.BOT_NODE_FLAGS ?? [options, ...cmd].join(" ").trim(), env };
}

type Answer = { op: string } & Record<string, number>;

/** Starts `script` with the image's runtime and waits for its "ready"; `ask(op)` sends one and awaits its answer. */
async function child(script: string, env: Record<string, string>) {
  const runtime = productionRuntime();
  const proc: ChildProcess = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    env: { ...process.env, ...runtime.env, ...env },
    execArgv: ["--expose-gc", ...runtime.flags.split(" ").filter(Boolean)],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = (op: string) =>
    new Promise<Answer>((resolve) => {
      const on = (m: Answer) => {
        if (m.op !== op) return;
        proc.off("message", on);
        resolve(m);
      };
      proc.on("message", on);
    });
  await next("ready");
  return (op: string, answer = op) => {
    const p = next(answer);
    proc.send({ op });
    return p;
  };
}

export async function botApart(env: Record<string, string>): Promise<BotUnderTest> {
  // As production runs it: plain JavaScript built into dist/ (npm run build), no TypeScript loader.
  execFileSync(process.execPath, [fileURLToPath(new URL("../scripts/build.mjs", import.meta.url))], {
    stdio: "ignore",
  });
  const ask = await child("./bot-process.mjs", env);
  return {
    file: databaseFile(env.DATABASE_URL),
    inFlight: async () => (await ask("inFlight")).inFlight!,
    cpuMs: async () => (await ask("inFlight")).cpuMs!,
    settled: async () => {
      const m = await ask("settled");
      return {
        statements: m.statements!,
        transactions: m.transactions!,
        roundTrips: m.roundTrips ?? 0,
        cpuMs: m.cpuMs!,
      };
    },
    memory: async () => {
      const m = await ask("memory");
      if ((m as { smaps?: unknown }).smaps)
        console.log(`  bot's memory by mapping: ${(m as { smaps?: unknown }).smaps}`);
      return { rss: m.rss!, heapUsed: m.heapUsed! };
    },
    stop: async () => {
      await ask("stop", "stopped");
    },
  };
}

/** A bare discord.js client answering /ping with "pong" (bench/bare-process.mjs), in its own process like the bot. */
export async function bareApart(env: {
  token: string;
  apiUrl: string;
  guildId: string;
}): Promise<{ cpuMs(): Promise<number>; stop(): Promise<void> }> {
  const ask = await child("./bare-process.mjs", {
    BARE_TOKEN: env.token,
    BARE_API_URL: env.apiUrl,
    BARE_GUILD_ID: env.guildId,
  });
  return {
    cpuMs: async () => (await ask("cpu")).cpuMs!,
    stop: async () => {
      await ask("stop", "stopped");
    },
  };
}
