/** `npm start`: runs the bot until SIGINT/SIGTERM (with SHARD_COUNT: a process per shard, see src/shards.ts). */
// Only types are imported up here. A static import graph is loaded whole before this file's first
// line runs (a second or more under load), and a SIGTERM in that time would end the process with
// nothing logged. So the signal handlers come first, and the bot is loaded after them.
import type { App } from "./app.js";
import type { ShardManager } from "./shards.js";

const SIGNALS = ["SIGINT", "SIGTERM"] as const;
/** A signal that came before this file ran, held by scripts/installed.mjs (which npm start preloads). */
const EARLY = Symbol.for("ten-foot-pole.early-signal");
/**
 * How long a stop waits for a start-up still under way (a login that hangs) before it gives up:
 * longer than a start takes on a slow, busy machine; past it, exit 1 (an orchestrator's own grace
 * period, 30 s in compose.yaml, may end it sooner).
 */
const START_WAIT_MS = 60_000;

// A SIGTERM during start-up (interactions may already be arriving) waits for the start to finish,
// then drains like any other stop; one before the start began ends the process at once.
let requested: string | undefined;
let starting: Promise<App> | undefined;
let managing: Promise<ShardManager> | undefined;
/** Set once the logger is loaded: until a start begins, a signal ends the process at once. */
let beforeStart: ((sig: string) => never) | undefined;
const request = (sig: string) => {
  if (requested) return;
  requested = sig;
  if (managing) void stopShards(sig);
  else if (starting) void stop(sig);
  // Nothing started yet: stop now (before the logger is loaded, the start checks `requested`).
  else beforeStart?.(sig);
};
for (const sig of SIGNALS) process.on(sig, () => request(sig));
for (const sig of SIGNALS)
  for (const l of process.listeners(sig)) if ((l as { [EARLY]?: boolean })[EARLY]) process.off(sig, l);
const early = (globalThis as Record<symbol, unknown>)[EARLY];
if (typeof early === "string") request(early);

await import("dotenv/config");
// The configuration and the logger first (small), so a signal while the rest loads is logged and ends it.
const [{ loadConfig }, { createLogger }] = await Promise.all([import("./config.js"), import("./log.js")]);

/** SHARD_COUNT without SHARD_ID: this process is the shard manager; with SHARD_ID it is one shard. */
const sharded = Boolean(process.env.SHARD_COUNT?.trim()) && !process.env.SHARD_ID?.trim();

const fail = (err: Error): never => {
  console.error(`Ten-Foot Pole could not start: ${err.message}`);
  process.exit(1);
};
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return fail(err as Error);
  }
})();
const root = createLogger({ level: config.LOG_LEVEL, pretty: config.LOG_PRETTY });
const log = sharded
  ? root.child({ role: "shard-manager" })
  : process.env.SHARD_ID?.trim()
    ? root.child({ shard: Number(process.env.SHARD_ID) })
    : root;
beforeStart = (sig) => {
  log.info({ signal: sig }, "stopping: the signal came before the bot started; nothing to finish");
  process.exit(0);
};
if (requested) beforeStart(requested);
const [{ startApp }, { startShards, serveOwnHealth }, { startBeats }] = await Promise.all([
  import("./app.js"),
  import("./shards.js"),
  import("./loop-delay.js"),
]);

/** The start, or undefined when it has not finished within START_WAIT_MS (it is said once, here). */
async function started<T>(start: Promise<T>, sig: string): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), START_WAIT_MS)));
  const r = await Promise.race([start.catch(() => undefined), late]);
  clearTimeout(timer);
  if (r !== "late") return r;
  log.error(
    { signal: sig, waitedMs: START_WAIT_MS },
    "stopping: start-up did not finish after the signal; exiting without it",
  );
  process.exit(1);
}

/** How long a shard whose manager is gone may take to stop before it exits regardless. */
const ORPHAN_EXIT_MS = 30_000;

async function stop(sig: string): Promise<void> {
  const app = await started(starting!, sig);
  if (!app) return; // the start failed: it reports and exits itself
  app.log.info({ signal: sig, inFlight: app.bot.router.inFlight() }, "stopping: finishing interactions in flight");
  try {
    await app.stop();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, "error while stopping");
    process.exit(1);
  }
}

async function stopShards(sig: string): Promise<void> {
  const manager = await started(managing!, sig);
  if (!manager) return;
  manager.log.info({ signal: sig }, "stopping: every shard finishes its interactions in flight");
  await manager.stop();
  process.exit(0);
}

if (sharded) {
  managing = startShards(config, log);
  const manager = await managing.catch(fail);
  await manager.ready;
  if (!requested) log.info({ shards: manager.ids, count: manager.count }, "every shard of this machine is ready");
} else {
  starting = startApp(process.env, { log: root });
  const app = await starting.catch(fail);
  if (!requested) app.log.info({ readyMs: Math.round(app.readyMs) }, "Ten-Foot Pole is running");
  // One process on its own (a container without SHARD_COUNT): its /health, for the image's HEALTHCHECK.
  if (!process.send && !requested) serveOwnHealth(config, app.log);
  // A shard tells its manager it is ready (the manager starts the next one then),
  // and stops gracefully if its manager is gone rather than run unmanaged.
  process.send?.({ kind: "ready", readyMs: Math.round(app.readyMs) });
  // A stop that cannot finish (its database or Discord gone with the manager) still ends the process:
  // an orphaned shard must never run on unmanaged.
  if (process.send)
    process.once("disconnect", () => {
      setTimeout(() => process.exit(1), ORPHAN_EXIT_MS).unref();
      process.kill(process.pid, "SIGTERM");
    });
  // …and beats every second, so that the manager's /health sees a blocked event loop.
  if (process.send) startBeats((beat) => void (process.connected && process.send?.(beat)));
  if (app.local && !requested) {
    const port = new URL(app.local.apiUrl).port;
    console.log(
      [
        "",
        "No DISCORD_TOKEN: running against the local Discord on 127.0.0.1:" + port + ".",
        "Play in your browser: http://127.0.0.1:" +
          port +
          "/  (a channel like Discord's: pick a user, type /, press the buttons)",
        "Or talk to the bot from another terminal:",
        '  npm run local -- "/roll dice:4d6kh3 reason:strength"',
        "  npm run local -- --press <messageId> <customId>",
        "  npm run local            (an interactive prompt: type slash commands)",
        "or over HTTP: curl -s -X POST 127.0.0.1:" +
          port +
          "/_local/command -H 'content-type: application/json' -d '{\"line\":\"/roll dice:2d6\"}'",
        "",
      ].join("\n"),
    );
  }
}
