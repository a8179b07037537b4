# syntax=docker/dockerfile:1
# Ten-Foot Pole. Build: docker build -t ten-foot-pole .
# Run:   docker run -e DISCORD_TOKEN=... -v tenfoot-data:/app/data ten-foot-pole
# Node 24 (current LTS) in the image; the code also runs on Node 20.19+.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY commands ./commands
# Plain JavaScript in dist/ (scripts/build.mjs): no TypeScript loader in the running bot.
COPY scripts/build.mjs ./scripts/build.mjs
RUN npm run -s build
# Both Prisma clients (SQLite and PostgreSQL), as npm install generates them.
RUN npm prune --omit=dev && npm run -s postinstall

FROM node:24-bookworm-slim AS run
# A small young generation and a 96 MiB old one, and glibc's allocator told to keep two arenas and
# give freed memory back, keep a bot's RSS near 130 MiB (its live heap is about 40 MiB:
# docs/performance.md). A bot in very many servers raises the cap here, or shards.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-semi-space-size=1 --max-old-space-size=96" \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    DATABASE_URL=file:/app/data/tenfoot.db \
    LOG_LEVEL=info
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
# Migrations are applied by the bot itself at start (src/store/migrate.ts).
# --liftoff-only: Prisma's query compiler (WebAssembly) stays on V8's baseline compiler instead of
# being recompiled by the optimizing one: 10 MiB less RSS, model queries about a tenth slower (the
# hot path runs raw statements). Not allowed in NODE_OPTIONS, so it is given here.
CMD ["node", "--liftoff-only", "dist/src/main.js"]
