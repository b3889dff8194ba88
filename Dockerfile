# syntax=docker/dockerfile:1
# The school website as one image:   docker build -t school-website .
# Alone it keeps everything (SQLite file, uploaded files, generated secret) in
# the /data volume; with DATABASE_URL=postgres://… and S3_* it is a stateless
# instance that can run several times side by side (see compose.yaml).

ARG NODE_IMAGE=node:24-bookworm-slim

# All dependencies, dev ones included: the build needs Vite, React Router's
# CLI and Tailwind. No package needs a compiler: sharp ships prebuilt libvips
# binaries for linux-x64 and linux-arm64 (glibc), which bookworm is.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund

# react-router build: the browser bundle in build/client and the server bundle
# (Express app, routes and database migrations) in build/server.
FROM deps AS build
COPY . .
RUN npm run build

# Only what runs: production dependencies, the built app, server.js, and the
# TypeScript sources that the operations commands (npm run backup, restore,
# migrate-data) run with Node's own type stripping.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/build ./build
COPY server.js ./
COPY app ./app
COPY db ./db
COPY scripts/site ./scripts/site
# The code stays root's and read-only to the server; only /data is writable.
RUN mkdir -p -m 700 /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz: the process answers. Load balancers should use /readyz (database
# and file store reachable) to decide where to send visitors.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# On SIGTERM (docker stop) the server stops accepting connections, finishes
# open requests (up to 10 s) and closes the database, so allow a little more
# than docker's default 10 s: compose.yaml gives 20 s (docker run: --stop-timeout 20).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
