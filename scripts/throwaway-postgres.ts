/**
 * A throwaway PostgreSQL server for tests and trials: Debian's postgresql
 * package, a temp data directory, 127.0.0.1 on a free port, trust auth, no
 * durability (fsync off). As root it runs as the `postgres` user (PostgreSQL
 * refuses to run as root). stop() ends it and removes the directory, as does
 * this process's exit, and a watchdog when this process is killed.
 *
 *   npx tsx scripts/throwaway-postgres.ts     prints DATABASE_URL, runs until Ctrl-C
 */
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export interface ThrowawayPostgres {
  /** postgresql://tenfoot@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /**
   * Stops the server (fast: open connections are cut) and starts it again on the same port and
   * data. Runs pg_ctl in a child without blocking this process (a local Discord may run in it).
   */
  restart(): Promise<void>;
  stop(): void;
  /** The server's main process (its postmaster), whose children are its connections' backends. */
  pid(): number;
}

/** The folder holding initdb and pg_ctl: $PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function postgresBin(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(join(debian, v, "bin"));
  }
  for (const p of (process.env.PATH ?? "").split(":")) if (p) candidates.push(p);
  return candidates.find(
    (d) => existsSync(join(d, "initdb")) && existsSync(join(d, "pg_ctl")) && existsSync(join(d, "postgres")),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A detached shell that stops the server and removes its folder when this
 * process is gone without running its exit handler (killed by a signal).
 */
function watchdog(pid: number, asRoot: boolean, pgCtl: string, data: string, dir: string): void {
  const q = (x: string) => `'${x.replace(/'/g, `'\\''`)}'`;
  const stopCmd = `${asRoot ? "runuser -u postgres -- " : ""}${q(pgCtl)} -D ${q(data)} -m immediate -w stop`;
  const script = `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; ${stopCmd} >/dev/null 2>&1; rm -rf ${q(dir)}`;
  spawn("sh", ["-c", script], { detached: true, stdio: "ignore" }).unref();
}

/** Starts a server; throws with the reason (no binaries, initdb or start failure) when it cannot. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (!bin)
    throw new Error("PostgreSQL is not installed (no initdb/pg_ctl: apt-get install postgresql, or set PG_BIN)");
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "tenfoot-pg-"));
  const data = join(dir, "data");
  /** The command as the postgres user when this process is root. */
  const asOwner = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(...asOwner(cmd, args), { encoding: "utf8", timeout: 60_000 });
    if (r.status !== 0)
      throw new Error(`${cmd} failed: ${(r.stderr || r.stdout || r.error?.message || "").trim().slice(-800)}`);
  };
  const runAsync = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(...asOwner(cmd, args), { encoding: "utf8", timeout: 60_000 }, (err, stdout, stderr) =>
        err ? reject(new Error(`${cmd} failed: ${(stderr || stdout || err.message).trim().slice(-800)}`)) : resolve(),
      );
    });
  try {
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
    }
    run(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "tenfoot", "-E", "UTF8", "--no-locale", "--no-sync"]);
    const port = await freePort();
    const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    run(join(bin, "pg_ctl"), ["-D", data, "-o", opts, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      try {
        run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* already gone */
      }
      rmSync(dir, { recursive: true, force: true });
    };
    const restart = () =>
      runAsync(join(bin, "pg_ctl"), [
        "-D",
        data,
        "-o",
        opts,
        "-l",
        join(dir, "server.log"),
        "-m",
        "fast",
        "-w",
        "-t",
        "60",
        "restart",
      ]);
    process.once("exit", stop);
    watchdog(process.pid, asRoot, join(bin, "pg_ctl"), data, dir);
    const pid = () => Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    return { url: `postgresql://tenfoot@127.0.0.1:${port}/postgres`, port, restart, stop, pid };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const pg = await startThrowawayPostgres();
  console.log(`DATABASE_URL=${pg.url}`);
  console.log("A throwaway PostgreSQL is running; Ctrl-C stops it and removes its data.");
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => process.exit(0));
  setInterval(() => {}, 1 << 30);
}
