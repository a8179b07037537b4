/**
 * The hot path's targets, each against this run's figure: what `npm run bench` ends with.
 * Latency is a ratio to the bare discord.js reply of the same run; memory is the bot's own
 * process after the memory bench's interactions with 10,000 campaigns stored.
 */

export interface Figures {
  /** ×bare at the median and p99, for each hot path. */
  latency: { name: string; median: number; p99: number; limit: number }[];
  /** The open-loop run: interactions arriving a second, answered a second, p99 in ms. */
  rate: { arriving: number; answered: number; p99: number } | null;
  saturation: number;
  /** The bot's RSS after each quarter of the memory bench, in MiB. */
  rssMiB: number[];
  interactions: number;
  storedCampaigns: number;
  /** Ours ÷ rpg-dice-roller, each expression. */
  dice: { expression: string; ratio: number }[];
  /** Problems found by the exactly-once checks (none is the target). */
  lost: number;
}

export interface Verdict {
  what: string;
  figure: string;
  target: string;
  met: boolean;
}

const MEMORY_LIMIT_MIB = 150e6 / 2 ** 20; // 150 MB
const MEMORY_INTERACTIONS = 100_000;
const MEMORY_CAMPAIGNS = 10_000;

export function verdicts(f: Figures): Verdict[] {
  const out: Verdict[] = f.latency.map((l) => ({
    what: `${l.name}, × the bare reply (median / p99)`,
    figure: `×${l.median.toFixed(1)} / ×${l.p99.toFixed(1)}`,
    target: `≤ ×${l.limit} both`,
    met: l.median <= l.limit && l.p99 <= l.limit,
  }));
  if (f.rate) {
    out.push({
      what: `${f.rate.arriving} arriving a second: answered a second, p99`,
      figure: `${f.rate.answered.toFixed(0)}/s, ${f.rate.p99.toFixed(1)} ms`,
      target: "≥ 300/s, p99 ≤ 50 ms",
      met: f.rate.arriving >= 300 && f.rate.answered >= 0.99 * f.rate.arriving && f.rate.p99 <= 50,
    });
  } else out.push({ what: "300 arriving a second", figure: "not run", target: "≥ 300/s, p99 ≤ 50 ms", met: false });
  out.push({ what: "saturation (closed loop)", figure: `${f.saturation.toFixed(0)}/s`, target: "reported", met: true });
  const most = Math.max(...f.rssMiB);
  const enough = f.interactions >= MEMORY_INTERACTIONS && f.storedCampaigns >= MEMORY_CAMPAIGNS;
  out.push({
    what: `the bot's RSS, most over ${f.interactions} interactions, ${f.storedCampaigns} campaigns`,
    figure: `${most.toFixed(0)} MiB`,
    target: `≤ 150 MB (${MEMORY_LIMIT_MIB.toFixed(0)} MiB)${enough ? "" : `, after ${MEMORY_INTERACTIONS} with ${MEMORY_CAMPAIGNS}`}`,
    met: enough && most <= MEMORY_LIMIT_MIB,
  });
  const low = f.dice.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  out.push({
    what: "dice ÷ rpg-dice-roller, the lowest",
    figure: `×${low.ratio.toFixed(1)} (${low.expression})`,
    target: "≥ ×10",
    met: low.ratio >= 10,
  });
  out.push({
    what: "every answered interaction's effect in the store once",
    figure: f.lost ? `${f.lost} lost or doubled` : "yes",
    target: "yes",
    met: f.lost === 0,
  });
  return out;
}

export function printVerdicts(vs: Verdict[]): void {
  const w = Math.max(...vs.map((v) => v.what.length));
  const fw = Math.max(...vs.map((v) => v.figure.length));
  for (const v of vs)
    console.log(`${v.what.padEnd(w)}  ${v.figure.padStart(fw)}  ${v.target.padEnd(22)} ${v.met ? "met" : "NOT MET"}`);
  const missed = vs.filter((v) => !v.met).length;
  console.log(missed ? `${missed} of ${vs.length} not met` : `all ${vs.length} met`);
}
