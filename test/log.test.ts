import { describe, it, expect } from "vitest";
import { Writable } from "node:stream";
import { createLogger, scrub } from "../src/log.js";

function capture() {
  const lines: string[] = [];
  const dest = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, log: createLogger({ level: "info", destination: dest as never }) };
}

const BOT = "MTE3NDEyMTk2NDg4MzE1Mjg5Nw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const INTERACTION = "aW50ZXJhY3Rpb246MTU3NDEyMTk5NTgyODcyNzg0ODpzZWNyZXQ";

describe("logging never prints tokens", () => {
  it("redacts token fields at any usual depth", () => {
    const { lines, log } = capture();
    log.info(
      { token: BOT, interaction: { token: INTERACTION }, DISCORD_TOKEN: BOT, headers: { authorization: `Bot ${BOT}` } },
      "x",
    );
    const out = lines.join("");
    expect(out).not.toContain(BOT);
    expect(out).not.toContain(INTERACTION);
    expect(out).toContain("[redacted]");
  });

  it("scrubs tokens out of error messages and stacks (discord.js puts callback URLs there)", () => {
    const { lines, log } = capture();
    const err = new Error(`POST /interactions/1574121789322170474/${INTERACTION}/callback failed; auth Bot ${BOT}`);
    log.error({ err }, "handler failed");
    const out = lines.join("");
    expect(out).not.toContain(INTERACTION);
    expect(out).not.toContain(BOT);
    expect(JSON.parse(out).err.message).toMatch(/interactions\/1574121789322170474\/\[redacted\]\/callback/);
  });

  it("scrub leaves ordinary text alone", () => {
    expect(scrub("rolled 4d6kh3 for strength")).toBe("rolled 4d6kh3 for strength");
  });
});
