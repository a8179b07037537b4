/** CPU time of other processes, from /proc (Linux): a shard's, and a PostgreSQL server's with its backends. */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks a second in /proc's times (USER_HZ: 100 on every Linux this runs on). */
const TICK_MS = 10;

/** utime, stime, cutime, cstime of a process, in ms (fields 14-17 of /proc/PID/stat), and its parent. */
function stat(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" "); // fields from the 3rd on (the name may hold spaces)
    const n = (i: number) => Number(f[i - 3]);
    return { own: (n(14) + n(15)) * TICK_MS, children: (n(16) + n(17)) * TICK_MS, ppid: n(4) };
  } catch {
    return null; // gone
  }
}

/** A process's CPU so far (user + system), in ms. */
export function processCpuMs(pid: number): number {
  return stat(pid)?.own ?? NaN;
}

/** A process's CPU with its children's: the live ones', and the ended ones' it has waited for (a server and its backends). */
export function treeCpuMs(root: number): number {
  const top = stat(root);
  if (!top) return NaN;
  let ms = top.own + top.children;
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!pid || pid === root) continue;
    const s = stat(pid);
    if (s?.ppid === root) ms += s.own + s.children;
  }
  return ms;
}
