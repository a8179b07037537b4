/**
 * npm run build: the bot as plain JavaScript in dist/, file for file (dist/src, dist/commands),
 * with the migrations beside it, so production runs `node dist/src/main.js` without compiling
 * TypeScript as it starts. esbuild only strips types (`npm run typecheck` checks them); it
 * takes about a second. Memory: the TypeScript loader alone is ~35 MiB of a running bot.
 */
import { build } from "esbuild";
import { cpSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** The output folder inside the project (its node_modules must be found from it): dist, or `--out NAME`. */
const named = process.argv.indexOf("--out");
const out = join(root, named > 0 ? process.argv[named + 1] : "dist");

function sources(dir) {
  return readdirSync(join(root, dir)).flatMap((f) => {
    const rel = join(dir, f);
    if (statSync(join(root, rel)).isDirectory()) return sources(rel);
    return /\.ts$/.test(f) && !f.endsWith(".d.ts") ? [rel] : [];
  });
}

const started = Date.now();
rmSync(out, { recursive: true, force: true });
const entryPoints = [...sources("src"), ...sources("commands")].map((f) => join(root, f));
await build({
  entryPoints,
  outdir: out,
  outbase: root,
  format: "esm",
  platform: "node",
  target: "node20",
  bundle: false,
  logLevel: "warning",
});
for (const dir of ["prisma/migrations", "prisma/postgresql/migrations"])
  cpSync(join(root, dir), join(out, dir), { recursive: true });
cpSync(join(root, "src/local/discord-openapi.json"), join(out, "src/local/discord-openapi.json"));
// The playground page (served as it is, plain JavaScript): a built run without a token serves it too.
cpSync(join(root, "src/local/page"), join(out, "src/local/page"), {
  recursive: true,
  filter: (f) => !f.endsWith(".d.ts"),
});
console.log(`built ${entryPoints.length} files into ${out} in ${Date.now() - started} ms`);
