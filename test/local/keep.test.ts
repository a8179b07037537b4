// The playground's local Discord keeps what it made (channels, threads, users, members) in a file
// beside the database, and gives it all back, with the same ids, on the next start (issue 44, point 2).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keepWorld, keptFile, keptOf } from "../../src/local/keep.js";
import { World } from "../../src/local/world.js";

const dir = mkdtempSync(join(tmpdir(), "tenfoot-keep-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A world as the playground's local Discord starts it: stable ids, the guild, #table and "referee". */
function fresh(): World {
  const w = new World("1", "Ten-Foot Pole", 100, true);
  const guild = w.createGuild("Local Table").id;
  w.createChannel(guild, "table");
  w.addMember(guild, w.createUser("referee").id);
  return w;
}

describe("the local Discord's kept world", () => {
  it("gives back channels, threads (a second of the same name too, whose id is random), users and members", () => {
    const file = keptFile(join(dir, "play.db"));
    expect(file).toBe(join(dir, "play.local-discord.json"));
    const one = fresh();
    const stop = keepWorld(one, file);
    const guild = one.findChannelByName([...one.guilds.keys()][0]!, "table")!.guildId;
    const fight = one.createChannel(guild, "fight-bx").id;
    one.createChannel(guild, "Encounter 1", { parentId: fight });
    one.createChannel(guild, "Encounter 1", { parentId: fight });
    for (const name of ["alice", "bob"]) one.addMember(guild, one.createUser(name).id);
    stop();
    const two = fresh();
    keepWorld(two, file);
    expect(keptOf(two)).toEqual(keptOf(one));
    expect(keptOf(two).channels.map((c) => c.name)).toEqual(["table", "fight-bx", "Encounter 1", "Encounter 1"]);
    expect(new Set(keptOf(two).channels.map((c) => c.id)).size).toBe(4);
  });

  it("refuses a file that is not JSON, saying what to do", () => {
    const file = join(dir, "broken.local-discord.json");
    writeFileSync(file, "{ not json");
    expect(() => keepWorld(fresh(), file)).toThrow(/is not JSON .*move it away to start with #table alone/);
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });
});
