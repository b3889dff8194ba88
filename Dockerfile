# syntax=docker/dockerfile:1
# The school website as one container: `docker build -t school-website .`
# Data (SQLite file, local files, generated secret) lives in /data unless
# DATABASE_URL and S3_* point elsewhere; see compose.yaml for the scaled setup.

ARG NODE_IMAGE=node:24-bookworm-slim

# Everything needed to build: dev dependencies included.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what runs: production dependencies, the built app, and the sources the
# operations scripts (backup, restore, migrate-data) run from with Node's own
# TypeScript support.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY server.js ./
COPY app ./app
COPY db ./db
COPY scripts/site ./scripts/site
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers while the process runs; /readyz (database and file store) is for load balancers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server finishes open requests on SIGTERM (docker stop) before it exits.
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
