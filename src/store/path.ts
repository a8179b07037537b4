import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

export const DEFAULT_DATABASE_URL = "file:./data/tenfoot.db";

/** The file path of a `file:` SQLite url (relative paths from the working directory), its folder created. */
export function databaseFile(url: string = DEFAULT_DATABASE_URL): string {
  const raw = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (raw === ":memory:") return raw;
  const file = resolve(raw.split("?")[0]!);
  mkdirSync(dirname(file), { recursive: true });
  return file;
}

/** True for `postgresql://…` and `postgres://…` urls: the store is then PostgreSQL. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
