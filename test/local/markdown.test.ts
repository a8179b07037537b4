// The playground page's markdown (src/local/page/markdown.js): every message is shown as typed,
// including text that looks like the renderer's own placeholders (issue 43, point 7).
import { describe, expect, it } from "vitest";
import { md } from "../../src/local/page/markdown.js";

describe("the page's markdown", () => {
  it("renders what the bot writes: bold, code, blocks, mentions, headings", () => {
    expect(md("**Hit!** `1d8` = 5 <@42>", { user: (id) => (id === "42" ? "alice" : null) })).toBe(
      '<b>Hit!</b> <code>1d8</code> = 5 <span class="mention">@alice</span>',
    );
    expect(md("## Round 2\n```\na < b\n```")).toBe("<h2>Round 2</h2><pre>a &lt; b\n</pre>");
  });

  it("shows a message that contains NUL, digits, NUL as typed, next to code it must not copy", () => {
    const nul = "\u0000";
    expect(md(`x ${nul}1${nul} y`)).toBe(`x ${nul}1${nul} y`);
    expect(md(`x ${nul}0${nul} y`)).not.toContain("undefined");
    // With code blocks around it, each stays in its place and nothing is copied.
    expect(md(`\`a\` ${nul}0${nul} \`b\` ${nul}1${nul}`)).toBe(
      `<code>a</code> ${nul}0${nul} <code>b</code> ${nul}1${nul}`,
    );
    expect(md("```one``` <1> <0> `two`")).toBe("<pre>one</pre> &lt;1&gt; &lt;0&gt; <code>two</code>");
  });
});
