import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Events } from "discord.js";
import { once } from "node:events";
import { observed, startBot, TOKEN, type TestBot } from "./bot.js";

let bot: TestBot;
let g: { guildId: string; channelId: string; userId: string };

beforeAll(async () => {
  bot = await startBot();
  g = bot.local.defaults;
});
afterAll(async () => {
  await bot?.stop();
});

describe("local Discord with a real discord.js Client", () => {
  it("connects, sees the default guild and registers commands", () => {
    expect(bot.client.guilds.cache.get(g.guildId)?.name).toBe("Local Table");
    expect(bot.client.channels.cache.get(g.channelId)).toBeDefined();
    const names = bot.local.commands().map((c) => c.name);
    expect(names).toEqual(["roll", "game", "twice", "slow", "empty", "post"]);
    expect(bot.local.commands()[0]!.id).toMatch(/^\d{17,20}$/);
    expect(bot.local.liveSessions).toBe(1);
  });

  it("answers a slash command with a typed reply, then a button press updates the same message", async () => {
    const reply = await bot.local.slash({ ...g, name: "roll", options: { dice: "2d6+1", times: 3 } });
    expect(reply.callbackType).toBe(4);
    expect(reply.ephemeral).toBe(false);
    expect(reply.message.content).toBe("Rolled 2d6+1");
    expect(reply.message.embeds[0]?.title).toBe("Roll 2d6+1");
    expect(reply.message.embeds[0]?.footer?.text).toBe("typeof times: number");
    expect(reply.message.channel_id).toBe(g.channelId);
    expect(reply.message.author.id).toBe(bot.local.applicationId);
    const seen = bot.seen.at(-1)!;
    expect(seen.isChatInputCommand() && seen.commandId).toBe(bot.local.commands()[0]!.id);

    const press = await bot.local.press({ messageId: reply.message.id, customId: "reroll:2d6+1", userId: g.userId });
    expect(press.callbackType).toBe(7);
    expect(press.message.id).toBe(reply.message.id);
    expect(bot.local.messages.get(reply.message.id)?.content).toBe("Rerolled 2d6+1 for referee");
    expect(bot.local.messages.get(reply.message.id)?.components).toEqual([]);
  });

  it("marks ephemeral replies and handles deferReply + editReply + followUp", async () => {
    const secret = await bot.local.slash({ ...g, name: "roll", options: { dice: "1d20", secret: true } });
    expect(secret.ephemeral).toBe(true);
    expect(secret.message.flags & 64).toBe(64);

    const game = await bot.local.slash({ ...g, name: "game", subcommand: "start", options: { name: "Keep" } });
    expect(game.callbackType).toBe(5);
    expect(game.ephemeral).toBe(true);
    expect(game.message.content).toBe("Game Keep started");
    expect(game.message.flags & 128).toBe(0);
    const followUp = await bot.local.waitFor(() => game.followUps[0], 1000);
    expect(followUp.content).toBe("A follow-up for everyone");
    expect(followUp.flags & 64).toBe(0);
  });

  it("types subcommand-group and user options from the registered definition", async () => {
    const alice = bot.local.createUser("alice");
    const reply = await bot.local.slash({
      ...g,
      name: "game",
      subcommandGroup: "party",
      subcommand: "add",
      options: { who: alice.id },
    });
    expect(reply.message.content).toBe("Added alice");
    const req = bot.local.requests.find(
      (r) => r.path.includes("/callback") && JSON.stringify(r.body).includes("Added alice"),
    );
    expect(req?.status).toBe(204);
  });

  it("defers an update on a button, then edits the message the button is on", async () => {
    const reply = await bot.local.slash({ ...g, name: "roll", options: { dice: "1d4" } });
    const press = await bot.local.press({ messageId: reply.message.id, customId: "later", userId: g.userId });
    expect(press.callbackType).toBe(6);
    expect(press.message.id).toBe(reply.message.id);
    expect(press.message.content).toBe("Decided later");
    const eph = await bot.local.press({ messageId: reply.message.id, customId: "ask", userId: g.userId });
    expect(eph.ephemeral).toBe(true);
    expect(eph.message.id).not.toBe(reply.message.id);
    await expect(bot.local.press({ messageId: reply.message.id, customId: "off", userId: g.userId })).rejects.toThrow(
      /disabled/,
    );
    await expect(bot.local.press({ messageId: reply.message.id, customId: "nope", userId: g.userId })).rejects.toThrow(
      /reroll:1d4, later, ask, off/,
    );
  });

  it("answers autocomplete", async () => {
    const choices = await bot.local.autocomplete({ ...g, name: "roll", focused: "dice", options: { dice: "2" } });
    expect(choices).toEqual([{ name: "2d6", value: "2d6" }]);
  });

  it("rejects unregistered commands and bad options clearly", async () => {
    await expect(bot.local.slash({ ...g, name: "nope" })).rejects.toThrow(/no command \/nope.*registered: \/roll/);
    await expect(bot.local.slash({ ...g, name: "roll", options: { dice: "1", times: "x" } })).rejects.toThrow(
      /"times" must be a number/,
    );
    await expect(bot.local.slash({ ...g, name: "roll", options: {} })).rejects.toThrow(
      /missing required option\(s\): dice/,
    );
  });

  it("answers 40060 to a second reply", async () => {
    const reply = await bot.local.slash({ ...g, name: "twice" });
    expect(reply.message.content).toBe("first");
    await bot.local.waitFor(() => bot.apiErrors.includes(40060), 1000);
    const second = bot.local.requests.filter((r) => r.path.startsWith(`/interactions/${reply.interactionId}/`));
    expect(second.map((r) => r.status)).toEqual([204, 400]);
  });

  it("answers 10062 to a callback after the deadline", async () => {
    bot.local.interactionDeadlineMs = 100;
    try {
      await expect(bot.local.slash({ ...g, name: "slow" })).rejects.toThrow(/deadline \(10062\)|interaction deadline/);
      await bot.local.waitFor(() => bot.apiErrors.includes(10062), 1000);
    } finally {
      bot.local.interactionDeadlineMs = 3000;
    }
  });

  it("answers 50006 to an empty message", async () => {
    await expect(bot.local.slash({ ...g, name: "empty", timeoutMs: 300 })).rejects.toThrow(
      /50006 Cannot send an empty message/,
    );
    expect(bot.apiErrors).toContain(50006);
  });

  it("records channel posts and later edits by the bot", async () => {
    const reply = await bot.local.slash({ ...g, name: "post" });
    expect(await bot.local.waitFor(() => observed.responseMessageId, 1000)).toBe(reply.message.id);
    const closed = await bot.local.waitFor(
      () => bot.local.channelMessages(g.channelId).find((m) => m.content === "Reactions closed"),
      1000,
    );
    expect(closed.edited_timestamp).not.toBeNull();
    expect(closed.flags & 64).toBe(0);
  });

  it("sends guilds, channels and threads created after connecting", async () => {
    const created = once(bot.client, Events.GuildCreate);
    const guild = bot.local.createGuild("Second Table");
    await created;
    const thread = bot.local.createChannel(g.guildId, "session-1", { parentId: g.channelId });
    await bot.local.waitFor(() => bot.client.channels.cache.get(thread.id), 1000);
    expect(bot.client.channels.cache.get(thread.id)?.isThread()).toBe(true);
    expect(bot.client.guilds.cache.get(guild.id)?.name).toBe("Second Table");
    const reply = await bot.local.slash({
      guildId: g.guildId,
      channelId: thread.id,
      userId: g.userId,
      name: "roll",
      options: { dice: "1d6" },
    });
    expect(reply.message.channel_id).toBe(thread.id);
  });

  it("resumes after the server drops the socket and keeps working", async () => {
    const resumed = once(bot.client, Events.ShardResume);
    bot.local.dropConnections();
    // A guild created while disconnected is replayed on resume.
    const guild = bot.local.createGuild("While Away");
    await resumed;
    expect(bot.client.guilds.cache.get(guild.id)?.name).toBe("While Away");
    const reply = await bot.local.slash({ ...g, name: "roll", options: { dice: "1d8" } });
    expect(reply.message.content).toBe("Rolled 1d8");
  });

  it("answers what discord.js fetches: application, members, roles, channels", async () => {
    const app = await bot.client.application!.fetch();
    expect(app.id).toBe(bot.local.applicationId);
    const guild = bot.client.guilds.cache.get(g.guildId)!;
    const role = bot.local.createRole(g.guildId, "Players");
    bot.local.addMember(g.guildId, g.userId, [role.id]);
    const member = await guild.members.fetch({ user: g.userId, force: true });
    expect(member.roles.cache.has(role.id)).toBe(true);
    const roles = await guild.roles.fetch();
    expect(roles.get(role.id)?.name).toBe("Players");
    const channel = await bot.client.channels.fetch(g.channelId, { force: true });
    expect(channel?.id).toBe(g.channelId);
    const me = await bot.client.users.fetch(bot.local.applicationId, { force: true });
    expect(me.bot).toBe(true);
  });

  it("registers guild commands and types options for them", async () => {
    const guild = bot.client.guilds.cache.get(g.guildId)!;
    await guild.commands.set([
      {
        name: "roll",
        description: "guild roll",
        options: [{ type: 3, name: "dice", description: "d", required: true }],
      },
    ]);
    const cmd = bot.local.commands(g.guildId)[0]!;
    expect(cmd.guild_id).toBe(g.guildId);
    const reply = await bot.local.slash({ ...g, name: "roll", options: { dice: "1d2" } });
    expect(reply.message.content).toBe("Rolled 1d2");
    const seen = bot.seen.at(-1)!;
    expect(seen.isChatInputCommand() && seen.commandId).toBe(cmd.id);
    expect(seen.isChatInputCommand() && seen.commandGuildId).toBe(g.guildId);
    await guild.commands.set([]);
    expect(bot.local.commands(g.guildId)).toEqual([]);
  });

  it("validated every body the bot sent against Discord's spec", () => {
    expect(bot.local.validating).toBe(true);
    expect(bot.local.validationErrors).toEqual([]);
    expect(bot.local.unknownRoutes).toEqual([]);
    expect(JSON.stringify(bot.local.requests)).not.toContain(TOKEN);
  });

  it("records a validation failure for a bad body and refuses it in strict mode", async () => {
    const url = `${bot.local.apiUrl}/v10/channels/${g.channelId}/messages`;
    const post = (body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { authorization: `Bot ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const before = bot.local.validationErrors.length;
    expect((await post({ content: 42, embeds: "no" })).status).toBe(200);
    expect(bot.local.validationErrors.length).toBe(before + 1);
    expect(bot.local.validationErrors.at(-1)?.operation).toBe("create_message");
    bot.local.strict = true;
    try {
      const res = await post({ content: "x".repeat(4001) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: number }).code).toBe(50035);
    } finally {
      bot.local.strict = false;
    }
    bot.local.validationErrors.length = before;
  });

  it("refuses, even when not strict, a component or embed it could not store as one", async () => {
    const url = `${bot.local.apiUrl}/v10/channels/${g.channelId}/messages`;
    const post = (body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { authorization: `Bot ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const before = bot.local.validationErrors.length;
    const row = await post({ content: "a row without its buttons", components: [{ type: 1 }] });
    expect(row.status).toBe(400);
    expect(await row.json()).toMatchObject({
      code: 50035,
      errors: {
        components: {
          _errors: [{ code: "INVALID", message: expect.stringMatching(/^item 0 must be a message component/) }],
        },
      },
    });
    expect((await post({ content: "no embed", embeds: ["no"] })).status).toBe(400);
    expect(
      (
        await post({
          content: "a row",
          components: [{ type: 1, components: [{ type: 2, style: 1, label: "B", custom_id: "b" }] }],
        })
      ).status,
    ).toBe(200);
    bot.local.validationErrors.length = before;
  });

  it("refuses more action rows, or more buttons in a row, than Discord allows on a message", async () => {
    const url = `${bot.local.apiUrl}/v10/channels/${g.channelId}/messages`;
    const post = (body: unknown) =>
      fetch(url, {
        method: "POST",
        headers: { authorization: `Bot ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const button = (n: number) => ({ type: 2, style: 1, label: `B${n}`, custom_id: `b${n}` });
    const row = (n: number) => ({ type: 1, components: Array.from({ length: n }, (_, i) => button(i)) });
    const before = bot.local.validationErrors.length;
    bot.local.strict = true;
    try {
      expect(
        (await post({ content: "five rows of five", components: Array.from({ length: 5 }, () => row(5)) })).status,
      ).toBe(200);
      const six = await post({ content: "six rows", components: Array.from({ length: 6 }, () => row(1)) });
      expect(six.status).toBe(400);
      expect(JSON.stringify(await six.json())).toContain("more than 5 action rows");
      expect((await post({ content: "six in a row", components: [row(6)] })).status).toBe(400);
      const select = { type: 3, custom_id: "s", options: [{ label: "a", value: "a" }] };
      expect(
        (await post({ content: "select and button", components: [{ type: 1, components: [select, button(1)] }] }))
          .status,
      ).toBe(400);
    } finally {
      bot.local.strict = false;
    }
    expect(bot.local.validationErrors.length).toBe(before + 3);
    bot.local.validationErrors.length = before;
  });

  it("checks the bot token and records unknown routes", async () => {
    expect((await fetch(`${bot.local.apiUrl}/v10/users/@me`)).status).toBe(401);
    const res = await fetch(`${bot.local.apiUrl}/v10/nothing/here`, { headers: { authorization: `Bot ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 0, message: "404: Not Found" });
    expect(bot.local.unknownRoutes.map((r) => r.path)).toContain("/nothing/here");
    bot.local.unknownRoutes.length = 0;
  });
});
