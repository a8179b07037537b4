/** `npm start`: runs the bot until SIGINT/SIGTERM (with SHARD_COUNT: a process per shard, see src/shards.ts). */
import "dotenv/config";
import { startApp, type App } from "./app.js";
import { loadConfig } from "./config.js";
import { createLogger } from "./log.js";
import { startShards, type ShardManager } from "./shards.js";
import { startBeats } from "./loop-delay.js";

/** SHARD_COUNT without SHARD_ID: this process is the shard manager; with SHARD_ID it is one shard. */
const sharded = Boolean(process.env.SHARD_COUNT?.trim()) && !process.env.SHARD_ID?.trim();

// The signal handlers come first: a SIGTERM during start-up (interactions may already
// be arriving) waits for the start to finish, then drains like any other stop.
let stopping = false;
let starting: Promise<App> | undefined;
let managing: Promise<ShardManager> | undefined;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    void (sharded ? stopShards(sig) : stop(sig));
  });
}

async function stop(sig: string): Promise<void> {
  const app = await starting?.catch(() => undefined);
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
  const manager = await managing?.catch(() => undefined);
  if (!manager) return;
  manager.log.info({ signal: sig }, "stopping: every shard finishes its interactions in flight");
  await manager.stop();
  process.exit(0);
}

const fail = (err: Error): never => {
  console.error(`Ten-Foot Pole could not start: ${err.message}`);
  process.exit(1);
};

if (sharded) {
  const config = (() => {
    try {
      return loadConfig();
    } catch (err) {
      return fail(err as Error);
    }
  })();
  const log = createLogger({ level: config.LOG_LEVEL, pretty: config.LOG_PRETTY }).child({ role: "shard-manager" });
  managing = startShards(config, log);
  const manager = await managing.catch(fail);
  await manager.ready;
  if (!stopping) log.info({ shards: manager.ids, count: manager.count }, "every shard of this machine is ready");
} else {
  starting = startApp();
  const app = await starting.catch(fail);
  app.log.info({ readyMs: Math.round(app.readyMs) }, "Ten-Foot Pole is running");
  // A shard tells its manager it is ready (the manager starts the next one then),
  // and stops gracefully if its manager is gone rather than run unmanaged.
  process.send?.({ kind: "ready", readyMs: Math.round(app.readyMs) });
  if (process.send) process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
  // …and beats every second, so that the manager's /health sees a blocked event loop.
  if (process.send) startBeats((beat) => void (process.connected && process.send?.(beat)));
  if (app.local && !stopping) {
    const port = new URL(app.local.apiUrl).port;
    console.log(
      [
        "",
        "No DISCORD_TOKEN: running against the local Discord on 127.0.0.1:" + port + ".",
        "Play in your browser: http://127.0.0.1:" + port + "/  (a channel like Discord's: pick a user, type /, press the buttons)",
        "Or talk to the bot from another terminal:",
        "  npm run local -- \"/roll dice:4d6kh3 reason:strength\"",
        "  npm run local -- --press <messageId> <customId>",
        "  npm run local            (an interactive prompt: type slash commands)",
        "or over HTTP: curl -s -X POST 127.0.0.1:" + port + "/_local/command -H 'content-type: application/json' -d '{\"line\":\"/roll dice:2d6\"}'",
        "",
      ].join("\n"),
    );
  }
}
