// The referee's table (issue 41; docs/design.md, "The board"): a B/X fight of three goblins against a fighter and a
// cleric that the referee runs from the board's buttons alone while the players type /attack. Counted: the
// referee's presses per round, that the referee types nothing between /encounter start and the end, that the
// channel holds one board at every step, and that the board's "… to act" names exactly who can act now.
import { afterAll, describe, expect, it } from "vitest";
import { button, buttons, liveBoard, menuOptions, startTable, text, type E2E } from "../helpers/e2e.js";
import type { StoredMessage } from "../../src/local/types.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

const PLAYERS: Record<string, string> = { Tamsin: "alice", Wren: "bob" };
const DOWN = ["dead", "unconscious", "fled", "surrendered", "routed", "dying"];

/** Who can act now, read from the store, by the B/X rules this fight uses: one attack each, none while surprised in round 1. */
async function expectedToAct(h: E2E): Promise<string[]> {
  const db = h.app.services.store.db;
  const e = await db.encounter.findFirstOrThrow({ where: { status: "active" } });
  const rs = JSON.parse(e.roundState) as { phase?: string; attacks?: Record<string, number> };
  const order = orderCodec.decode(e.order);
  if (e.round === 0 || rs.phase !== "act") return [];
  const rows = await db.combatant.findMany({ where: { encounterId: e.id } });
  return rows
    .filter((r) => (order[e.turn] ?? []).includes(r.id))
    .filter((r) => {
      const conditions = (JSON.parse(r.state).conditions ?? []) as string[];
      if (conditions.some((c) => DOWN.includes(c))) return false;
      if (conditions.includes("surprised") && e.round <= 1) return false;
      return (rs.attacks?.[r.id] ?? 0) < 1;
    })
    .map((r) => r.name)
    .sort();
}

/** The names the board's title says are to act ("Tamsin, Wren to act"); none when it names nobody. */
function saidToAct(board: StoredMessage): string[] {
  const title = String((board.embeds?.[0] as { title?: string } | undefined)?.title ?? "");
  const m = / · (.+) to act$/.exec(title);
  if (!m) return [];
  expect(m[1], "a short list names everyone").not.toMatch(/more$/);
  return m[1]!.split(", ").sort();
}

/** The foes the board's menu asks a target for (none of their options is "its opponent now"): the first target each. */
function lacking(board: StoredMessage): string[] {
  const options = (
    (board.components ?? []) as {
      components?: { custom_id?: string; options?: { value: string; description?: string }[] }[];
    }[]
  )
    .flatMap((row) => row.components ?? [])
    .filter((c) => c.custom_id?.includes(":pick:"))
    .flatMap((c) => c.options ?? []);
  const foes = [...new Set(options.map((o) => o.value.split(">")[0]!))];
  return foes
    .filter((foe) => !options.some((o) => o.value.startsWith(`${foe}>`) && o.description))
    .map((foe) => options.find((o) => o.value.startsWith(`${foe}>`))!.value);
}

/** Messages that show the running encounter's roster (the board, live or not). */
const rosters = (h: E2E, name: string) =>
  [...h.local.channelMessages(h.channelId)].filter(
    (m) =>
      !m.deleted &&
      (m.embeds ?? []).some((e) => String((e as { title?: string }).title ?? "").startsWith(`${name} — `)),
  );

describe("the referee runs a B/X fight of three goblins from the board alone", () => {
  let h: E2E;
  afterAll(async () => h?.stop());

  it("a few presses a round, nothing typed, one board in the channel, and '… to act' true on every board", async () => {
    h = await startTable(
      "bx",
      [
        { user: "alice", name: "Tamsin", sheet: "class=fighter level=1 str=13 hp=8 ac=4 weapons=sword:1d8" },
        { user: "bob", name: "Wren", sheet: "class=cleric level=1 hp=6 ac=5 weapons=mace:1d6" },
      ],
      { seedPrefix: "referee-table" },
    );
    const start = await h.cmd("referee", "encounter start", {
      name: "Goblin ambush",
      monsters: "3 goblins",
      surprise: false,
    });
    expect(start.ephemeral, text(start.message)).toBe(false);
    expect(text(start.message)).toMatch(/Encounter started: Goblin ambush/);
    // Every slash command from here to the end goes through this count: the referee's must stay at none.
    const typedByReferee: string[] = [];
    const typed = h.cmd.bind(h);
    h.cmd = (user, name, options, extra) => {
      if (user === "referee") typedByReferee.push(name);
      return typed(user, name, options, extra);
    };
    const presses: Record<number, number> = {};
    let playerActions = 0;
    const labels: string[] = [];
    let ended = false;
    const db = h.app.services.store.db;
    const round = async () => (await db.encounter.findFirst({ where: { name: "Goblin ambush" } }))!.round;

    for (let step = 0; step < 120 && !ended; step++) {
      const board = await liveBoard(h);
      // One board of the running encounter in the channel, and its "… to act" is true.
      expect(rosters(h, "Goblin ambush").length).toBe(1);
      expect(saidToAct(board)).toEqual(await expectedToAct(h));
      const r = await round();
      const press = async (label: RegExp | string) => {
        const b = button(board, label)!;
        presses[r] = (presses[r] ?? 0) + 1;
        labels.push(`${r}:${b.label}`);
        const res = await h.press("referee", board.id, b.id);
        expect(res.ephemeral, res.message.content ?? "").toBe(false);
      };
      const pcs = saidToAct(board).filter((n) => PLAYERS[n]);
      if (button(board, "End the fight")) {
        await press("End the fight");
        ended = true;
      } else if (pcs.length) {
        for (const pc of pcs) {
          const foe = (await db.combatant.findMany({ where: { side: "foes" } })).find(
            (c) => !(JSON.parse(c.state).conditions as string[]).some((x) => DOWN.includes(x)),
          );
          const a = await h.cmd(PLAYERS[pc]!, "attack", { target: foe!.name });
          playerActions++;
          expect(a.ephemeral, a.message.content ?? "").toBe(false);
        }
      } else if (button(board, /^Morale: /)) {
        await press(/^Morale: /);
      } else if (lacking(board).length) {
        // Foes with nobody to fight yet: one pick sends each at a target, and the others attack their opponents.
        const picks = lacking(board);
        presses[r] = (presses[r] ?? 0) + 1;
        labels.push(`${r}:pick ${picks.length}`);
        const res = await h.choose(
          "referee",
          board.id,
          menuOptions(board).find((o) => o.id.includes(":pick:"))!.id,
          picks,
        );
        expect(res.ephemeral, res.message.content ?? "").toBe(false);
      } else if (button(board, "Foes attack")) {
        await press("Foes attack");
      } else {
        await press(/^(Next round|Roll initiative|Roll the order|Next) ▶$/);
      }
    }
    expect(ended, "the fight ended from the board").toBe(true);
    expect(typedByReferee).toEqual([]);
    // The channel holds no board once the fight has ended: its summary is the record.
    expect(rosters(h, "Goblin ambush").length).toBe(0);
    const last = [...h.local.channelMessages(h.channelId)].filter((m) => !m.deleted).at(-1)!;
    expect(text(last)).toMatch(/Encounter ended: Goblin ambush/);
    expect(buttons(last)).toEqual([]);
    // The first order is rolled before round 1: its press counts toward round 1.
    const rounds = Object.keys(presses).filter((k) => k !== "0").length;
    const total = Object.values(presses).reduce((a, b) => a + b, 0);
    console.log(
      `referee presses by round ${JSON.stringify(presses)}: ${total} over ${rounds} rounds (${(total / rounds).toFixed(2)} a round); the players' /attack: ${playerActions}; ${labels.join(" | ")}`,
    );
    expect(total / rounds).toBeLessThanOrEqual(2);
    expect(h.local.validationErrors).toEqual([]);
  });
});
