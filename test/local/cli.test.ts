// Issue 44, point 5: the CLI on par with the page. A form prints its fields and the command that fills it in;
// every message with buttons prints a ready-to-paste press command for each; bold and code read as plain text;
// a board posted and then edited prints once. The printed commands are run as printed (through runLine).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runLine } from "../../src/local/cli.js";
import { fightSteps } from "../../src/local/page/fights.js";
import { startE2E, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ users: ["alice", "bob", "carol"] });
  h.local.defaults.guildId = h.guildId;
  process.env.LOCAL_DISCORD_PORT = String(h.local.listeningPort);
});
afterAll(async () => {
  await h?.stop();
});

/** The printed command run as the shell would hand it to the CLI (`npm run local -- <args>`). */
async function paste(printed: string): Promise<string> {
  const args = printed.trim().replace(/^npm run local -- /, "");
  const user = /^--user (\S+) /.exec(args);
  return runLine(args.replace(/^--user \S+ /, ""), { user: user?.[1] ?? "referee", channel: "cli" });
}

describe("the CLI", () => {
  let board = "";
  it("sets up a fight: the board prints once, in plain text, with a press command for each button", async () => {
    let out = "";
    for (const [user, line] of fightSteps("bx")) out = await runLine(line, { user, channel: "cli" });
    // The start's answer and the board it posted and then filled in: the board once (twice before).
    const boards = out.match(/== Encounter 1 — before initiative ==/g) ?? [];
    expect(boards.length).toBeLessThanOrEqual(1);
    // On a loaded machine the board can come after the answer's quiet moment: then the channel shows it.
    if (!boards.length) out = await runLine("messages cli", { user: "alice", channel: "cli" });
    expect(out).not.toMatch(/\*\*|`/);
    expect(out).toContain("┃ Party: Tamsin, Wren · Foes: Goblin 1, Goblin 2, Goblin 3");
    const id = /\[message (\d+)\]\n┃ == Encounter 1 — before initiative ==/.exec(out)![1]!;
    expect(out).toMatch(
      new RegExp(`Press:\\n  Cast a spell: npm run local -- --user alice --press ${id} declare:\\S+:0:spell\\n`),
    );
    board = new RegExp(`Roll initiative ▶: (npm run local -- --user alice --press ${id} next:\\S+)`).exec(out)![1]!;
  });

  it("a printed press command, pasted, presses the button", async () => {
    const out = await paste(board);
    expect(out).toContain("alice pressed Roll initiative ▶:\n┃ == Round 1 ==");
    expect(out).toMatch(/Next ▶: npm run local -- --user alice --press \d+ next:\S+:1:0:act/);
  });

  it("a command that opens a form prints its fields and the command that fills it in; pasted, it makes the sheet", async () => {
    const out = await runLine("/character create name:Zed", { user: "bob", channel: "cli" });
    expect(out).toBe(
      [
        '[form "Zed: Basic/Expert (1/5)"]',
        "  class — Class: e.g. fighter, cleric, magic-user, thief, dwarf, elf, halfling · blank: fighter",
        "  level — Level: 1 to 36, e.g. 1 · blank: 1",
        "  str — Strength: 3 to 18, e.g. 13 · blank: rolled 3d6",
        "  int — Intelligence: 3 to 18, e.g. 9 · blank: rolled 3d6",
        "  wis — Wisdom: 3 to 18, e.g. 10 · blank: rolled 3d6",
        "Fill it in (fields left out stay blank; a value with spaces in quotes):",
        "  npm run local -- --user bob --modal class=fighter level=1 str=13 int=9 wis=10",
      ].join("\n"),
    );
    const made = await paste(out.split("\n").pop()!);
    expect(made).toContain("┃ == Created: Zed ==");
    expect(made).toContain("┃ Abilities: STR 13 · INT 9 · WIS 10 ·");
    // The sheet's step buttons come with their press commands too.
    expect(made).toMatch(
      / {2}2\/5: Dexterity–Armour worn: npm run local -- --user bob --press \d+ character:form:\S+:2\n/,
    );
  });
});

describe("markup as plain text", () => {
  it("bold, italics, underline, code and code blocks lose their marks; code keeps its own stars", async () => {
    const { plainMarkup } = await import("../../src/local/render.js");
    expect(plainMarkup("**Hit!** `1d8*2` = 5, *alice pressed Next:* __now__")).toBe(
      "Hit! 1d8*2 = 5, alice pressed Next: now",
    );
    expect(plainMarkup("## Round 2\n```\na **b**\n```")).toBe("Round 2\na **b**");
    expect(plainMarkup("2 * 3 and 4 * 5")).toBe("2 * 3 and 4 * 5");
  });
});

describe("Tab at the prompt", () => {
  it("completes commands, subcommands, options and choices from the registered commands, and asks the bot for an autocomplete's", async () => {
    const { completer } = await import("../../src/local/cli.js");
    const tab = completer({ user: "bob", channel: "cli" });
    expect(await tab("/enc")).toEqual([["/encounter"], "/enc"]);
    expect((await tab("/campaign st"))[0]).toContain("start");
    expect(await tab("/campaign start sys")).toEqual([["system:"], "sys"]);
    expect(await tab("/campaign start system:bx")).toEqual([["system:bx", "system:bx-house"], "system:bx"]);
    const [rest] = await tab("/roll dice:1d20 ");
    expect(rest).not.toContain("dice:");
    expect(rest).toContain("reason:");
    expect(await tab("/encounter start surprise:t")).toEqual([["surprise:true"], "surprise:t"]);
    // The bot's autocomplete: this channel's characters (Wren, Tamsin and Zed above).
    const [names] = await tab("/character show name:");
    expect(names).toEqual(expect.arrayContaining(["name:Wren", "name:Tamsin", "name:Zed"]));
  });
});
