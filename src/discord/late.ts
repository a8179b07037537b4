/**
 * Discord takes an interaction's first answer within 3 seconds of sending it; after that the
 * answer fails ("Unknown interaction") and the user sees "the application did not respond". A bot
 * that falls behind (more interactions than its CPU can keep up with) must then not apply what it
 * can no longer answer: a roll logged that nobody saw, an attack that moved the round unseen.
 *
 * How late an interaction is comes from its id, which holds the moment Discord made it, read
 * against this machine's clock. The two clocks differ, and the network takes its time: the
 * smallest lateness seen in the last minute stands for both, and is taken off.
 */
import { SnowflakeUtil } from "discord.js";

/** The last moment to commit an interaction's work: what is left of the 3 s carries the answer. */
export const ANSWER_BY_MS = 2500;

export class TooLate extends Error {
  override name = "TooLate";
  constructor(readonly lateMs: number) {
    super(`the interaction is ${lateMs} ms late: past the moment its answer could still reach Discord`);
  }
}

export class Lateness {
  private floor = Number.POSITIVE_INFINITY;
  private floorAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {}

  /** On receipt: keeps the smallest age of the last minute (the clocks' difference and the network's delay). */
  received(id: string): void {
    const age = this.age(id);
    const t = this.now();
    if (age < this.floor || t - this.floorAt > this.windowMs) {
      this.floor = age;
      this.floorAt = t;
    }
  }

  /** How late the interaction is now, past the floor (0 or more). */
  lateBy(id: string): number {
    return Math.max(0, this.age(id) - (Number.isFinite(this.floor) ? this.floor : 0));
  }

  private age(id: string): number {
    return this.now() - Number(SnowflakeUtil.timestampFrom(id));
  }
}
