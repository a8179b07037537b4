// Class 1: no bot or interaction token in the log, at trace, even in the fields of
// a failed Discord call (url, request body, raw error). Every e2e file also checks
// its own log on stop (test/helpers/e2e.ts), so the whole suite is swept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Routes } from "discord.js";
import { startE2E, tokensIn, TOKEN, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
});
afterAll(() => h.stop());

describe("tokens never reach the log", () => {
  it("logs every request and response at trace, with the token of each path redacted", async () => {
    await h.cmd("alice", "roll", { dice: "2d6", reason: "x".repeat(200) });
    const log = readFileSync(h.logFile!, "utf8");
    expect(log).toMatch(/"route":"\/interactions\/\d+\/\[redacted\]\/callback"/);
    expect(tokensIn(log, [TOKEN, ...h.local.issuedTokens()])).toEqual([]);
  });

  it("redacts a failed call's error wherever discord.js puts the token (url, request body, raw error)", async () => {
    const reply = await h.cmd("alice", "roll", { dice: "1d20" });
    const token = h.local.issuedTokens().find((t) => t.includes(reply.interactionId))!;
    const err = await h.app.bot.client.rest
      .post(Routes.interactionCallback(reply.interactionId, token), {
        body: { type: 4, data: { content: token } },
        auth: false,
      })
      .catch((e: unknown) => e);
    expect(String((err as { url?: string }).url)).toContain(encodeURIComponent(token));
    h.app.log.error(
      { err, again: { deeper: [{ url: (err as { url: string }).url, token }] } },
      `failed: ${(err as { url: string }).url} with Bot ${TOKEN}`,
    );
    const log = readFileSync(h.logFile!, "utf8");
    expect(log).toMatch(/discord request failed/);
    expect(tokensIn(log, [TOKEN, token])).toEqual([]);
  });
});
