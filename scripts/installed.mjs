// Before `npm start`, `npm run local`, `npm test`: installs dependencies when
// they are missing, saying what it does and roughly how long it takes (the
// first install compiles better-sqlite3 from source: a minute or two), and every
// 10 s where it is (from npm's own output), instead of a silent wait. Plain Node, no dependencies: it runs before any exist.
// TENFOOT_ROOT and TENFOOT_INSTALL override the folder and the install command (tests).
//
// Two ways to run it:
// - as a script (`node scripts/installed.mjs`, the pre-hooks of dev, local, test, bench);
// - preloaded by `npm start` (`node --import ./scripts/installed.mjs --import tsx src/main.ts`):
//   one process from the check to the bot, so a SIGTERM at any moment reaches the one process
//   that can act on it. Its handlers are the first JavaScript the process runs; a signal that
//   comes after the check and before src/main.ts has run is held for main.ts (EARLY below).
// A signal during the install stops the install (forwarded to it, and waited for), says so,
// and ends the process: with exit 0 when preloaded (the bot never starts), or by the same signal
// as a script (so that npm does not go on to the script this one came before).
import { createWriteStream, existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Where a signal that came before src/main.ts ran is left for it (main.ts reads and acts on it). */
const EARLY = Symbol.for("ten-foot-pole.early-signal");
const SIGNALS = ["SIGINT", "SIGTERM"];
const preloaded = !process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(import.meta.url);

/** The install's process while it runs: a signal is forwarded to it. */
let installing = null;
const onSignal = (sig) => {
  globalThis[EARLY] ??= sig;
  // The install runs in its own process group (a shell, npm, npm's scripts): all of it stops.
  if (installing) {
    try {
      process.kill(-installing.pid, sig);
    } catch {
      installing.kill(sig);
    }
  }
};
// Marked, so that src/main.ts can find and remove these once its own handlers are in place.
onSignal[EARLY] = true;
for (const sig of SIGNALS) process.on(sig, onSignal);

const root = process.env.TENFOOT_ROOT ?? process.cwd();
const needed = ["node_modules/.bin/tsx", "src/generated/prisma/client.ts", "src/generated/prisma-pg/client.ts"];
const missing = needed.filter((p) => !existsSync(join(root, p)));
if (missing.length) await install();
// As a script there is nothing left to hand a signal to: the default (ending the process) applies again.
if (!preloaded) for (const sig of SIGNALS) process.off(sig, onSignal);

async function install() {
  const say = (line) => process.stderr.write(`[first start] ${line}\n`);
  say(
    "Installing dependencies: npm install, then better-sqlite3 compiled from source and the database client generated.",
  );
  say(
    "This happens once: about 1–2 minutes on an idle machine of two cores, 4–5 on a busy one or a slow disk. A line every 10 s says how long it has taken, what it is doing and what remains.",
  );
  const started = Date.now();
  const secs = () => Math.round((Date.now() - started) / 1000);
  // npm's own output, read as it comes (--loglevel=http names each package fetched; --foreground-scripts shows
  // the compile and the client generation), kept in a log and summed up every 10 s: what is being done, what remains.
  const command =
    process.env.TENFOOT_INSTALL ?? "npm install --no-audit --no-fund --loglevel=http --foreground-scripts";
  const logPath = join(tmpdir(), `tenfoot-install-${process.pid}.log`);
  const log = createWriteStream(logPath);
  const progress = watchProgress(log, secs);
  // Not spawnSync: a blocked event loop could not run the signal handler above.
  installing = spawn(command, { cwd: root, stdio: ["ignore", "pipe", "pipe"], shell: true, detached: true });
  installing.stdout.on("data", progress.read);
  installing.stderr.on("data", progress.read);
  const beat = setInterval(
    () => say(`${secs()} s: ${progress.summary()}`),
    Number(process.env.TENFOOT_INSTALL_BEAT_MS ?? 10_000),
  );
  const [status, signal] = await new Promise((done) => {
    installing.once("error", () => done([1, null]));
    installing.once("close", (code, sig) => done([code, sig]));
  });
  clearInterval(beat);
  await new Promise((r) => log.end(r));
  const group = installing.pid;
  installing = null;
  const stopped = globalThis[EARLY];
  if (stopped) {
    await groupGone(group);
    rmSync(logPath, { force: true });
    say(
      `stopping: ${stopped} during the install (after ${secs()} s); it was stopped and the bot was not started. The next start installs again.`,
    );
    if (preloaded) process.exit(0);
    for (const sig of SIGNALS) process.off(sig, onSignal);
    process.kill(process.pid, stopped);
    await new Promise(() => {}); // the signal ends the process
  }
  if (status !== 0) {
    const tail = readFileSync(logPath, "utf8").trim().split("\n").slice(-25).join("\n");
    process.stderr.write(`${tail}\n`);
    say(
      `The install failed after ${secs()} s (exit ${status ?? signal}). npm's last lines are above (all of it: ${logPath}); fix what they name, then run the same command again.`,
    );
    process.exit(status ?? 1);
  }
  rmSync(logPath, { force: true });
  say(`Installed in ${secs()} s. Starting…`);
}

/** Reads npm's output as it comes: where the install is (packages fetched of the lockfile's, the compile, the clients). */
function watchProgress(log, secs) {
  let total = 0;
  try {
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
    total = Object.keys(lock.packages ?? {}).filter((k) => k.startsWith("node_modules/")).length;
  } catch {}
  const seen = { fetched: 0, phase: "resolving the dependency tree", since: 0, last: "" };
  const PHASES = [
    [
      /better-sqlite3|node-gyp|gyp info|CXX\(target\)|CC\(target\)/,
      "compiling better-sqlite3 from source",
      "then the Prisma clients are generated",
    ],
    [
      /prisma generate|Generated Prisma|prisma\/schema|@prisma\/engines/,
      "generating the Prisma clients",
      "then the bot starts",
    ],
    [/esbuild/, "installing esbuild", "then better-sqlite3 is compiled and the Prisma clients generated"],
  ];
  const ORDER = [1, 2, 0];
  const remains = () => {
    if (/resolving|fetching/.test(seen.phase))
      return total
        ? `${Math.min(seen.fetched, total)} of ${total} packages fetched; then better-sqlite3 is compiled and the Prisma clients generated`
        : "then better-sqlite3 is compiled and the Prisma clients generated";
    return PHASES.find((p) => p[1] === seen.phase)?.[2] ?? "";
  };
  const read = (chunk) => {
    log.write(chunk);
    for (const line of chunk.toString("utf8").split(/\r?\n/)) {
      const text = line.trim();
      if (!text) continue;
      seen.last = text.length > 100 ? `${text.slice(0, 97)}…` : text;
      // A package's tarball (its metadata is fetched too, and does not count).
      if (/^npm http fetch GET 200 \S+\.tgz/.test(text)) {
        seen.fetched++;
        if (/resolving/.test(seen.phase)) [seen.phase, seen.since] = ["fetching packages", secs()];
      }
      // Phases only move forward: esbuild's script and the compile, then the clients.
      const at = PHASES.findIndex((p) => p[1] === seen.phase);
      for (const [i, [re, phase]] of PHASES.entries())
        if (re.test(text) && !/npm http fetch/.test(text) && (at < 0 || ORDER[i] > ORDER[at]))
          [seen.phase, seen.since] = [phase, secs()];
    }
  };
  const summary = () => {
    const rest = remains();
    // How long this step has taken so far: machines differ too much for an estimate to be honest.
    return `${seen.phase} (${secs() - seen.since} s so far)${rest ? `; ${rest}` : ""}.${seen.last ? ` npm: ${seen.last}` : ""}`;
  };
  return { read, summary };
}

/** Waits (up to 5 s) until no process of the install's group is left: npm's own children stop too. */
async function groupGone(pgid) {
  for (const end = Date.now() + 5000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
  }
}
