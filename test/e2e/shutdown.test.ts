// Issue 32, point 4: a SIGTERM at any moment, from the process's first instant to a gateway
// reconnect under load, is handled: the process exits 0 within a bound, says "stopping" once,
// and answers every interaction it received. Each moment is tried a few times, the bot run as
// `npm start` runs it (the install check preloaded) and, in some rounds, through npm itself.
// Every wait is on the process's own output or exit, bounded; none is a fixed sleep.
import { afterAll, describe, it, expect } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDatabase } from "../helpers/database.js";

/** From the signal to the exit: generous for a loaded machine, far below "never". */
const STOP_BOUND_MS = 30_000;
/** From the spawn to a moment of start-up (ready takes 2 s on two idle cores, over 60 s on two very busy ones). */
const START_BOUND_MS = 150_000;
const ROLL = /alice rolls for drain|restarting/;

const rounds: string[] = [];
afterAll(() => console.log(`shutdown rounds:\n${rounds.join("\n")}`));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Bot {
  child: ChildProcess;
  port: number;
  dir: string;
  out(): string;
  /** Resolves when the output matches; rejects if the process exits first or the bound passes. */
  until(re: RegExp, ms?: number): Promise<void>;
  /** SIGTERM now; resolves with the exit and how long it took, or rejects past STOP_BOUND_MS. */
  term(): Promise<{ code: number | null; signal: string | null; ms: number }>;
  command(line: string): Promise<string>;
}

async function withBot(
  how: "node" | "npm",
  env: Record<string, string>,
  run: (bot: Bot) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-stop-"));
  const port = await freePort();
  const database = await testDatabase(dir, "p.db");
  const [cmd, args] =
    how === "npm"
      ? ["npm", ["start", "-s"]]
      : [process.execPath, ["--import", "./scripts/installed.mjs", "--import", "tsx", "src/main.ts"]];
  const child = spawn(cmd, args, {
    env: {
      ...process.env,
      DISCORD_TOKEN: "",
      DATABASE_URL: database.url,
      LOCAL_DISCORD_PORT: String(port),
      LOG_LEVEL: "trace",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: a failed round's clean-up kills npm and the bot it runs, not npm alone.
    detached: true,
  });
  let out = "";
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const waiters = new Set<() => void>();
  const grow = (d: Buffer) => {
    out += String(d);
    for (const w of waiters) w();
  };
  child.stdout!.on("data", grow);
  child.stderr!.on("data", grow);
  const bounded = <T>(p: Promise<T>, ms: number, what: string) => {
    let timer: NodeJS.Timeout;
    return Promise.race([
      p,
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms\n${out.slice(-3000)}`)), ms)),
      ),
    ]).finally(() => clearTimeout(timer));
  };
  const bot: Bot = {
    child,
    port,
    dir,
    out: () => out,
    until: (re, ms = START_BOUND_MS) =>
      bounded(
        new Promise<void>((resolve, reject) => {
          const check = () => re.test(out) && (waiters.delete(check), resolve());
          waiters.add(check);
          check();
          void exit.then(
            () => (
              waiters.delete(check),
              re.test(out) ? resolve() : reject(new Error(`exited before ${re}:\n${out.slice(-3000)}`))
            ),
          );
        }),
        ms,
        `waiting for ${re}`,
      ),
    term: async () => {
      const t0 = performance.now();
      child.kill("SIGTERM");
      const e = await bounded(exit, STOP_BOUND_MS, "exit after SIGTERM");
      return { ...e, ms: Math.round(performance.now() - t0) };
    },
    command: (line) =>
      fetch(`http://127.0.0.1:${port}/_local/command`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ line, user: "alice" }),
      })
        .then(async (r) => {
          const body = (await r.json()) as { text?: string; error?: string };
          return body.text ?? body.error ?? "";
        })
        .catch((e: Error) => `no answer: ${e.message}`),
  };
  try {
    await run(bot);
  } finally {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // the group is gone: every process of the round has exited
    }
    await exit;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A process is gone once it no longer exists or is a zombie waiting to be reaped (Linux). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const count = (text: string, re: RegExp) => text.match(new RegExp(re, "g"))?.length ?? 0;
const stoppingLines = (out: string) => count(out, /"msg":"stopping: /);

/** The checks every round makes after its SIGTERM, and its line for the closing note. */
function expectCleanStop(
  moment: string,
  bot: Bot,
  exit: { code: number | null; ms: number },
  texts: string[] = [],
): void {
  const out = bot.out();
  const received = count(out, /"msg":"interaction received"/);
  // What the bot saw through: run to the end, or refused with "restarting".
  const finished =
    count(out, /"msg":"interaction"}/) +
    count(out, /"msg":"interaction refused while stopping"/) +
    count(out, /"msg":"interaction already handled: ignored"/);
  const answered = texts.filter((t) => ROLL.test(t)).length;
  // On a very busy machine an answer can come after Discord's 3 s deadline: late, not lost.
  const late = texts.filter((t) => /deadline/.test(t)).length;
  rounds.push(
    `${moment}: exit ${exit.code} after ${exit.ms} ms; ${texts.length} sent, ${received} received, ${answered} answered${late ? `, ${late} given up by the local Discord at its 3 s deadline` : ""}`,
  );
  expect(exit.code, out.slice(-3000)).toBe(0);
  expect(stoppingLines(out), out.slice(-3000)).toBe(1);
  // Every interaction the bot received was seen through before the process ended, and reached
  // the player (a roll, or "restarting") unless the machine was too slow for Discord's deadline.
  expect(finished, out.slice(-3000)).toBe(received);
  expect(answered + late, texts.join("\n")).toBeGreaterThanOrEqual(received);
  // The local Discord's token (random in every run, src/local/server.ts) never reaches the log.
  expect(out).not.toMatch(/local\.[A-Za-z0-9_-]{43}/);
}

describe("SIGTERM at every moment of a bot's life", () => {
  it("right after spawn: nothing was accepted, and the process stops at once", { timeout: 400_000 }, async () => {
    // Before node runs any JavaScript no handler can exist (the process ends by the signal,
    // having printed nothing and accepted nothing); from the preload's first line on, the
    // signal is held and the bot stops before it starts anything.
    const round = (after: number, n: number) =>
      withBot("node", {}, async (bot) => {
        await new Promise<void>((resolve) => bot.child.once("spawn", resolve));
        if (after) await new Promise((r) => setTimeout(r, after)); // a moment inside the loading (not a bound)
        const exit = await bot.term();
        const out = bot.out();
        expect(out).not.toMatch(/"msg":"interaction received"/);
        if (exit.signal === "SIGTERM" && !out)
          return void rounds.push(
            `spawn +${after} ms (${n + 1}): ended by the signal before any JavaScript ran, after ${exit.ms} ms`,
          );
        expectCleanStop(`spawn +${after} ms (${n + 1})`, bot, exit);
        // On a quick start the bot is ready before the later moments come: then it stops as a running bot does.
        if (/ready: commands registered/.test(out)) {
          expect(out).toMatch(/"msg":"stopping: finishing interactions in flight"/);
          return void rounds.push(
            `spawn +${after} ms (${n + 1}): ready already, stopped as a running bot, after ${exit.ms} ms`,
          );
        }
        expect(out).toMatch(/"msg":"stopping: the signal came before the bot started; nothing to finish"/);
      });
    await Promise.all([0, 100, 300, 600, 1200].map(round));
  });

  it("during the install check: the install is stopped and waited for, the bot never starts, exit 0", {
    timeout: 400_000,
  }, async () => {
    const round = async (how: "node" | "npm") => {
      const empty = mkdtempSync(join(tmpdir(), "tenfoot-fresh-"));
      const pidFile = join(empty, "install.pid");
      // A stand-in for `npm install` that runs until it is stopped, and says who it is.
      writeFileSync(
        join(empty, "install.cjs"),
        `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); console.error("installing…"); setInterval(() => {}, 1000);`,
      );
      try {
        await withBot(
          how,
          { TENFOOT_ROOT: empty, TENFOOT_INSTALL: `node ${join(empty, "install.cjs")}` },
          async (bot) => {
            await bot.until(/installing…/);
            const exit = await bot.term();
            const out = bot.out();
            rounds.push(
              `install check (${how === "npm" ? "npm start" : "node"}): exit ${exit.code} after ${exit.ms} ms`,
            );
            expect(exit.code, out).toBe(0);
            expect(out).toMatch(/\[first start\] stopping: SIGTERM during the install/);
            expect(out).not.toMatch(/ready|"msg":"stopping/);
            // The install itself was stopped, not left running.
            expect(alive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
          },
        );
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    };
    await Promise.all([round("node"), round("npm")]);
  });

  it("during start-up: the start finishes, then it stops cleanly with exit 0", { timeout: 400_000 }, async () => {
    const round = (moment: RegExp) =>
      withBot("node", {}, async (bot) => {
        await bot.until(moment);
        const exit = await bot.term();
        expectCleanStop(`start-up, at ${moment.source.replace(/\\d\+|\\|"route":/g, "")}`, bot, exit);
        expect(bot.out()).toMatch(/"msg":"stopping: finishing interactions in flight"/);
      });
    // As the login begins (the gateway's address asked), and between the gateway's READY and the commands' registration.
    for (const moment of [/"route":"\/gateway\/bot"/, /"route":"\/applications\/\d+\/commands"/]) await round(moment);
  });

  it("under 30 interactions in flight: each one received is answered, then exit 0", { timeout: 400_000 }, async () => {
    const round = (how: "node" | "npm", n: number) =>
      withBot(how, {}, async (bot) => {
        await bot.until(/"msg":"ready: commands registered"/);
        const sent = Array.from({ length: 30 }, () => bot.command("/roll dice:3d6 reason:drain"));
        // As soon as the first interaction reaches the bot: the others are in flight behind it.
        await bot.until(/"msg":"interaction received"/);
        const exit = await bot.term();
        const texts = await Promise.all(sent);
        expectCleanStop(`30 in flight (${how === "npm" ? "npm start" : "node"}, ${n + 1})`, bot, exit, texts);
        expect(count(bot.out(), /"msg":"interaction received"/)).toBeGreaterThan(0);
        expect(bot.out()).toMatch(/"msg":"stopping: finishing interactions in flight"/);
        // The process's own trace log shows no token: neither the bot's nor any interaction's.
        expect(bot.out()).toMatch(/"route":"\/interactions\/\d+\/\[redacted\]\/callback"/);
        expect(bot.out()).not.toMatch(/aW50ZXJhY3Rpb246/);
      });
    for (const [n, how] of (["npm", "node", "npm"] as const).entries()) await round(how, n);
  });

  it("during a gateway reconnect with interactions in flight: each one received is answered, then exit 0", {
    timeout: 400_000,
  }, async () => {
    const round = (n: number) =>
      withBot("node", {}, async (bot) => {
        await bot.until(/"msg":"ready: commands registered"/);
        const before = Array.from({ length: 10 }, () => bot.command("/roll dice:3d6 reason:drain"));
        await bot.until(/"msg":"interaction received"/);
        const dropped = await fetch(`http://127.0.0.1:${bot.port}/_local/reconnect`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        expect(dropped.status).toBe(200);
        // Sent while the bot has no gateway connection: the local Discord keeps them for the resume.
        const during = Array.from({ length: 10 }, () => bot.command("/roll dice:3d6 reason:drain"));
        // The second round waits for the client to see the close; the first signals at once.
        if (n === 2) await bot.until(/local Discord dropped the connection|4000/);
        const exit = await bot.term();
        const texts = await Promise.all([...before, ...during]);
        expectCleanStop(`gateway reconnect (${n})`, bot, exit, texts);
      });
    for (const n of [1, 2]) await round(n);
  });
});
