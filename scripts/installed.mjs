// Before `npm start`, `npm run local`, `npm test`: installs dependencies when
// they are missing, saying what it does and roughly how long it takes (the
// first install compiles better-sqlite3 from source: a minute or two), instead
// of a silent wait. Plain Node, no dependencies: it runs before any exist.
// TENFOOT_ROOT and TENFOOT_INSTALL override the folder and the install command (tests).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";

const root = process.env.TENFOOT_ROOT ?? process.cwd();
const needed = ["node_modules/.bin/tsx", "src/generated/prisma/client.ts", "src/generated/prisma-pg/client.ts"];
const missing = needed.filter((p) => !existsSync(join(root, p)));
if (!missing.length) process.exit(0);

const say = (line) => process.stderr.write(`[first start] ${line}\n`);
say("Installing dependencies: npm install, then better-sqlite3 compiled from source and the database client generated.");
say("This happens once and takes about 1–2 minutes on two cores (longer on a slow disk); npm's own output follows.");
const started = Date.now();
const command = process.env.TENFOOT_INSTALL ?? "npm install --no-audit --no-fund";
const r = spawnSync(command, { cwd: root, stdio: "inherit", shell: true });
const secs = Math.round((Date.now() - started) / 1000);
if (r.status !== 0) {
  say(`The install failed after ${secs} s (exit ${r.status}). Read npm's message above, fix what it names, then run the same command again.`);
  process.exit(r.status ?? 1);
}
say(`Installed in ${secs} s. Starting…`);
