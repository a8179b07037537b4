/**
 * Two projects: `sqlite` runs every test file on SQLite temp files;
 * `postgresql` runs the suites that touch the store (store, play, the e2e
 * files that exercise the store's guarantees, and the sharding suite) again on
 * a throwaway PostgreSQL server started here. The rule systems' e2e files
 * (systems, third-age, life-guard) run once: they exercise rules through the
 * same store calls the suites run twice already cover, and doubling them would
 * add time for no new check.
 *
 * TENFOOT_TEST_POSTGRES=0 skips PostgreSQL; =1 (CI) fails when it cannot start.
 */
import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

const POSTGRES_SUITES = [
  "test/store/**/*.test.ts",
  "test/play/**/*.test.ts",
  "test/scale/**/*.test.ts",
  ...[
    "foundation",
    "roll",
    "round",
    "turn-marks",
    "lapse",
    "shard-timers",
    "retainer",
    "dungeon",
    "process",
    "shutdown",
    "unique-names",
    "rollcall-harden",
    "crowd",
  ].map((f) => `test/e2e/${f}.test.ts`),
];
/** Files that only mean something on one engine. */
const SQLITE_ONLY = ["test/store/migrate.test.ts"];
const POSTGRES_ONLY = ["test/store/postgres.test.ts", "test/store/pg-lane.test.ts", "test/scale/**/*.test.ts"];

/** Positional filters on the command line (`npx vitest run test/rules/bx`): PostgreSQL starts only when one can match its suites. */
function filtersWantPostgres(): boolean {
  const args = process.argv.slice(2);
  const filters: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-t" || a === "--testNamePattern" || a === "--project" || a === "--reporter" || a === "--outputFile") i++;
    else if (!a.startsWith("-") && !["run", "watch", "dev", "related"].includes(a)) filters.push(a);
  }
  if (!filters.length) return true;
  return filters.some(
    (f) =>
      /store|play|scale|e2e|foundation|roll|round|lapse|shard|retainer|dungeon|process|shutdown/.test(f) &&
      !/test\/rules/.test(f),
  );
}

async function postgres(): Promise<{ url: string; template: string } | null> {
  const want = process.env.TENFOOT_TEST_POSTGRES;
  if (want === "0" || (want !== "1" && !filtersWantPostgres())) return null;
  try {
    const { startTestPostgres } = await import("./test/helpers/postgres-server.js");
    const pg = await startTestPostgres();
    console.log(
      `PostgreSQL: a throwaway server on ${new URL(pg.url).host}: the store, play, sharding and chosen e2e suites run on SQLite and on PostgreSQL.`,
    );
    return { url: pg.url, template: pg.template };
  } catch (err) {
    const why = (err as Error).message.split("\n")[0];
    if (want === "1") throw new Error(`PostgreSQL is required (TENFOOT_TEST_POSTGRES=1) but could not start: ${why}`);
    console.log(
      `PostgreSQL: not run (${why}). Every suite runs on SQLite only; .ci/run installs PostgreSQL and runs both.`,
    );
    return null;
  }
}

/** Vitest evaluates this file again for each project that `extends` it: start one server per run. */
const shared = globalThis as { tenfootPostgres?: Promise<{ url: string; template: string } | null> };

export default defineConfig(async () => {
  const pg = await (shared.tenfootPostgres ??= postgres());
  return {
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: "forks" as const,
      // Files share a worker's loaded modules (discord.js, Prisma, the rules): importing them anew for each of
      // ~200 files was most of the suite's time. Each test builds its own store and local Discord, so nothing
      // a file needs fresh lives in a module.
      isolate: false,
      projects: [
        {
          extends: true as const,
          test: {
            name: "sqlite",
            include: ["test/**/*.test.ts", "src/**/*.test.ts"],
            exclude: ["**/node_modules/**", ...POSTGRES_ONLY],
            env: { TENFOOT_TEST_DATABASE: "sqlite" },
          },
        },
        ...(pg
          ? [
              {
                extends: true as const,
                test: {
                  name: "postgresql",
                  include: POSTGRES_SUITES.filter((f) => (!f.includes("*") ? existsSync(f) : true)),
                  exclude: ["**/node_modules/**", ...SQLITE_ONLY],
                  env: { TENFOOT_TEST_DATABASE: "postgresql" },
                  provide: { postgres: pg },
                },
              },
            ]
          : []),
      ],
    },
  };
});
