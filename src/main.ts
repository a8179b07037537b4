/** `npm start`: runs the bot until SIGINT/SIGTERM. */
import "dotenv/config";
import { startApp, type App } from "./app.js";

// The signal handlers come first: a SIGTERM during start-up (interactions may already
// be arriving) waits for the start to finish, then drains like any other stop.
let stopping = false;
let starting: Promise<App> | undefined;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    void stop(sig);
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

starting = startApp();
const app = await starting.catch((err: Error) => {
  console.error(`Ten-Foot Pole could not start: ${err.message}`);
  process.exit(1);
});
app.log.info({ readyMs: Math.round(app.readyMs) }, "Ten-Foot Pole is running");
if (app.local && !stopping) {
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
