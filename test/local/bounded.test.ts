// The local Discord forgets its oldest requests, messages and interactions past its limits:
// a playground left running does not grow without end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBot, type TestBot } from "./bot.js";

let bot: TestBot;
beforeAll(async () => {
  bot = await startBot({ limits: { requests: 40, messages: 30, interactions: 20 } });
});
afterAll(async () => bot?.stop());

describe("local Discord records are bounded", () => {
  it("keeps at most its limits (and a tenth) after 200 commands, the latest ones still answerable", async () => {
    const g = bot.local.defaults;
    let last = null as Awaited<ReturnType<typeof bot.local.slash>> | null;
    for (let i = 0; i < 200; i++) last = await bot.local.slash({ ...g, name: "roll", options: { dice: "1d6" } });
    expect(bot.local.requests.length).toBeLessThanOrEqual(44);
    expect(bot.local.requests.length).toBeGreaterThanOrEqual(40);
    expect(bot.local.messages.size).toBeLessThanOrEqual(33);
    expect(bot.local.issuedTokens().length).toBeLessThanOrEqual(22);
    // The newest message is kept, and its button still works.
    expect(bot.local.messages.get(last!.message.id)).toBeDefined();
    const press = await bot.local.press({ messageId: last!.message.id, customId: "reroll:1d6", userId: g.userId });
    expect(press.message.content).toMatch(/Rerolled 1d6/);
  });
});
