// Issue 20, point 8: the first `npm start` says what it is doing and roughly how long, instead of a silent wait.
import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["scripts/installed.mjs"], { env: { ...process.env, ...env }, encoding: "utf8" });

describe("the first start", () => {
  it("says it installs, how long it takes, and when it is done", () => {
    const dir = mkdtempSync(join(tmpdir(), "tenfoot-first-"));
    try {
      const r = run({ TENFOOT_ROOT: dir, TENFOOT_INSTALL: "node -e 0" });
      expect(r.status).toBe(0);
      expect(r.stderr).toMatch(
        /\[first start\] Installing dependencies: npm install, then better-sqlite3 compiled from source/,
      );
      expect(r.stderr).toMatch(/about 1–2 minutes on an idle machine of two cores, 4–5 on a busy one/);
      expect(r.stderr).toMatch(/\[first start\] Installed in \d+ s\. Starting…/);
      const failed = run({ TENFOOT_ROOT: dir, TENFOOT_INSTALL: 'node -e "process.exit(3)"' });
      expect(failed.status).toBe(3);
      expect(failed.stderr).toMatch(/The install failed after \d+ s \(exit 3\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says every beat what npm is doing, how long so far and what remains", () => {
    const dir = mkdtempSync(join(tmpdir(), "tenfoot-first-"));
    try {
      const npm = [
        "npm http fetch GET 200 https://registry.example/a/-/a-1.0.0.tgz 5ms",
        "gyp info spawn make",
        "CXX(target) Release/obj.target/better_sqlite3.o",
      ];
      const script = `console.log(${JSON.stringify(npm[0])}); setTimeout(() => console.log(${JSON.stringify(npm[1])} + "\\n" + ${JSON.stringify(npm[2])}), 700); setTimeout(() => {}, 1500)`;
      const r = run({ TENFOOT_ROOT: dir, TENFOOT_INSTALL: `node -e '${script}'`, TENFOOT_INSTALL_BEAT_MS: "300" });
      expect(r.status).toBe(0);
      expect(r.stderr).toMatch(
        /\[first start\] \d+ s: fetching packages \(\d+ s so far\); then better-sqlite3 is compiled and the Prisma clients generated\. npm: npm http fetch GET 200/,
      );
      expect(r.stderr).toMatch(
        /\[first start\] \d+ s: compiling better-sqlite3 from source \(\d+ s so far\); then the Prisma clients are generated\. npm: CXX\(target\)/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is silent once installed", () => {
    const r = run({});
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
  });

  it("a SIGTERM during the install stops it and ends by the same signal, so npm runs no script after it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tenfoot-first-"));
    const pidFile = join(dir, "install.pid");
    writeFileSync(
      join(dir, "install.cjs"),
      `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); console.error("installing…"); setInterval(() => {}, 1000);`,
    );
    try {
      const child = spawn(process.execPath, ["scripts/installed.mjs"], {
        env: { ...process.env, TENFOOT_ROOT: dir, TENFOOT_INSTALL: `node ${join(dir, "install.cjs")}` },
      });
      let err = "";
      const exit = new Promise<string | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve) =>
        child.stderr.on("data", (d) => ((err += String(d)), /installing…/.test(err) && resolve())),
      );
      child.kill("SIGTERM");
      expect(await exit).toBe("SIGTERM");
      expect(err).toMatch(
        /\[first start\] stopping: SIGTERM during the install \(after \d+ s\); it was stopped and the bot was not started/,
      );
      const pid = Number(readFileSync(pidFile, "utf8"));
      expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
