# syntax=docker/dockerfile:1.7
# One image per Node.js component: a service (identity, decisions, elections, chat, notifications)
# with its migrations and the migration CLI (its Helm Job runs
# `node packages/db-migrate/dist/cli.js apply <service>` in the image), or the gateway (/api and the
# socket.io proxy to the services). SERVICE names the component and PORT its port (the default of its
# configuration); build-all.sh passes both.
# Build from the repository root (or deploy/docker/build-all.sh chat):
#   docker build $(grep '^[A-Z]' deploy/docker/base-images.env | sed 's/^/--build-arg /') -f deploy/docker/service.Dockerfile --build-arg SERVICE=chat --build-arg PORT=4004 -t civic/chat:dev .
# Base images: pinned by digest in deploy/docker/base-images.env, passed by build-all.sh.
ARG NODE_IMAGE

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

# ---- stage: production dependencies only (pnpm deploy), no sources or tests
FROM build AS stage
ARG SERVICE
RUN test -n "$SERVICE" || { echo "build arg SERVICE (identity, decisions, elections, chat, notifications or gateway) is required" >&2; exit 1; }
RUN sh deploy/docker/stage-service.sh "$SERVICE" /out

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ARG PORT
RUN test -n "$PORT" || { echo "build arg PORT (the component's port) is required" >&2; exit 1; }
ENV NODE_ENV=production NODE_OPTIONS=--enable-source-maps PORT=${PORT} HOST=0.0.0.0 SERVICE=${SERVICE}
WORKDIR /app
COPY --from=stage /out /app
# The node user of the base image, by number so Kubernetes can check runAsNonRoot.
USER 1000:1000
EXPOSE ${PORT}
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The shell only expands SERVICE, then exec hands PID 1 (and SIGTERM's drain) to node.
CMD ["sh", "-c", "exec node \"services/$SERVICE/dist/server.js\""]
