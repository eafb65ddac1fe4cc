# syntax=docker/dockerfile:1.7
# The gateway (/api and the socket.io proxy to the services).
# Build from the repository root (or deploy/docker/build-all.sh gateway):
#   docker build -f deploy/docker/gateway.Dockerfile -t civic/gateway:dev .
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: the whole workspace, installed and compiled (the same text in every Dockerfile here, so
# BuildKit builds it once for all images)
FROM ${NODE_IMAGE} AS build
ENV CI=true
RUN npm install -g pnpm@10.34.9
WORKDIR /repo
# Dependencies first: this layer is reused until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline \
 && node scripts/prisma-generate.mjs \
 && pnpm exec tsc -b

# ---- stage: production dependencies only (pnpm deploy), no sources or tests
FROM build AS stage
RUN sh deploy/docker/stage-service.sh gateway /out

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production NODE_OPTIONS=--enable-source-maps PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY --from=stage /out /app
# The node user of the base image, by number so Kubernetes can check runAsNonRoot.
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/gateway/dist/server.js"]
