// No Docker engine runs on these machines: check what can be checked without one.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

const dockerfile = readFileSync(new URL("../Dockerfile", import.meta.url), "utf8");
const ignore = readFileSync(new URL("../.dockerignore", import.meta.url), "utf8")
  .split("\n")
  .map((l) => l.trim());

describe("Dockerfile", () => {
  it("is multi-stage on the current Node LTS and runs as a non-root user", () => {
    expect(dockerfile.match(/^FROM node:24[^\s]* AS \w+/gm)?.length).toBe(2);
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it("keeps the database on a volume and lets the bot migrate at start", () => {
    expect(dockerfile).toMatch(/^VOLUME \["\/app\/data"\]$/m);
    expect(dockerfile).toMatch(/DATABASE_URL=file:\/app\/data\/tenfoot\.db/);
    expect(dockerfile).toMatch(/^CMD \["node", (?:"--[\w-]+(?:=\w+)?", )*"dist\/src\/main\.js"\]$/m);
  });

  it("gives node only flags it knows, on the command line and in NODE_OPTIONS", () => {
    const cmd = (JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[]).filter((a) => a.startsWith("--"));
    const options = /NODE_OPTIONS="([^"]*)"/.exec(dockerfile)![1]!;
    // node refuses to start on an unknown flag, or on one NODE_OPTIONS may not carry.
    expect(() =>
      execFileSync(process.execPath, [...cmd, "-e", "0"], {
        env: { ...process.env, NODE_OPTIONS: options },
        stdio: "pipe",
      }),
    ).not.toThrow();
  });

  it("checks its own health on the port the bot serves /health on, and runs under a small init as PID 1", () => {
    const port = /HEALTH_PORT=(\d+)/.exec(dockerfile)?.[1];
    expect(port).toBeDefined();
    const check = /^HEALTHCHECK (?:--[\w-]+=\w+ )*\\?\s*CMD (\[.*\])$/m.exec(dockerfile);
    expect(check, "a HEALTHCHECK in exec form").not.toBeNull();
    const cmd = JSON.parse(check![1]!) as string[];
    expect(cmd.slice(0, 2)).toEqual(["node", "-e"]);
    expect(cmd[2]).toContain("/health");
    expect(cmd[2]).toContain("process.env.HEALTH_PORT");
    // tini is PID 1 and passes SIGTERM on; it is installed in the stage that runs.
    const run = dockerfile.slice(dockerfile.indexOf(" AS run"));
    expect(run).toMatch(/apt-get install [^\n]*\btini\b/);
    expect(run).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
  });

  it("runs only what was built: no TypeScript sources in the image that runs", () => {
    const run = dockerfile.slice(dockerfile.indexOf(" AS run"));
    const copied = [...run.matchAll(/^COPY --from=build \S+ (\S+) \S+$/gm)].map((m) => m[1]);
    expect(copied.sort()).toEqual(["/app/dist", "/app/node_modules", "/app/package.json"]);
    expect(run).not.toMatch(/^COPY --from=build \S+ \/app \/app$/m);
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

describe('compose.yaml (bot and PostgreSQL, README\'s "Many servers")', () => {
  const compose = readFileSync(new URL("../compose.yaml", import.meta.url), "utf8");
  const envExample = readFileSync(new URL("../.env.example", import.meta.url), "utf8");
  const botEnv = /^ {2}bot:\n[\s\S]*?^ {4}environment:\n((?: {6}.+\n)+)/m.exec(compose)?.[1] ?? "";

  it('runs SHARD_CONTAINERS bot containers from one setting, each claiming a free shard (README, "Many servers")', () => {
    expect(compose).toMatch(/^ {6}replicas: \$\{SHARD_CONTAINERS:-(\d+)\}$/m);
    expect(botEnv).toMatch(/^ {6}SHARD_COUNT: \$\{SHARD_CONTAINERS:-\d+\}$/m);
    expect(botEnv).toMatch(/^ {6}SHARD_CLAIM: "1"$/m);
    expect(botEnv).not.toMatch(/^ {6}SHARDS:/m);
  });

  it("builds the bot from the Dockerfile beside it and points it at the postgres service", () => {
    expect(compose).toMatch(/^ {4}build: \.$/m);
    expect(compose).toMatch(/DATABASE_URL: postgresql:\/\/tenfoot:.*@postgres:5432\/tenfoot/);
    expect(compose).toMatch(/condition: service_healthy/);
  });

  it("sets only variables the bot reads (each documented in .env.example), besides Node's own", () => {
    const names = [...botEnv.matchAll(/^ {6}([A-Z_]+):/gm)].map((m) => m[1]!).filter((n) => n !== "NODE_OPTIONS");
    expect(names).toEqual(expect.arrayContaining(["DISCORD_TOKEN", "DATABASE_URL", "SHARD_COUNT", "HEALTH_PORT"]));
    for (const n of names) expect(envExample, n).toMatch(new RegExp(`^${n}=`, "m"));
  });

  it("checks health on the port it gives the shard manager, and gives shards time to stop", () => {
    const port = /HEALTH_PORT: "(\d+)"/.exec(compose)?.[1];
    expect(compose).toContain(`fetch('http://127.0.0.1:${port}/health')`);
    expect(compose).toMatch(/stop_grace_period: \d+s/);
  });

  it("requires the PostgreSQL password, as it requires the token: no known default", () => {
    const uses = [...compose.matchAll(/\$\{POSTGRES_PASSWORD([^}]*)\}/g)].map((m) => m[1]);
    expect(uses.length).toBeGreaterThanOrEqual(2);
    for (const u of uses) expect(u).toMatch(/^:\?/);
  });

  it("creates PostgreSQL with the C collation, which sorts as SQLite does", () => {
    expect(compose).toMatch(/POSTGRES_INITDB_ARGS: "--locale=C/);
  });
});
