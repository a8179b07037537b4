/** `npm start`: runs the bot until SIGINT/SIGTERM. */
import "dotenv/config";
import { startApp } from "./app.js";

const app = await startApp().catch((err: Error) => {
  console.error(`Ten-Foot Pole could not start: ${err.message}`);
  process.exit(1);
});
app.log.info({ readyMs: Math.round(app.readyMs) }, "Ten-Foot Pole is running");
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

let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal: sig, inFlight: app.bot.router.inFlight() }, "stopping: finishing interactions in flight");
    app
      .stop()
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err }, "error while stopping");
        process.exit(1);
      });
  });
}
