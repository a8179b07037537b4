// The foundation through the local Discord: logging, errors with a ref, restarts, redelivery.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { Writable } from "node:stream";
import { Events, type Interaction } from "discord.js";
import { startE2E, text, buttons, until, TOKEN, type E2E } from "../helpers/e2e.js";
import { createLogger } from "../../src/log.js";
import { markProcessed } from "../../src/store/processed.js";

let h: E2E;
const lines: string[] = [];
beforeAll(async () => {
  const dest = new Writable({
    write(chunk, _e, cb) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      cb();
    },
  });
  h = await startE2E({ log: createLogger({ level: "info", destination: dest as never }) });
});
afterAll(async () => h?.stop());

describe("foundation, end to end", () => {
  it("logs one JSON line per interaction with guild, channel, user, command and duration", async () => {
    await h.cmd("alice", "roll", { dice: "1d20" });
    await h.cmd("alice", "roll", { dice: "1d" });
    // The line is written as the handler returns, just after the answer.
    await until(() => lines.filter((l) => l.includes('"command":"roll"')).length === 2);
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === "interaction");
    const rolls = entries.filter((e) => e.command === "roll");
    expect(rolls.length).toBe(2);
    for (const e of rolls) {
      expect(e).toMatchObject({ guild: h.guildId, channel: h.channelId, user: h.users.alice, kind: "command" });
      expect(typeof e.ms).toBe("number");
    }
    expect(rolls.map((e) => e.outcome)).toEqual(["ok", "refused"]);
  });

  it("a handler that throws answers 'something went wrong (ref …)', logs the ref, and the bot goes on", async () => {
    await h.cmd("referee", "campaign start", { system: "bx", name: "Broken" });
    const db = h.app.services.store.db;
    const c = await db.campaign.findFirstOrThrow({ where: { name: "Broken" } });
    await db.campaign.update({ where: { id: c.id }, data: { settings: "{not json" } });
    const r = await h.cmd("referee", "campaign show");
    expect(r.ephemeral).toBe(true);
    const ref = /ref ([0-9a-f]{8})/.exec(r.message.content)?.[1];
    expect(ref).toBeDefined();
    const logged = lines.map((l) => JSON.parse(l)).find((e) => e.ref === ref);
    expect(logged?.msg).toBe("handler failed");
    expect(logged?.err?.message).toMatch(/JSON/);
    await db.campaign.update({ where: { id: c.id }, data: { settings: "{}" } });
    expect((await h.cmd("alice", "roll", { dice: "2d6" })).ephemeral).toBe(false);
  });

  it("never logs the bot token or an interaction token", () => {
    const tokens = h.local.requests
      .map((r) => /\/interactions\/\d+\/([^/]+)\/callback/.exec(r.path)?.[1])
      .filter((t): t is string => !!t)
      .map((t) => decodeURIComponent(t));
    expect(tokens.length).toBeGreaterThan(3);
    const all = lines.join("\n");
    expect(all).not.toContain(TOKEN);
    for (const t of tokens) expect(all).not.toContain(t);
  });

  it("an interaction id already handled is not handled twice", async () => {
    const db = h.app.services.store.db;
    expect(await markProcessed(db, "redelivered-1")).toBe(true);
    expect(await markProcessed(db, "redelivered-1")).toBe(false);
  });

  it("a /roll delivered twice rolls once: the record of the interaction is written in the roll's own transaction", async () => {
    const db = h.app.services.store.db;
    const client = h.app.bot.client;
    const delivered = new Promise<Interaction>((r) => client.once(Events.InteractionCreate, r));
    const first = await h.cmd("alice", "roll", { dice: "1d20", reason: "delivered twice" });
    expect(first.ephemeral).toBe(false);
    const i = await delivered;
    await until(async () => (await db.processedInteraction.count({ where: { id: i.id } })) === 1);
    await h.app.bot.router.handle(i);
    expect(await db.roll.count({ where: { purpose: "delivered twice" } })).toBe(1);
    await until(() => lines.some((l) => l.includes("interaction already handled") && l.includes(i.id)));
  });

  it("a refused /roll is recorded too, and writes nothing else", async () => {
    const db = h.app.services.store.db;
    const rolls = await db.roll.count();
    const client = h.app.bot.client;
    const delivered = new Promise<Interaction>((r) => client.once(Events.InteractionCreate, r));
    const r = await h.cmd("alice", "roll", { dice: "1d" });
    expect(r.ephemeral).toBe(true);
    const i = await delivered;
    await until(async () => (await db.processedInteraction.count({ where: { id: i.id } })) === 1);
    expect(await db.roll.count()).toBe(rolls);
  });

  it("state survives a restart on the same database, the round's attacks included", async () => {
    await h.cmd("alice", "character create", { name: "Quill", sheet: "str=13 hp=6 ac=7 thac0=19" });
    await h.cmd("referee", "encounter start", { name: "Crypt", monsters: "1 skeleton" });
    await h.cmd("referee", "initiative");
    // B/X has no reactions: the attack resolves at once and its message is final.
    const a = await h.cmd("referee", "attack", { attacker: "Skeleton", target: "Quill" });
    expect(buttons(a.message)).toEqual([]);
    expect(text(a.message)).toMatch(/Skeleton attacks Quill/);
    await h.restart();
    const show = await h.cmd("alice", "character show");
    expect(text(show.message)).toMatch(/Quill/);
    const again = await h.cmd("referee", "attack", { attacker: "Skeleton", target: "Quill" });
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toMatch(/Skeleton has already attacked this round/);
  });

  it("every body the bot sent is valid against Discord's OpenAPI spec", () => {
    expect(h.local.validationErrors).toEqual([]);
  });
});
