# syntax=docker/dockerfile:1.7
# The shell (host app): static files, client-side routing; the chart mounts /remotes.json over the built one.
# Build from the repository root (or deploy/docker/build-all.sh frontend-shell):
#   docker build $(grep '^[A-Z]' deploy/docker/base-images.env | sed 's/^/--build-arg /') -f deploy/docker/frontend-shell.Dockerfile -t civic/frontend-shell:dev .
# Base images: pinned by digest in deploy/docker/base-images.env, passed by build-all.sh.
ARG NODE_IMAGE
ARG NGINX_IMAGE

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
 && node node_modules/typescript-native/bin/tsc -b

FROM build AS stage
RUN pnpm --filter @civic/frontend-shell build

# ---- runtime: static files from nginx, unprivileged (uid 101, port 8080)
FROM ${NGINX_IMAGE} AS runtime
COPY deploy/docker/nginx/security-headers.conf /etc/nginx/civic/security-headers.conf
COPY deploy/docker/nginx/shell.conf /etc/nginx/conf.d/default.conf
COPY --from=stage /repo/frontends/shell/dist /usr/share/nginx/html
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
