# syntax=docker/dockerfile:1.7
# The decisions remote: its module-federation build, served under /remotes/decisions/.
# Build from the repository root (or deploy/docker/build-all.sh frontend-decisions):
#   docker build -f deploy/docker/frontend-decisions.Dockerfile -t civic/frontend-decisions:dev .
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

FROM build AS stage
RUN pnpm --filter @civic/frontend-decisions build

# ---- runtime: static files from nginx, unprivileged (uid 101, port 8080)
FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
COPY deploy/docker/nginx/security-headers.conf /etc/nginx/civic/security-headers.conf
COPY deploy/docker/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY --from=stage /repo/frontends/decisions/dist /usr/share/nginx/html/remotes/decisions
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
