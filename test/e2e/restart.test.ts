// The playground (`npm start` with no token) keeps its database in a file, so a restart must find the
// campaign again: the local Discord gives #table, its guild and its users the same ids in every run.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { startApp } from "../../src/app.js";
import { LocalDiscord } from "../../src/local/server.js";
import { fixedSeeds } from "../../src/play/services.js";
import { fightSteps } from "../../src/local/page/fights.js";

const dir = mkdtempSync(join(tmpdir(), "tenfoot-restart-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(
  line: string,
  user: string,
  lines: (say: (line: string, user?: string) => Promise<string>) => Promise<void>,
) {
  const env = {
    DISCORD_TOKEN: "",
    DATABASE_URL: `file:${join(dir, "play.db")}`,
    LOCAL_DISCORD_PORT: "0",
    LOG_LEVEL: "silent",
  };
  const app = await startApp(env, { log: pino({ level: "silent" }), newSeed: fixedSeeds("restart"), sweepEveryMs: 0 });
  const origin = new URL(app.local!.apiUrl).origin;
  const say = async (l: string, u = user) => {
    const res = await fetch(`${origin}/_local/command`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ line: l, user: u }),
    });
    return ((await res.json()) as { text: string }).text;
  };
  try {
    await say(line);
    await lines(say);
  } finally {
    await app.stop();
  }
}

describe("the playground across a restart", () => {
  it("finds the campaign, the character and the fight it left in #table", async () => {
    await run("/campaign start system:bx name:Caves", "referee", async (say) => {
      expect(await say('/character create name:Alda sheet:"class=fighter hp=9 ac=5 thac0=19"', "alice")).toMatch(
        /Created: Alda/,
      );
      expect(await say('/encounter start monsters:"2 goblins" surprise:false')).toMatch(/Encounter started/);
    });
    await run("/campaign show", "referee", async (say) => {
      expect(await say("/campaign show")).toMatch(/Campaign: Caves[\s\S]*Referees: @referee[\s\S]*Characters: 1/);
      expect(await say("/character show", "alice")).toMatch(/Alda \(playing\)/);
      expect(await say("/encounter show")).toMatch(/Goblin 2/);
    });
  });

  it("shows the channel Try a fight made, and its users, after a restart (issue 44, point 2)", async () => {
    // The page lists the channels of GET /_local/world and labels its picker from GET /_local/people.
    const env = {
      DISCORD_TOKEN: "",
      DATABASE_URL: `file:${join(dir, "fight.db")}`,
      LOCAL_DISCORD_PORT: "0",
      LOG_LEVEL: "silent",
    };
    const boot = () =>
      startApp(env, { log: pino({ level: "silent" }), newSeed: fixedSeeds("restart"), sweepEveryMs: 0 });
    const get = async (app: Awaited<ReturnType<typeof boot>>, path: string) =>
      (await fetch(`${new URL(app.local!.apiUrl).origin}${path}`)).json();
    type World = { guilds: { channels: { id: string; name: string }[] }[]; users: { id: string; username: string }[] };
    const fightChannel = (w: World) => w.guilds.flatMap((g) => g.channels).find((c) => c.name === "fight-bx");
    const first = await boot();
    let before: World;
    try {
      // What the page's Try a fight button sends (src/local/page/fights.js), in a new channel.
      for (const [user, line] of fightSteps("bx")) {
        const res = await fetch(`${new URL(first.local!.apiUrl).origin}/_local/command`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ line, user, channel: "fight-bx" }),
        });
        expect(((await res.json()) as { reply: { ephemeral: boolean } }).reply.ephemeral, line).toBe(false);
      }
      before = (await get(first, "/_local/world")) as World;
      expect(fightChannel(before)).toBeDefined();
    } finally {
      await first.stop();
    }
    const second = await boot();
    try {
      // Nothing is sent before the page asks: the channel is there with its id, its users with theirs.
      const after = (await get(second, "/_local/world")) as World;
      expect(fightChannel(after)).toEqual(fightChannel(before));
      expect(after.users.filter((u) => ["alice", "bob", "carol"].includes(u.username))).toEqual(
        before.users.filter((u) => ["alice", "bob", "carol"].includes(u.username)),
      );
      expect(await get(second, `/_local/people?channel=${fightChannel(after)!.id}`)).toEqual({
        campaign: "First fight",
        people: { referee: "no character yet", alice: "referee", bob: "player of Wren", carol: "player of Tamsin" },
      });
    } finally {
      await second.stop();
    }
  });

  it("gives the same ids in every run only when asked (the tests' worlds stay apart)", async () => {
    const ids = async (stableIds: boolean) => {
      const l = await LocalDiscord.start({ port: 0, stableIds, specPath: false });
      try {
        const thread = l.createChannel(l.defaults.guildId, "side", { parentId: l.defaults.channelId }).id;
        return [
          l.applicationId,
          l.defaults.guildId,
          l.defaults.channelId,
          l.defaults.userId,
          l.createUser("alice").id,
          thread,
          l.createChannel(l.defaults.guildId, "side").id,
        ];
      } finally {
        await l.stop();
      }
    };
    const [a, b] = [await ids(true), await ids(true)];
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(a.length);
    const [c, d] = [await ids(false), await ids(false)];
    expect(c.filter((x, i) => x === d[i])).toEqual([]);
  });
});
