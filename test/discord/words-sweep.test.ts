// The words sweep every e2e file runs in stop() (test/helpers/words.ts): it must catch what players
// must never read (docs/design.md, "Words players read") and let through what a user typed.
import { describe, expect, it } from "vitest";
import { wordsProblems, OPTION_IDS, MARK_KEYS } from "../helpers/words.js";
import type { StoredMessage } from "../../src/local/types.js";

const BOT = "bot-1";
const msg = (text: string, footer = "", author = BOT): StoredMessage =>
  ({
    id: "m",
    channel_id: "c",
    author: { id: author },
    content: "",
    embeds: [{ description: text, footer: { text: footer } }],
    components: [],
  }) as unknown as StoredMessage;

describe("the words sweep", () => {
  it("knows the option ids and the marks' keys from the systems themselves", () => {
    expect(OPTION_IDS).toEqual(
      expect.arrayContaining(["wanderingChance", "wanderingEvery", "reactionWindow", "monsterHp"]),
    );
    expect(MARK_KEYS).toEqual(expect.arrayContaining(["moved-in-melee"]));
  });

  it("finds a path, an option id, a mark's key and a roll id", () => {
    const found = wordsProblems(
      [
        msg("Goblin attacks", "The Third Age is silent: a ruling, docs/rules/third-age.md"),
        msg("wandering monster on 1 in 6 (campaign options wanderingChance, wanderingEvery)"),
        msg("Last round's moved-in-melee penalties end."),
        msg("Alda: enchanted:blade:burning"),
        msg("2d6 (4, 5) = 9", "roll #72"),
      ],
      BOT,
      [],
    );
    expect(found.map((f) => f.split(":")[0])).toEqual([
      "a repository path",
      "an option id",
      "an internal mark",
      "an internal mark",
      "a roll id",
    ]);
  });

  it("lets through what a user typed, code to type, other authors' messages and plain words", () => {
    const found = wordsProblems(
      [
        msg('There is no "docs/x.md" in this encounter.'),
        msg("To allow it anyway, repeat with `override:true`."),
        msg("docs/rules/bx.md", "", "user-1"),
        msg(
          "Alda is engaged in melee after moving (−2 AC). The wandering-monster chance is now 2 in 6.",
          "The Third Age · a ruling: damage minimum 1",
        ),
      ],
      BOT,
      ["docs/x.md"],
    );
    expect(found).toEqual([]);
  });
});
