// The round, the same for every system through the local Discord (docs/design.md, "The round"):
// declare → initiative → act in order (one attack, a refused second, the referee's override)
// → the round's end (marks that last a round end) → the encounter's end (no fight mark on a sheet).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, liveBoard, type E2E } from "../helpers/e2e.js";
import { SYSTEM_IDS, systemOf } from "../../src/rules/systems/index.js";
import { wordFor } from "../../src/rules/round/words.js";
import { orderCodec } from "../../src/play/codecs/encounter.js";

type Msg = Awaited<ReturnType<E2E["cmd"]>>["message"];

/** A hero and a foe per system (sheets typed as players do). */
const TABLE: Record<string, { sheet: string; foe: string; stats?: string; detail?: string }> = {
  "third-age": {
    sheet: "body=2 hp=10 successAC=8 stamina=3 weapons=longsword:1d8",
    foe: "Brute",
    stats: "hp=40 successAC=30",
  },
  bx: {
    sheet: "class=fighter level=2 str=13 hp=12 ac=5 thac0=19 weapons=sword:1d8",
    foe: "Brute",
    stats: "hd=2 hp=40 ac=6 thac0=19",
  },
  "bx-house": {
    sheet: "class=fighter level=2 str=13 dex=10 hp=12 ac=5 thac0=19 weapons=sword:1d8",
    foe: "Brute",
    stats: "hd=2 hp=40 ac=6 thac0=19",
  },
  siege: {
    sheet: "level=3 str=14 dex=12 bth=3 ac=12 hpMax=20 weapons=longsword:1d8",
    foe: "Brute",
    stats: "level=2 hpMax=40 ac=12 bth=2 weapons=club:1d6",
    detail: "Brute 40",
  },
  "life-guard": {
    sheet: "life=6 guard=5 armour=1 weapons=sword:d8",
    foe: "Brute",
    stats: "life=30 guard=30 armour=0 morale=12",
    detail: "melee",
  },
};

const button = (m: Msg, label: RegExp) => buttons(m).find((b) => label.test(b.label));

for (const id of SYSTEM_IDS) {
  describe(`the round, ${systemOf(id).name}`, () => {
    let h: E2E;
    const db = () => h.app.services.store.db;
    const order = async () => {
      const e = await db().encounter.findFirstOrThrow({ where: { status: "active" } });
      const o = orderCodec.decode(e.order);
      const rows = await db().combatant.findMany({ where: { encounterId: e.id } });
      return { acting: rows.filter((r) => (o[e.turn] ?? []).includes(r.id)).map((r) => r.name), round: e.round };
    };
    beforeAll(async () => {
      h = await startE2E({ seedPrefix: `round-${id}` });
      await h.cmd("referee", "campaign start", { system: id });
      const c = await h.cmd("alice", "character create", { name: "Hero", sheet: TABLE[id]!.sheet });
      expect(c.ephemeral, text(c.message)).toBe(false);
    });
    afterAll(async () => h?.stop());

    let start: Msg;
    it("opens before initiative, with what players may declare and the referee's button", async () => {
      const t = TABLE[id]!;
      const r = await h.cmd("referee", "encounter start", {
        name: "Hall",
        monsters: t.foe,
        ...(t.stats ? { stats: t.stats } : {}),
        surprise: false,
      });
      expect(r.ephemeral, text(r.message)).toBe(false);
      // The start is a record for the log; the board (its roster and buttons) follows below.
      expect(text(r.message)).toMatch(/Encounter started: Hall/);
      expect(buttons(r.message)).toEqual([]);
      start = await liveBoard(h);
      expect(text(start)).toMatch(/Hero/);
      expect(button(start, /^Roll initiative/)).toBeDefined();
      const declare = buttons(start).find((b) => b.id.startsWith("declare:"));
      if (declare) {
        const notHers = await h.press("mallory", start.id, declare.id);
        expect(notHers.ephemeral).toBe(true);
        let d = await h.press("alice", start.id, declare.id);
        // A declaration that takes a detail asks for it in a modal: one more tap.
        if (d.modal) d = await h.submit("alice", declare.id, { detail: TABLE[id]!.detail ?? "" });
        expect(d.ephemeral, d.message.content ?? "").toBe(false);
        expect(text(d.message)).toMatch(
          new RegExp(`declared: ${declare.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
        );
      }
    });

    it("the referee's button rolls the order; pressed again it changes nothing", async () => {
      const go = button(start, /^Roll initiative/)!;
      const refused = await h.press("alice", start.id, go.id);
      expect(refused.ephemeral).toBe(true);
      // Two presses at once: one rolls the order; the other changes nothing.
      const both = await Promise.allSettled([h.press("referee", start.id, go.id), h.press("referee", start.id, go.id)]);
      const answered = both
        .filter((x) => x.status === "fulfilled")
        .map((x) => (x as PromiseFulfilledResult<Awaited<ReturnType<E2E["press"]>>>).value);
      expect(answered.filter((a) => !a.ephemeral).length).toBe(1);
      const { round } = await order();
      expect(round).toBe(1);
      // The pressed board becomes the record of the order rolled (no buttons); the board follows below it.
      expect(buttons(h.local.messages.get(start.id)!)).toEqual([]);
      expect(text(h.local.messages.get(start.id)!)).toMatch(/nitiative|order/i);
      expect((await liveBoard(h)).id).not.toBe(start.id);
    });

    it("acting in order: one attack, a second refused, the referee's override shown", async () => {
      let { acting } = await order();
      // Walk to the Hero's turn (skipping nobody who can act).
      for (let i = 0; i < 4 && !acting.includes("Hero"); i++) {
        if (!acting.includes("Hero") && acting.length) {
          const out = await h.cmd("alice", "attack", { target: "Brute" });
          expect(out.ephemeral).toBe(true);
          expect(out.message.content).toMatch(/not Hero's turn|cannot act/);
        }
        await h.cmd("referee", "next");
        ({ acting } = await order());
      }
      expect(acting).toContain("Hero");
      const first = await h.cmd("alice", "attack", { target: "Brute" });
      expect(first.ephemeral, first.message.content ?? "").toBe(false);
      const second = await h.cmd("alice", "attack", { target: "Brute" });
      expect(second.ephemeral).toBe(true);
      expect(second.message.content).toMatch(
        /Hero has already (attacked|made \d attacks) this round|Hero cannot attack this round/,
      );
      const players = await h.cmd("alice", "attack", { target: "Brute", override: true });
      expect(players.ephemeral).toBe(true);
      const ref = await h.cmd("referee", "attack", { attacker: "Brute", target: "Hero", override: true });
      expect(ref.ephemeral, ref.message.content ?? "").toBe(false);
    });

    it("the round's end ends the marks that last a round; the encounter's end leaves none on the sheet", async () => {
      const hero = await db().combatant.findFirstOrThrow({ where: { name: "Hero" } });
      const words = systemOf(id).words;
      const state = JSON.parse(hero.state) as { conditions: string[] };
      // A mark any rule might set for the round (a parry stance): it must end with the round.
      state.conditions.push("parrying");
      expect(wordFor(words, "parrying").lasts).toBe("round");
      await db().combatant.update({ where: { id: hero.id }, data: { state: JSON.stringify(state) } });
      let ended = "";
      for (let i = 0; i < 6; i++) {
        const n = await h.cmd("referee", "next");
        ended += text(n.message);
        if ((await order()).round === 2) break;
      }
      expect((await order()).round).toBe(2);
      expect(ended, ended).toMatch(/Hero: [^\n]*parrying[^\n]* — ended with the round/);
      expect(
        JSON.parse((await db().combatant.findFirstOrThrow({ where: { name: "Hero" } })).state).conditions,
      ).not.toContain("parrying");
      await h.cmd("referee", "encounter end");
      const sheet = JSON.parse((await db().character.findFirstOrThrow({ where: { name: "Hero" } })).state) as {
        conditions: string[];
        since?: unknown;
      };
      expect(sheet.since).toBeUndefined();
      for (const c of sheet.conditions)
        expect(["attack", "round", "next-round", "encounter"]).not.toContain(wordFor(words, c).lasts);
      expect(h.local.validationErrors).toEqual([]);
    });

    it("players read the book and the heading, never a seed file's number", () => {
      const cited = [...h.local.messages.values()].map(text).filter((t) => /seed \d{3}/.test(t));
      expect(cited).toEqual([]);
    });
  });
}
