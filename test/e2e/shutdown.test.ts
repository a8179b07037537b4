// Class 7 of "Hardening": SIGTERM right after start-up, with interactions in flight,
// drains them (every one answered) and exits 0; SIGTERM during start-up exits 0 too.
import { describe, it, expect } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOCAL_TOKEN } from "../../src/app.js";
import { testDatabase } from "../helpers/database.js";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const waitFor = async (check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 2));
  }
};

async function withBot(run: (p: { child: ChildProcess; port: number; out: () => string }) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-stop-"));
  const port = await freePort();
  const database = await testDatabase(dir, "p.db");
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: { ...process.env, DISCORD_TOKEN: "", DATABASE_URL: database.url, LOCAL_DISCORD_PORT: String(port), LOG_LEVEL: "trace" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  try {
    await run({ child, port, out: () => out });
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await exitCode(child);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const exitCode = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (c) => resolve(c))));

describe("SIGTERM right after start-up", () => {
  it("drains 30 interactions in flight: each is answered, then the process exits 0", async () => {
    await withBot(async ({ child, port, out }) => {
      await waitFor(() => /"msg":"ready: commands registered"/.test(out()));
      const sent = Array.from({ length: 30 }, () =>
        fetch(`http://127.0.0.1:${port}/_local/command`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ line: "/roll dice:3d6 reason:drain", user: "alice" }) })
          .then(async (r) => ((await r.json()) as { text?: string }).text ?? "")
          .catch((e: Error) => `no answer: ${e.message}`),
      );
      // As soon as the first interaction reaches the bot: the others are in flight behind it.
      await waitFor(() => /"msg":"interaction received"/.test(out()));
      child.kill("SIGTERM");
      const texts = await Promise.all(sent);
      expect(await exitCode(child), out()).toBe(0);
      const received = out().match(/"msg":"interaction received"/g)?.length ?? 0;
      expect(texts.filter((t) => /alice rolls for drain|restarting/.test(t)).length, texts.join("\n")).toBeGreaterThanOrEqual(received);
      expect(received).toBeGreaterThan(0);
      console.log(`received ${received}, answered ${texts.filter((t) => /alice rolls for drain|restarting/.test(t)).length}`);
      expect(out()).toMatch(/stopping: finishing interactions in flight/);
      // The process's own trace log shows no token: neither the bot's nor any interaction's.
      expect(out()).toMatch(/"route":"\/interactions\/\d+\/\[redacted\]\/callback"/);
      expect(out()).not.toContain(LOCAL_TOKEN);
      expect(out()).not.toMatch(/aW50ZXJhY3Rpb246/);
    });
  });

  it("a SIGTERM during start-up lets the start finish, then stops cleanly with exit 0", async () => {
    await withBot(async ({ child, out }) => {
      await waitFor(() => /"msg":"migrations applied"|discord\.js/.test(out()));
      child.kill("SIGTERM");
      expect(await exitCode(child), out()).toBe(0);
      expect(out()).toMatch(/stopping: finishing interactions in flight/);
    });
  });
});
