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

  it("is silent once installed", () => {
    const r = run({});
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
  });
});
