# syntax=docker/dockerfile:1.7
# A module-federation remote (REMOTE: decisions or elections), one version per image: its build under
# /remotes/<REMOTE>/<REMOTE_VERSION>/ (immutable), and that version's manifest at the stable
# /remotes/<REMOTE>/mf-manifest.json. REMOTE_VERSION is the image tag (build-all.sh passes both); the
# <REMOTE>-remote chart runs one Deployment per listed version.
# Build from the repository root (or deploy/docker/build-all.sh frontend-decisions):
#   docker build $(grep '^[A-Z]' deploy/docker/base-images.env | sed 's/^/--build-arg /') -f deploy/docker/remote.Dockerfile --build-arg REMOTE=decisions --build-arg REMOTE_VERSION=dev -t civic/frontend-decisions:dev .
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
ARG REMOTE
ARG REMOTE_VERSION
RUN case "$REMOTE" in decisions|elections) ;; *) echo "build arg REMOTE (decisions or elections) is required" >&2; exit 1 ;; esac
RUN test -n "$REMOTE_VERSION" || { echo "build arg REMOTE_VERSION (the image tag) is required" >&2; exit 1; }
RUN REMOTE_VERSION="$REMOTE_VERSION" pnpm --filter "@civic/frontend-$REMOTE" build \
 && mkdir -p "/site/remotes/$REMOTE" \
 && cp -R "frontends/$REMOTE/dist/$REMOTE_VERSION" "/site/remotes/$REMOTE/$REMOTE_VERSION" \
 && cp "frontends/$REMOTE/dist/$REMOTE_VERSION/mf-manifest.json" "/site/remotes/$REMOTE/mf-manifest.json"

# ---- runtime: static files from nginx, unprivileged (uid 101, port 8080)
FROM ${NGINX_IMAGE} AS runtime
COPY deploy/docker/nginx/security-headers.conf /etc/nginx/civic/security-headers.conf
COPY deploy/docker/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY --from=stage /site /usr/share/nginx/html
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
