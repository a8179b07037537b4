import { describe, expect, it } from "vitest";
import { parseCommandLine, tokenize } from "../../src/local/line.js";
import type { StoredCommand } from "../../src/local/types.js";

const commands = [
  {
    id: "1",
    type: 1,
    name: "roll",
    description: "",
    options: [
      { type: 3, name: "dice", description: "", required: true },
      { type: 3, name: "reason", description: "" },
    ],
  },
  {
    id: "2",
    type: 1,
    name: "game",
    description: "",
    options: [
      { type: 1, name: "start", description: "", options: [{ type: 3, name: "name", description: "" }] },
      {
        type: 2,
        name: "party",
        description: "",
        options: [{ type: 1, name: "add", description: "", options: [{ type: 6, name: "who", description: "" }] }],
      },
    ],
  },
  {
    id: "3",
    type: 1,
    name: "attack",
    description: "",
    options: [
      { type: 3, name: "target", description: "", required: true },
      { type: 3, name: "weapon", description: "" },
      { type: 5, name: "override", description: "" },
    ],
  },
] as unknown as StoredCommand[];

describe("command line parser", () => {
  it("splits words and keeps quoted values together", () => {
    expect(tokenize(`/roll dice:2d6 reason:"a b c" 'x y'`).map((t) => t.text)).toEqual([
      "/roll",
      "dice:2d6",
      "reason:a b c",
      "x y",
    ]);
  });

  it("reads key:value and quoted options", () => {
    expect(parseCommandLine(`/roll dice:2d6+1 reason:"for the lamp"`, commands)).toEqual({
      name: "roll",
      options: { dice: "2d6+1", reason: "for the lamp" },
    });
  });

  it("reads subcommands and groups from the definitions", () => {
    expect(parseCommandLine("/game start name:Keep", commands)).toEqual({
      name: "game",
      subcommand: "start",
      options: { name: "Keep" },
    });
    expect(parseCommandLine("/game party add who:@alice", commands)).toEqual({
      name: "game",
      subcommandGroup: "party",
      subcommand: "add",
      options: { who: "@alice" },
    });
  });

  it("fills unnamed options positionally, the last one taking the rest", () => {
    expect(parseCommandLine("/roll 1d20 to hit the orc", commands).options).toEqual({
      dice: "1d20",
      reason: "to hit the orc",
    });
    expect(parseCommandLine("/roll reason:x 3d6", commands).options).toEqual({ dice: "3d6", reason: "x" });
    expect(parseCommandLine(`/roll "a:b"`, commands).options).toEqual({ dice: "a:b" });
  });

  it("explains what is wrong", () => {
    expect(() => parseCommandLine("/nope", commands)).toThrow(
      /unknown command \/nope; registered: \/roll, \/game, \/attack/,
    );
    expect(() => parseCommandLine("/game", commands)).toThrow(/needs a subcommand: start, party/);
    expect(() => parseCommandLine("roll", commands)).toThrow(/starts with \/name/);
    expect(() => parseCommandLine(`/roll "open`, commands)).toThrow(/unterminated quote/);
    // Issue 20: an unquoted value with spaces, split into something that is no option: the quoted form.
    expect(() => parseCommandLine("/roll dice:1d20 reason:to hit: the orc", commands)).toThrow(
      /"hit: the orc" is not an option; a value with spaces goes in quotes: reason:"to hit: the orc"/,
    );
    expect(() => parseCommandLine("/game start name:Big Bad Wolf", commands)).toThrow(
      /too many values \(Bad Wolf\); a value with spaces goes in quotes: name:"Big Bad Wolf"/,
    );
  });

  it("names the option a misspelled one was meant to be, instead of swallowing it into a value", () => {
    expect(() => parseCommandLine("/roll dice:1d20 resaon:sneak", commands)).toThrow(
      "/roll: no option resaon: did you mean reason? (options: dice, reason)",
    );
    expect(() => parseCommandLine("/roll dise:1d20", commands)).toThrow("/roll: no option dise: did you mean dice?");
    expect(() => parseCommandLine("/roll Dice:1d20", commands)).toThrow("/roll: no option Dice: did you mean dice?");
    expect(() => parseCommandLine("/game start nmae:Keep", commands)).toThrow(
      "/game: no option nmae: did you mean name?",
    );
    // Far from every option: still read as a split value, with the quoted form.
    expect(() => parseCommandLine("/roll dice:1d20 sneak:yes", commands)).toThrow(
      /"sneak:yes" is not an option; a value with spaces goes in quotes: dice:"1d20 sneak:yes"/,
    );
  });

  it("refuses an unnamed value after a named one rather than read it as another option", () => {
    expect(() => parseCommandLine("/roll dice:1d20 +2", commands)).toThrow(
      `/roll: "+2" has no option name. If it is part of dice, quote the whole value: dice:"1d20 +2"; if it is the reason, name it: reason:"+2"`,
    );
    expect(() => parseCommandLine("/roll dice:1d20 to hit", commands)).toThrow(
      `"to hit" has no option name. If it is part of dice, quote the whole value: dice:"1d20 to hit"; if it is the reason, name it: reason:"to hit"`,
    );
    // A true/false option is not offered as the other reading.
    expect(() => parseCommandLine("/attack target:Orc 1 weapon:axe", commands)).toThrow(
      /^\/attack: "1" has no option name\. If it is part of target, quote the whole value: target:"Orc 1"$/,
    );
    // Still fine: the unnamed value is the required one missing, or nothing named comes before it.
    expect(parseCommandLine("/roll reason:x 3d6", commands).options).toEqual({ dice: "3d6", reason: "x" });
    expect(parseCommandLine("/roll 1d20 +2", commands).options).toEqual({ dice: "1d20", reason: "+2" });
    expect(parseCommandLine(`/roll dice:"1d20 +2"`, commands).options).toEqual({ dice: "1d20 +2" });
  });
});
