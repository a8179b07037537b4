// No Docker engine runs on these machines: check what can be checked without one.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync } from "node:fs";

const dockerfile = readFileSync(new URL("../Dockerfile", import.meta.url), "utf8");
const ignore = readFileSync(new URL("../.dockerignore", import.meta.url), "utf8").split("\n").map((l) => l.trim());

describe("Dockerfile", () => {
  it("is multi-stage on the current Node LTS and runs as a non-root user", () => {
    expect(dockerfile.match(/^FROM node:24[^\s]* AS \w+/gm)?.length).toBe(2);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it("keeps the database on a volume and lets the bot migrate at start", () => {
    expect(dockerfile).toMatch(/^VOLUME \["\/app\/data"\]$/m);
    expect(dockerfile).toMatch(/DATABASE_URL=file:\/app\/data\/tenfoot\.db/);
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "src\/main\.ts"\]$/m);
  });

  it("copies only files that exist and are not ignored", () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources.length).toBeGreaterThan(3);
    for (const src of sources) {
      expect(existsSync(new URL(`../${src}`, import.meta.url)), src).toBe(true);
      expect(ignore, src).not.toContain(src);
    }
    expect(ignore).toContain("node_modules");
    expect(ignore).toContain("data");
  });
});
