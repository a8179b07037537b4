# syntax=docker/dockerfile:1
# Ten-Foot Pole. Build: docker build -t ten-foot-pole .
# Run:   docker run -e DISCORD_TOKEN=... -v tenfoot-data:/app/data ten-foot-pole
# (tini is the image's PID 1: it passes SIGTERM on to Node, which then finishes what is in flight.)
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
# A small init as PID 1: Node as PID 1 would ignore a SIGTERM that comes before its handler exists.
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
# A small young generation and a 96 MiB old one, and glibc's allocator told to keep two arenas and
# give freed memory back, keep a bot's RSS near 130 MiB (its live heap is about 40 MiB:
# docs/performance.md). A bot in very many servers raises the cap here, or shards.
ENV NODE_ENV=production \
    NODE_OPTIONS="--max-semi-space-size=1 --max-old-space-size=96" \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    DATABASE_URL=file:/app/data/tenfoot.db \
    LOG_LEVEL=info \
    HEALTH_PORT=8080
WORKDIR /app
# What runs: the built JavaScript (with its migrations and page), the production modules and the
# package's manifest (ES modules). No TypeScript sources, no build tools.
COPY --from=build --chown=node:node /app/package.json /app/package.json
COPY --from=build --chown=node:node /app/node_modules /app/node_modules
COPY --from=build --chown=node:node /app/dist /app/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
# Migrations are applied by the bot itself at start (src/store/migrate.ts).
# --liftoff-only: Prisma's query compiler (WebAssembly) stays on V8's baseline compiler instead of
# being recompiled by the optimizing one: 10 MiB less RSS, model queries about a tenth slower (the
# hot path runs raw statements). Not allowed in NODE_OPTIONS, so it is given here.
# /health on 127.0.0.1:HEALTH_PORT inside the container: 200 once the bot is ready and its event loop is not held up.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.HEALTH_PORT+'/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--liftoff-only", "dist/src/main.js"]
