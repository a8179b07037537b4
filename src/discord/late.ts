/**
 * Discord takes an interaction's first answer within 3 seconds of sending it; after that the
 * answer fails ("Unknown interaction") and the user sees "the application did not respond". A bot
 * that falls behind (more interactions than its CPU can keep up with) must then not apply what it
 * can no longer answer: a roll logged that nobody saw, an attack that moved the round unseen.
 *
 * How late an interaction is comes from its id, which holds the moment Discord made it, read
 * against this machine's clock. The two clocks differ, and the network takes its time: the
 * smallest lateness seen in the last five minutes stands for both, and is taken off.
 */
import { SnowflakeUtil } from "discord.js";

/** The last moment to commit an interaction's work: what is left of the 3 s carries the answer. */
export const ANSWER_BY_MS = 2200;
/**
 * An interaction this late when the bot reaches it is not started: what is left of the 3 s would
 * not carry its work and its answer, and the work it would waste is what the bot is short of.
 */
export const START_BY_MS = 1500;

export class TooLate extends Error {
  override name = "TooLate";
  constructor(readonly lateMs: number) {
    super(`the interaction is ${lateMs} ms late: past the moment its answer could still reach Discord`);
  }
}

export class Lateness {
  /** The smallest age seen in each of the last few minutes (oldest first). */
  private mins: { minute: number; age: number }[] = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly minutes = 5,
  ) {}

  /**
   * On receipt: keeps the smallest age of the last few minutes (the clocks' difference and the
   * network's delay). Minutes, not seconds: a bot that has fallen behind sees every interaction
   * late, and a floor learned from those alone would hide it.
   */
  received(id: string): void {
    const age = this.age(id);
    const minute = Math.floor(this.now() / 60_000);
    const last = this.mins[this.mins.length - 1];
    if (last?.minute === minute) last.age = Math.min(last.age, age);
    else this.mins.push({ minute, age });
    while (this.mins.length && this.mins[0]!.minute <= minute - this.minutes) this.mins.shift();
  }

  /** How late the interaction is now, past the floor (0 or more). */
  lateBy(id: string): number {
    const floor = this.mins.length ? Math.min(...this.mins.map((m) => m.age)) : 0;
    return Math.max(0, this.age(id) - floor);
  }

  private age(id: string): number {
    return this.now() - Number(SnowflakeUtil.timestampFrom(id));
  }
}
