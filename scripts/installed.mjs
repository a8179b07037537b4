// Before `npm start`, `npm run local`, `npm test`: installs dependencies when
// they are missing, saying what it does and roughly how long it takes (the
// first install compiles better-sqlite3 from source: a minute or two), instead
// of a silent wait. Plain Node, no dependencies: it runs before any exist.
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
import { existsSync } from "node:fs";
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
  say("Installing dependencies: npm install, then better-sqlite3 compiled from source and the database client generated.");
  say("This happens once and takes about 1–2 minutes on two cores (longer on a slow disk); npm's own output follows.");
  const started = Date.now();
  const command = process.env.TENFOOT_INSTALL ?? "npm install --no-audit --no-fund";
  // Not spawnSync: a blocked event loop could not run the signal handler above.
  installing = spawn(command, { cwd: root, stdio: "inherit", shell: true, detached: true });
  const [status, signal] = await new Promise((done) => {
    installing.once("error", () => done([1, null]));
    installing.once("exit", (code, sig) => done([code, sig]));
  });
  const group = installing.pid;
  installing = null;
  const secs = Math.round((Date.now() - started) / 1000);
  const stopped = globalThis[EARLY];
  if (stopped) {
    await groupGone(group);
    say(`stopping: ${stopped} during the install (after ${secs} s); it was stopped and the bot was not started. The next start installs again.`);
    if (preloaded) process.exit(0);
    for (const sig of SIGNALS) process.off(sig, onSignal);
    process.kill(process.pid, stopped);
    await new Promise(() => {}); // the signal ends the process
  }
  if (status !== 0) {
    say(`The install failed after ${secs} s (exit ${status ?? signal}). Read npm's message above, fix what it names, then run the same command again.`);
    process.exit(status ?? 1);
  }
  say(`Installed in ${secs} s. Starting…`);
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
