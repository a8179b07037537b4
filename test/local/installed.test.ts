// Issue 20, point 8: the first `npm start` says what it is doing and roughly how long, instead of a silent wait.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const run = (env: Record<string, string>) => spawnSync(process.execPath, ["scripts/installed.mjs"], { env: { ...process.env, ...env }, encoding: "utf8" });

describe("the first start", () => {
  it("says it installs, how long it takes, and when it is done", () => {
    const dir = mkdtempSync(join(tmpdir(), "tenfoot-first-"));
    try {
      const r = run({ TENFOOT_ROOT: dir, TENFOOT_INSTALL: "node -e 0" });
      expect(r.status).toBe(0);
      expect(r.stderr).toMatch(/\[first start\] Installing dependencies: npm install, then better-sqlite3 compiled from source/);
      expect(r.stderr).toMatch(/about 1–2 minutes/);
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
      const npm = ["npm http fetch GET 200 https://registry.example/a/-/a-1.0.0.tgz 5ms", "gyp info spawn make", "CXX(target) Release/obj.target/better_sqlite3.o"];
      const script = `console.log(${JSON.stringify(npm[0])}); setTimeout(() => console.log(${JSON.stringify(npm[1])} + "\\n" + ${JSON.stringify(npm[2])}), 700); setTimeout(() => {}, 1500)`;
      const r = run({ TENFOOT_ROOT: dir, TENFOOT_INSTALL: `node -e '${script}'`, TENFOOT_INSTALL_BEAT_MS: "300" });
      expect(r.status).toBe(0);
      expect(r.stderr).toMatch(/\[first start\] \d+ s: fetching packages; then better-sqlite3 is compiled and the Prisma clients generated\. npm: npm http fetch GET 200/);
      expect(r.stderr).toMatch(/\[first start\] \d+ s: compiling better-sqlite3 from source \(about 75 s on two cores\); then the Prisma clients are generated\. npm: CXX\(target\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is silent once installed", () => {
    const r = run({});
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
  });
});
