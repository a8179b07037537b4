// `npm start` as a user runs it: no token → the local Discord; a command over its
// HTTP control API; SIGTERM finishes and exits 0.
import { afterAll, describe, it, expect } from "vitest";
import { execFileSync, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync } from "node:fs";
import { productionRuntime } from "../../bench/apart.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDatabase } from "../helpers/database.js";

// The image's way too: built to plain JavaScript (npm run build), run by node with the image's flags.
const built = `.dist-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const root = fileURLToPath(new URL("../..", import.meta.url));
afterAll(() => rmSync(join(root, built), { recursive: true, force: true }));

describe("the bot as a process", () => {
  it.each([
    ["with the TypeScript loader (npm start)", () => ["--import", "tsx", "src/main.ts"]],
    [
      "built, as the image runs it",
      () => {
        execFileSync(process.execPath, ["scripts/build.mjs", "--out", built], { cwd: root, stdio: "ignore" });
        return [...productionRuntime().flags.split(" ").filter(Boolean), `${built}/src/main.js`];
      },
    ],
  ])(
    "starts without a token against the local Discord, answers, and stops cleanly on SIGTERM: %s",
    async (_how, args) => {
      const dir = mkdtempSync(join(tmpdir(), "tenfoot-proc-"));
      const database = await testDatabase(dir, "p.db");
      const child = spawn(process.execPath, args(), {
        cwd: root,
        env: {
          ...process.env,
          DISCORD_TOKEN: "",
          DATABASE_URL: database.url,
          LOCAL_DISCORD_PORT: "0",
          LOG_LEVEL: "info",
          HEALTH_PORT: "0",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += String(d)));
      child.stderr.on("data", (d) => (out += String(d)));
      try {
        const port = await new Promise<string>((resolve, reject) => {
          const t = setTimeout(() => reject(new Error(`no start within 20 s:\n${out}`)), 20_000);
          const check = () => {
            const m = /local Discord on 127\.0\.0\.1:(\d+)/.exec(out);
            if (m) {
              clearTimeout(t);
              resolve(m[1]!);
            } else setTimeout(check, 50);
          };
          check();
        });
        const res = await fetch(`http://127.0.0.1:${port}/_local/command`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ line: "/roll dice:3d6 reason:test", user: "alice" }),
        });
        const body = (await res.json()) as { text: string };
        expect(res.status).toBe(200);
        expect(body.text).toMatch(/alice rolls for test/);
        // One process on its own (the image's HEALTHCHECK): its /health says it is ready.
        const health = /"port":(\d+)[^\n]*shard health on \/health/.exec(out)?.[1];
        expect(health, out).toBeDefined();
        const ready = await fetch(`http://127.0.0.1:${health}/health`);
        expect(ready.status).toBe(200);
        expect(((await ready.json()) as { healthy: boolean }).healthy).toBe(true);
        // The playground page and its files (a build copies them beside the code).
        for (const path of ["/", "/page/app.js", "/page/fights.js", "/page/style.css"]) {
          const page = await fetch(`http://127.0.0.1:${port}${path}`);
          expect([path, page.status]).toEqual([path, 200]);
          expect(await page.text()).not.toMatch(/not in this build/);
        }
        const code = await new Promise<number | null>((resolve) => {
          child.once("exit", (c) => resolve(c));
          child.kill("SIGTERM");
        });
        expect(code).toBe(0);
        expect(out).toMatch(/stopping: finishing interactions in flight/);
      } finally {
        if (child.exitCode === null) child.kill("SIGKILL");
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
