/**
 * Every custom id the bot puts on a button, select menu or modal, built and read in one place. The first
 * segment names the command whose press/choose/submit handles it (the router reads it); the rest is this
 * file's business. Ids already posted in Discord keep working: change a format only with a reader for the old.
 *
 * Discord caps a custom id at 100 characters, and an id is never cut: a cut id no longer carries what it
 * was built from. Each id is built from the store's short ids, small integers and the systems' fixed
 * option and declaration ids; free text (a character's name) never goes in one, it is kept in the store
 * under a short id (a new sheet's form: src/play/characters/drafts.ts). An id that would be too long is a
 * programming error: building it throws (test/discord/ids-longest.test.ts builds the longest of each kind).
 */

import { checked } from "./limits.js";

/** An integer segment, or null (our ids only carry integers there). */
const int = (s: string | undefined): number | null =>
  s !== undefined && s !== "" && Number.isInteger(Number(s)) ? Number(s) : null;

/** The board's buttons (commands/next.ts). */
export type NextId =
  /** "Next ▶" / "Roll the order ▶": the position it moves on from, so a repeated or concurrent press moves the round once. */
  | { kind: "next"; encounterId: string; round: number; turn: number; phase: string }
  /** "Resolve N waiting". */
  | { kind: "resolve"; encounterId: string }
  /** "Foes attack ▶" (a button) and "… attacks" (the menu of foes and targets), from the board of that place in the order. */
  | { kind: "foes" | "pick"; encounterId: string; round: number; turn: number }
  /** "Morale: goblins": the side whose check is due. */
  | { kind: "morale"; encounterId: string; side: "foes" | "party" }
  /** "End the fight", once a side is out. */
  | { kind: "end"; encounterId: string };

/** A declaration (commands/declare.ts): the board's button or menu, its detail modal, and the "who declares?" buttons (`who`). */
export interface DeclareId {
  encounterId: string;
  round: number;
  /** The declaration's id; `DECLARE_MENU` on the board's select menu, whose choice is the declaration. */
  action: string;
  who: string | null;
}
export const DECLARE_MENU = "menu";

/** A reaction to a waiting attack (commands/attack.ts): the attack, the version the buttons were drawn at, the option. */
export interface AttackId {
  pendingId: string;
  version: number;
  optionId: string;
}

/** A call for checks or saves (src/discord/rollcall.ts): a character's "Roll" button, or the referee's "Results". */
export type CallId =
  | { kind: "call"; call: string; callId: string; characterId: string }
  | { kind: "results"; call: string; callId: string };

/**
 * The step-by-step sheet form (src/discord/sheetform.ts): a new sheet's first modal (its name and owner kept in
 * the store under `draftId`), a step's button and modal, Done.
 */
export type SheetFormId =
  | { kind: "new"; draftId: string }
  | { kind: "step"; characterId: string; step: number }
  | { kind: "done"; characterId: string };

/** The command whose press, choose or submit handles an id (the router's dispatch). */
export const commandOf = (id: string): string => id.split(":")[0] ?? "";

export const ids = {
  next: {
    build(v: NextId): string {
      switch (v.kind) {
        case "resolve":
        case "end":
          return checked(`next:${v.encounterId}:${v.kind}`);
        case "foes":
        case "pick":
          return checked(`next:${v.encounterId}:${v.kind}:${v.round}:${v.turn}`);
        case "morale":
          return checked(`next:${v.encounterId}:morale:${v.side}`);
        case "next":
          return checked(`next:${v.encounterId}:${v.round}:${v.turn}:${v.phase}`);
      }
    },
    parse(id: string): NextId | null {
      const [head, encounterId, round, turn, phase] = id.split(":");
      if (head !== "next" || !encounterId) return null;
      if (round === "resolve" || round === "end") return { kind: round, encounterId };
      if (round === "morale")
        return turn === "foes" || turn === "party" ? { kind: "morale", encounterId, side: turn } : null;
      if (round === "foes" || round === "pick") {
        const [r, t] = [int(turn), int(phase)];
        return r === null || t === null ? null : { kind: round, encounterId, round: r, turn: t };
      }
      const r = int(round);
      const t = int(turn);
      return r === null || t === null || !phase ? null : { kind: "next", encounterId, round: r, turn: t, phase };
    },
  },

  declare: {
    build: (v: DeclareId): string =>
      checked(`declare:${v.encounterId}:${v.round}:${v.action}${v.who ? `@${v.who}` : ""}`),
    parse(id: string): DeclareId | null {
      const [head, encounterId, round, ...rest] = id.split(":");
      const [action, who] = rest.join(":").split("@");
      const r = int(round);
      if (head !== "declare" || !encounterId || r === null || !action) return null;
      return { encounterId, round: r, action, who: who || null };
    },
  },

  attack: {
    build: (v: AttackId): string => checked(`attack:${v.pendingId}:${v.version}:${v.optionId}`),
    parse(id: string): AttackId | null {
      const [head, pendingId, version, ...rest] = id.split(":");
      const optionId = rest.join(":");
      const n = int(version);
      return head !== "attack" || !pendingId || n === null || !optionId ? null : { pendingId, version: n, optionId };
    },
  },

  /** "Roll again" under a public roll (commands/roll.ts). */
  rollAgain: {
    build: (rollId: number): string => checked(`roll:again:${rollId}`),
    parse(id: string): number | null {
      const [head, action, rollId] = id.split(":");
      return head === "roll" && action === "again" ? int(rollId) : null;
    },
  },

  /** "Start encounter" under a wandering-monster check (commands/dungeon.ts). */
  wandering: {
    build: (wanderingId: string): string => checked(`dungeon:start:${wanderingId}`),
    parse(id: string): string | null {
      const [head, what, wanderingId] = id.split(":");
      return head === "dungeon" && what === "start" && wanderingId ? wanderingId : null;
    },
  },

  /** The modal that asks which monsters came, when no wandering table gave them (commands/dungeon.ts). */
  wanderingWhich: {
    build: (wanderingId: string): string => checked(`dungeon:which:${wanderingId}`),
    parse(id: string): string | null {
      const [head, what, wanderingId] = id.split(":");
      return head === "dungeon" && what === "which" && wanderingId ? wanderingId : null;
    },
  },

  /** The first segment is the call's command, "check" or "save". */
  call: {
    build: (v: CallId): string =>
      checked(v.kind === "results" ? `${v.call}:results:${v.callId}` : `${v.call}:call:${v.callId}:${v.characterId}`),
    parse(id: string): CallId | null {
      const [call, action, callId, characterId] = id.split(":");
      if (!call || !callId) return null;
      if (action === "results") return { kind: "results", call, callId };
      return action === "call" && characterId ? { kind: "call", call, callId, characterId } : null;
    },
  },

  sheetForm: {
    build(v: SheetFormId): string {
      if (v.kind === "new") return checked(`character:new:${v.draftId}`);
      return checked(
        v.kind === "step" ? `character:form:${v.characterId}:${v.step}` : `character:done:${v.characterId}`,
      );
    },
    parse(id: string): SheetFormId | null {
      const [head, what, a, ...rest] = id.split(":");
      if (head !== "character" || !a) return null;
      // A new sheet's modal named its owner and name before the draft was kept ("character:new:<owner>:<name>"):
      // a modal is no posted message, only a dialog open at that moment had one, and it reads as no longer in use.
      if (what === "new") return rest.length ? null : { kind: "new", draftId: a };
      if (what === "done") return { kind: "done", characterId: a };
      const step = int(rest[0]);
      return what === "form" && step !== null ? { kind: "step", characterId: a, step } : null;
    },
  },
};
