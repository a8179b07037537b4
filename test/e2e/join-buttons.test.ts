// docs/design.md, "The round": a declaration is one or two taps. A latecomer's /encounter join, and monsters
// brought in by /encounter add, answer with the round's buttons, so nobody has to ask for /encounter show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buttons, liveBoard, menuOptions, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ seedPrefix: "join-buttons" });
  await h.cmd("referee", "campaign start", { system: "life-guard", name: "Warband" });
});
afterAll(async () => h?.stop());

describe("joining a fight before initiative", () => {
  it("the join message carries what the newcomer may declare, and a tap on it declares", async () => {
    const s = await h.cmd("referee", "encounter start", { monsters: "2 standard" });
    // The start is the record; the board follows below it. Nobody of the party yet: only the referee's button.
    expect(buttons(s.message)).toEqual([]);
    expect(buttons(await liveBoard(h)).map((b) => b.label)).toEqual(["Roll initiative ▶"]);
    await h.cmd("alice", "character create", { name: "Wren", sheet: "life=8 guard=6 armour=1 weapons=spear:d8:reach" });
    const j = await h.cmd("alice", "encounter join");
    expect(text(j.message)).toMatch(/Wren joins the fight/);
    // The join answers with the board (or its record, with the board below): the board carries the buttons.
    const board = await liveBoard(h);
    // No more than five declaration buttons: the rest are in the board's menu (issue 28, "Words players read").
    const declares = buttons(board).filter((b) => b.id.startsWith("declare:") && !b.id.endsWith(":menu"));
    expect(declares.length).toBeLessThanOrEqual(5);
    const labels = [...buttons(board).map((b) => b.label), ...menuOptions(board).map((o) => o.label)];
    // seed 004, "Ranks": a combatant starts in a rank; "Charging"
    expect(labels).toEqual(expect.arrayContaining(["Start in a rank", "Charge", "Roll initiative ▶"]));
    const inMenu = menuOptions(board).find((o) => o.label === "Charge");
    const charge = inMenu
      ? await h.choose("alice", board.id, inMenu.id, [inMenu.value])
      : await h.press("alice", board.id, buttons(board).find((b) => b.label === "Charge")!.id);
    expect(charge.ephemeral).toBeFalsy();
    expect(text(charge.message)).toMatch(/Wren declares Charge/);
  });

  it("monsters added mid-fight come with the round's buttons too", async () => {
    const a = await h.cmd("referee", "encounter add", { monsters: "1 weak" });
    expect(a.ephemeral, a.message.content ?? "").toBe(false);
    const board = await liveBoard(h);
    expect(text(board)).toMatch(/\*\*Weak\*\*/);
    expect(buttons(board).map((b) => b.label)).toContain("Roll initiative ▶");
  });
});
