/** `npm start`: runs the bot until SIGINT/SIGTERM (with SHARD_COUNT: a process per shard, see src/shards.ts). */
import "dotenv/config";
import { startApp } from "./app.js";
import { loadConfig } from "./config.js";
import { createLogger } from "./log.js";
import { startShards } from "./shards.js";

function onStop(stop: () => Promise<void>, log: { info(o: object, m: string): void; error(o: object, m: string): void }, inFlight: () => number = () => 0): void {
  let stopping = false;
  for (const sig of ["SIGINT", "SIGTERM"] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal: sig, inFlight: inFlight() }, "stopping: finishing interactions in flight");
      stop()
        .then(() => process.exit(0))
        .catch((err) => {
          log.error({ err }, "error while stopping");
          process.exit(1);
        });
    });
  }
}

async function manage(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ level: config.LOG_LEVEL, pretty: config.LOG_PRETTY }).child({ role: "shard-manager" });
  const manager = await startShards(config, log);
  onStop(() => manager.stop(), log);
  await manager.ready;
  log.info({ shards: manager.ids, count: manager.count }, "every shard of this machine is ready");
}

async function single(): Promise<void> {
  const app = await startApp();
  app.log.info({ readyMs: Math.round(app.readyMs) }, "Ten-Foot Pole is running");
  // A shard tells its manager it is ready (the manager starts the next one then).
  process.send?.({ kind: "ready", readyMs: Math.round(app.readyMs) });
  if (app.local) {
    const port = new URL(app.local.apiUrl).port;
    console.log(
      [
        "",
        "No DISCORD_TOKEN: running against the local Discord on 127.0.0.1:" + port + ".",
        "Talk to the bot from another terminal:",
        "  npm run local -- \"/roll dice:4d6kh3 reason:strength\"",
        "  npm run local -- --press <messageId> <customId>",
        "  npm run local            (an interactive prompt: type slash commands)",
        "or over HTTP: curl -s -X POST 127.0.0.1:" + port + "/_local/command -H 'content-type: application/json' -d '{\"line\":\"/roll dice:2d6\"}'",
        "",
      ].join("\n"),
    );
  }
  onStop(() => app.stop(), app.log, () => app.bot.router.inFlight());
  // A shard whose manager is gone (killed) stops gracefully rather than run unmanaged.
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}

const sharded = Boolean(process.env.SHARD_COUNT?.trim()) && !process.env.SHARD_ID?.trim();
await (sharded ? manage() : single()).catch((err: Error) => {
  console.error(`Ten-Foot Pole could not start: ${err.message}`);
  process.exit(1);
});
