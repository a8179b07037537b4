import type { EmbedBuilder } from "discord.js";
import type { VerifyReport } from "../../play/verify.js";
import { clip, COLOURS } from "./style.js";
import { Embed } from "./embed.js";

const SHOWN = 20;

export function verifyEmbed(r: VerifyReport): EmbedBuilder {
  const all = r.entries.length;
  const ok = r.matched === all && r.commitmentOk;
  const lines = r.entries.slice(-SHOWN).map((e) => {
    const faces = e.expected.join(", ");
    return `${e.ok ? "✅" : "❌"} #${e.n} ${clip(e.purpose, 40)} — \`${clip(e.expression, 40)}\` [${clip(faces, 60)}]${e.ok ? "" : ` replayed [${e.replayed.join(", ")}]${e.error ? ` (${e.error})` : ""}`}`;
  });
  if (all > SHOWN)
    lines.unshift(
      `…the first ${all - SHOWN} rolls are not listed (${r.entries.slice(0, all - SHOWN).filter((e) => e.ok).length} of them match).`,
    );
  return new Embed({ color: ok ? COLOURS.success : COLOURS.failure })
    .setTitle(ok ? `Verified: every roll of the ${r.what} matches its seed` : `Mismatch in the ${r.what}`)
    .setDescription(clip(lines.join("\n") || "No rolls were made.", 4096))
    .addFields(
      { name: "Seed", value: `\`${r.seed}\``, inline: false },
      {
        name: "SHA-256 of the seed",
        value: `\`${r.seedHash}\` ${r.commitmentOk ? "✅ matches the commitment posted at the start" : "❌ does not match"}`,
      },
      { name: "Rolls", value: `${r.matched} of ${all} match`, inline: true },
    );
}
