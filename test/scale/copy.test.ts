// Moving a SQLite campaign database to PostgreSQL (README, "Many servers"): every row of every
// table arrives as it was, the counts are checked, and ids handed out afterwards do not collide.
// Runs in the `postgresql` test project.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { openStore, type Store } from "../../src/store/client.js";
import { copyStore, TABLES } from "../../src/store/copy.js";
import { testDatabase, type TestDatabase } from "../helpers/database.js";

let dir: string;
let source: Store;
const targets: TestDatabase[] = [];

/** A row in every table, with the awkward values: nulls, booleans, dates, text beyond ASCII, JSON. */
async function fill(db: Store["db"]): Promise<void> {
  const at = new Date("2026-11-20T19:30:00.125Z");
  for (const c of ["c1", "c2"]) {
    await db.campaign.create({
      data: {
        id: c,
        guildId: "g1",
        channelId: `ch-${c}`,
        system: "bx",
        name: `Keep ${c} — «Ünïcode»`,
        creatorId: "u1",
        seed: "s",
        seedHash: "h",
        streamState: "{}",
        createdAt: at,
      },
    });
  }
  await db.campaign.update({ where: { id: "c2" }, data: { status: "ended", endedAt: at, liveChannelId: null } });
  await db.player.create({ data: { campaignId: "c1", userId: "u2", activeCharacterId: "k1" } });
  await db.character.create({
    data: {
      id: "k1",
      campaignId: "c1",
      ownerId: "u2",
      name: "Dorn",
      nameKey: "dorn",
      sheet: JSON.stringify({ hp: 8, weapons: ["sword"] }),
      state: "{}",
      createdAt: at,
    },
  });
  await db.encounter.create({
    data: {
      id: "e1",
      campaignId: "c1",
      name: "Goblins",
      seed: "s",
      seedHash: "h",
      streamState: "{}",
      revealed: true,
      board: "ch-c1/m1",
      createdAt: at,
    },
  });
  await db.combatant.create({
    data: {
      id: "b1",
      encounterId: "e1",
      characterId: "k1",
      name: "Dorn",
      side: "party",
      kind: "pc",
      sheet: "{}",
      state: "{}",
      initiative: 4,
    },
  });
  await db.combatant.create({
    data: {
      id: "b2",
      encounterId: "e1",
      name: "Goblin 1",
      side: "foes",
      kind: "monster",
      sheet: "{}",
      state: "{}",
      initiative: null,
    },
  });
  await db.pendingAction.create({
    data: { id: "p1", encounterId: "e1", kind: "attack", state: "{}", input: "{}", channelId: "ch-c1", expiresAt: at },
  });
  for (let n = 0; n < 25; n++) {
    await db.roll.create({
      data: {
        campaignId: n % 2 ? "c1" : null,
        encounterId: n % 5 ? null : "e1",
        guildId: "g1",
        channelId: "ch-c1",
        userId: "u2",
        purpose: `swing ${n}`,
        expression: "1d20",
        faces: "[[7]]",
        total: "[7]",
        streamDraws: n,
        hidden: n === 3,
        createdAt: at,
      },
    });
  }
  await db.processedInteraction.create({ data: { id: "i1", createdAt: at } });
  await db.retainer.create({
    data: {
      id: "r1",
      campaignId: "c1",
      guildId: "g1",
      employerId: "u2",
      name: "Pell",
      nameKey: "pell",
      sheet: "{}",
      loyalty: 7,
      createdAt: at,
    },
  });
  for (const delta of [1, -2])
    await db.loyaltyEvent.create({
      data: { retainerId: "r1", delta, loyalty: 7 + delta, reason: "share of treasure", byUserId: "u1", createdAt: at },
    });
  await db.clock.create({ data: { campaignId: "c1", rounds: 13, state: JSON.stringify({ torch: 2 }) } });
  await db.rollCall.create({
    data: {
      id: "rc1",
      campaignId: "c1",
      channelId: "ch-c1",
      callerId: "u1",
      kind: "save",
      input: "{}",
      hidden: true,
      targets: "[]",
      createdAt: at,
    },
  });
  await db.sheetDraft.create({
    data: { id: "sd1", campaignId: "c1", userId: "u1", ownerId: null, name: "𝔄lda", createdAt: at },
  });
}

/** Every row of every table, in key order, as plain values. */
async function dump(store: Store): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, key] of Object.entries(TABLES)) {
    const d = (store.db as unknown as Record<string, { findMany(a: object): Promise<unknown[]> }>)[
      table[0]!.toLowerCase() + table.slice(1)
    ]!;
    out[table] = await d.findMany({ orderBy: key ? { [key]: "asc" } : [{ campaignId: "asc" }, { userId: "asc" }] });
  }
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tenfoot-copy-"));
  source = await openStore(`file:${join(dir, "campaigns.db")}`);
  await fill(source.db);
});

afterAll(async () => {
  await source?.close();
  for (const t of targets) await t.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe("copying a SQLite database to PostgreSQL", () => {
  it("copies every table's rows exactly, reports matching counts, and new ids follow the copied ones", async () => {
    const db = await testDatabase(dir, "", { empty: true });
    targets.push(db);
    const target = await openStore(db.url);
    try {
      expect(target.engine).toBe("postgresql");
      const report = await copyStore(source, target, { batch: 7 });
      expect(report.ok).toBe(true);
      expect(report.tables.find((t) => t.table === "Roll")).toEqual({ table: "Roll", source: 25, target: 25 });
      expect(report.tables.every((t) => t.source > 0)).toBe(true);
      expect(await dump(target)).toEqual(await dump(source));
      const next = await target.db.roll.create({
        data: {
          guildId: "g1",
          channelId: "ch-c1",
          userId: "u2",
          purpose: "after the move",
          expression: "1d6",
          faces: "[[2]]",
          total: "[2]",
          streamDraws: 0,
        },
      });
      expect(next.id).toBe(26);
      await expect(copyStore(source, target)).rejects.toThrow(
        /already holds rows \(Campaign, Player, .*\): copy into an empty database/,
      );
    } finally {
      await target.close();
    }
  });

  it("npm run db:copy copies and prints each table's counts; the password stays out of its output", async () => {
    const db = await testDatabase(dir, "", { empty: true });
    targets.push(db);
    const url = new URL(db.url);
    url.password = "s3cret-pw"; // the throwaway server trusts every local connection: any password is accepted
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/copy-db.ts",
        "--from",
        source.file.startsWith("file:") ? source.file : `file:${source.file}`,
        "--to",
        url.toString(),
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(stdout).toMatch(/^Roll\s+25\s+25$/m);
    expect(stdout).toMatch(/^LoyaltyEvent\s+2\s+2$/m);
    expect(stdout).toMatch(/Every count matches/);
    expect(stdout).not.toContain("s3cret-pw");
  });
});
