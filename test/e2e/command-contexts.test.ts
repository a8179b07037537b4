// Every command is offered in a server's channels only, where a campaign lives (issue 45, point 2): Discord's
// `contexts` and `integration_types`, set in one place at registration, and not the deprecated `dm_permission`.
import { afterAll, describe, expect, it } from "vitest";
import { startE2E, type E2E } from "../helpers/e2e.js";

describe("the commands as registered", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  it("each one, slash and message command alike, is for servers only, installed to a server", async () => {
    h = await startE2E();
    const registered = h.local.commands();
    expect(registered.map((c) => c.name)).toEqual(
      expect.arrayContaining(["attack", "odds", "roll", "verify", "Roll dice in this message"]),
    );
    for (const c of registered) {
      const body = c as unknown as { name: string; contexts?: number[] | null; integration_types?: number[] };
      // InteractionContextType.Guild is 0; ApplicationIntegrationType.GuildInstall is 0.
      expect(body.contexts, body.name).toEqual([0]);
      expect(body.integration_types, body.name).toEqual([0]);
    }
    expect(h.local.validationErrors).toEqual([]);
  });
});
