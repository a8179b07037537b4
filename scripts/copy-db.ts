/**
 * Copies a Ten-Foot Pole database into another, empty one, and checks the counts: the move from
 * SQLite to PostgreSQL (README, "Many servers"). Stop the bot first.
 *
 *   npm run db:copy -- --to postgresql://user:password@host:5432/tenfoot [--from file:./data/tenfoot.db]
 *
 * --from defaults to DATABASE_URL, else the default SQLite file. The target is migrated first.
 */
import "dotenv/config";
import { openStore } from "../src/store/client.js";
import { copyStore } from "../src/store/copy.js";
import { DEFAULT_DATABASE_URL } from "../src/store/path.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const from = arg("from") ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const to = arg("to");
if (!to) {
  console.error(
    "Say where to copy to: npm run db:copy -- --to postgresql://user:password@host:5432/tenfoot [--from file:./data/tenfoot.db]",
  );
  process.exit(2);
}
const hide = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
const [source, target] = [await openStore(from), await openStore(to)];
try {
  console.log(`Copying ${hide(from)} → ${hide(to)}`);
  const started = Date.now();
  const report = await copyStore(source, target, { onTable: (t, n) => console.log(`  ${t}: ${n} rows`) });
  console.log(`\n${"table".padEnd(22)}${"source".padStart(10)}${"target".padStart(10)}`);
  for (const t of report.tables)
    console.log(
      `${t.table.padEnd(22)}${String(t.source).padStart(10)}${String(t.target).padStart(10)}${t.source === t.target ? "" : "  DIFFERENT"}`,
    );
  console.log(
    report.ok
      ? `\nEvery count matches (${((Date.now() - started) / 1000).toFixed(1)} s). Set DATABASE_URL to the target and start the bot.`
      : "\nThe counts differ: was the bot still running? Empty the target and copy again.",
  );
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}
