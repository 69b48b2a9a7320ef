# syntax=docker/dockerfile:1
# The production image of Office Cafe: one server process (API, live channel and the built web
# app on one port). Guide: docs/deploy.md. Stages: build (all packages, web and server built),
# prod-deps (only the server's runtime packages), runtime (what runs).

# Node.js 24, the LTS line that gets security fixes (.nvmrc; docs/decisions/0036-supported-node.md).
# Every native module ships Node-API binaries for it (better-sqlite3 13, sharp, argon2): no compiler.
# Pinned by digest, so that a build takes the base image that was reviewed, not whatever the tag
# points at that day (docs/deploy.md, "Updating the base image"; decision 0083).
# The digest of node:24-bookworm-slim as published for Node.js 24.18.0; the release procedure
# moves it to the tag's newest image:
#   docker buildx imagetools inspect node:24-bookworm-slim --format '{{json .Manifest.Digest}}'
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

FROM ${NODE_IMAGE} AS toolchain
WORKDIR /app
# The manifests alone first, so that the dependency layers stay cached until they change.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

FROM toolchain AS build
# Install scripts off, then only the ones package.json's allowScripts allows (the SQLite driver).
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build
# The bill of materials of the server's runtime packages (CycloneDX JSON), kept in the image.
COPY scripts/sbom.mjs scripts/sbom.mjs
RUN node scripts/sbom.mjs --out /app/sbom.cdx.json

FROM toolchain AS prod-deps
# The server's runtime packages only: the web app ships built, and the shared contract is bundled
# into the server, so its workspace links would dangle in the runtime image.
RUN npm ci --omit=dev --workspace apps/server --ignore-scripts --no-audit --no-fund \
    && npm rebuild better-sqlite3 \
    && rm -rf node_modules/@cafe \
    && mkdir -p apps/server/node_modules

FROM ${NODE_IMAGE} AS runtime
# Two malloc arenas instead of one a thread: about 10 MB less at a rush's peak (decision 0061;
# scripts/server-process.mjs sets it for every other launcher).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# No package manager and no build tool in what runs: npm, npx, corepack and yarn leave with their
# caches (the image never installs anything after the build, and a tool that can fetch and run
# code is one an intruder would use). The operator commands run with node itself:
# node apps/server/dist/ops.js backup (docs/deploy.md).
# The embedded database (SQLite) and generated keys live in DATA_DIR: a volume, owned by the
# unprivileged user the server runs as. The application files stay root's, read-only to it.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack /opt/yarn-* \
        /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn \
        /usr/local/bin/yarnpkg /root/.npm /root/.cache /tmp/* \
    && mkdir -p /data && chown node:node /data
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/apps/server/node_modules apps/server/node_modules
# apps/server/package.json says "type": "module" for dist/*.js.
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# What the image is made of, for a scanner or an auditor: the document, and a label naming it.
ARG NODE_IMAGE
COPY --from=build /app/sbom.cdx.json /app/sbom.cdx.json
LABEL org.opencontainers.image.title="Office Cafe" \
      org.opencontainers.image.base.name="${NODE_IMAGE}" \
      office-cafe.sbom="/app/sbom.cdx.json" \
      office-cafe.sbom.format="CycloneDX JSON"
USER node
VOLUME ["/data"]
EXPOSE 3000
# GET /api/health on PORT, over HTTPS when the server has its certificate (TLS_CERT_FILE), which
# the probe then requires the server to answer with (apps/server/src/ops/health.ts).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "apps/server/dist/ops.js", "health"]
# The server itself handles SIGTERM (stops accepting, finishes requests, closes the database).
# A small young generation keeps the process near 120 MB with 1,000 live connections, at no
# measurable cost in throughput; a 512 MB old generation (eight times what a rush keeps alive)
# makes V8 collect before it grows to 280 MB in a rush
# (docs/decisions/0017-request-pipeline-and-live-data.md). The same flags and MALLOC_ARENA_MAX as
# scripts/server-process.mjs, which npm start, the benchmark and the deployment test use.
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=512", "apps/server/dist/server.js"]
