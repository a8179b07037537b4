// Before `npm start`, `npm run local`, `npm test`: installs dependencies when
// they are missing, saying what it does and roughly how long it takes (the
// first install compiles better-sqlite3 from source: a minute or two), and every
// 10 s where it is (from npm's own output), instead of a silent wait. Plain Node, no dependencies: it runs before any exist.
// TENFOOT_ROOT and TENFOOT_INSTALL override the folder and the install command (tests).
import { createWriteStream, existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";

const root = process.env.TENFOOT_ROOT ?? process.cwd();
const needed = ["node_modules/.bin/tsx", "src/generated/prisma/client.ts", "src/generated/prisma-pg/client.ts"];
const missing = needed.filter((p) => !existsSync(join(root, p)));
if (!missing.length) process.exit(0);

const say = (line) => process.stderr.write(`[first start] ${line}\n`);
say("Installing dependencies: npm install, then better-sqlite3 compiled from source and the database client generated.");
say("This happens once and takes about 1–2 minutes on two cores (longer on a slow disk); a line every 10 s says where it is.");
const started = Date.now();
const secs = () => Math.round((Date.now() - started) / 1000);
// npm's own output, read as it comes (--loglevel=http names each package fetched; --foreground-scripts shows
// the compile and the client generation), kept in a log and summed up every 10 s: what is being done, what remains.
const command = process.env.TENFOOT_INSTALL ?? "npm install --no-audit --no-fund --loglevel=http --foreground-scripts";
const logPath = join(tmpdir(), `tenfoot-install-${process.pid}.log`);
const log = createWriteStream(logPath);
let total = 0;
try {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  total = Object.keys(lock.packages ?? {}).filter((k) => k.startsWith("node_modules/")).length;
} catch {}
const seen = { fetched: 0, phase: "resolving the dependency tree", last: "" };
const PHASES = [
  [/better-sqlite3|node-gyp|gyp info|CXX\(target\)|CC\(target\)/, "compiling better-sqlite3 from source (about 75 s on two cores)", "then the Prisma clients are generated"],
  [/prisma generate|Generated Prisma|prisma\/schema|@prisma\/engines/, "generating the Prisma clients", "then the bot starts"],
  [/esbuild/, "installing esbuild", "then better-sqlite3 is compiled and the Prisma clients generated"],
];
const ORDER = [1, 2, 0];
const remains = () => {
  if (/resolving|fetching/.test(seen.phase)) return total ? `${Math.min(seen.fetched, total)} of ${total} packages fetched; then better-sqlite3 is compiled and the Prisma clients generated` : "then better-sqlite3 is compiled and the Prisma clients generated";
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
      if (/resolving/.test(seen.phase)) seen.phase = "fetching packages";
    }
    // Phases only move forward: esbuild's script and the compile, then the clients.
    const at = PHASES.findIndex((p) => p[1] === seen.phase);
    for (const [i, [re, phase]] of PHASES.entries()) if (re.test(text) && !/npm http fetch/.test(text) && (at < 0 || ORDER[i] > ORDER[at])) seen.phase = phase;
  }
};
const child = spawn(command, { cwd: root, shell: true, stdio: ["ignore", "pipe", "pipe"] });
child.stdout.on("data", read);
child.stderr.on("data", read);
const beat = setInterval(() => {
  const count = "";
  const rest = remains();
  say(`${secs()} s: ${seen.phase}${count}${rest ? `; ${rest}` : ""}.${seen.last ? ` npm: ${seen.last}` : ""}`);
}, Number(process.env.TENFOOT_INSTALL_BEAT_MS ?? 10_000));
const status = await new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
clearInterval(beat);
await new Promise((resolve) => log.end(resolve));
if (status !== 0) {
  const tail = readFileSync(logPath, "utf8").trim().split("\n").slice(-25).join("\n");
  process.stderr.write(`${tail}\n`);
  say(`The install failed after ${secs()} s (exit ${status}). npm's last lines are above (all of it: ${logPath}); fix what they name, then run the same command again.`);
  process.exit(status);
}
rmSync(logPath, { force: true });
say(`Installed in ${secs()} s. Starting…`);
