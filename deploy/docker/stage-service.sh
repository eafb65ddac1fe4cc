#!/bin/sh
# Lays out what a service's image runs, from an installed and built workspace (pnpm install,
# node scripts/prisma-generate.mjs, tsc -b), with production dependencies only:
#
#   <out>/services/<service>/    the service: dist/, prisma/migrations/, package.json, node_modules/
#   <out>/packages/db-migrate/   the migration CLI (not for the gateway): the chart's migration Job runs
#                                `node packages/db-migrate/dist/cli.js apply <service>` from <out>, and its pods'
#                                init container `... wait <service>`; both find services/<service>/prisma/migrations
#                                under the current directory
#   <out>/deploy/scripts/        identity only: the signing-key rotation, run by the identity
#                                chart's rotation Jobs (deploy/OPERATIONS.md, section 6)
#
# Used by deploy/docker/service.Dockerfile (SERVICE=<service>); runs the same outside Docker:
#   sh deploy/docker/stage-service.sh chat /tmp/chat-image && cd /tmp/chat-image && node services/chat/dist/server.js
set -eu
service=${1:?usage: stage-service.sh <service> <out>}
out=${2:?usage: stage-service.sh <service> <out>}
cd "$(dirname "$0")/../.."
[ -f "services/$service/dist/server.js" ] || { echo "services/$service/dist/server.js is missing: build first (tsc -b)" >&2; exit 1; }
rm -rf "$out"

# Workspace packages are copied in (injected), not linked, so the tree stands alone.
deploy() { pnpm --config.inject-workspace-packages=true --filter "$1" deploy --prod --offline "$2"; }
deploy "@civic/$service" "$out/services/$service"
if [ -d "services/$service/prisma/migrations" ]; then
  deploy @civic/db-migrate "$out/packages/db-migrate"
fi
if [ "$service" = identity ]; then
  mkdir -p "$out/deploy/scripts"
  cp deploy/scripts/rotate-signing-key.mjs "$out/deploy/scripts/rotate-signing-key.mjs"
fi

# Packages no runtime code reaches (Prisma's CLI and TypeScript, auto-installed optional peers).
for package in "$out/services/$service" "$out/packages/db-migrate"; do
  [ -d "$package" ] && node deploy/docker/prune-unreachable.mjs "$package"
done

# The images run compiled code only: no sources, tests, TypeScript settings or lockfile copies.
for package in "$out/services/$service" "$out/packages/db-migrate" \
  $(find "$out" -type d -path '*/node_modules/.pnpm/@civic+*/node_modules/@civic/*' -prune); do
  [ -d "$package" ] || continue
  rm -rf "$package/src" "$package/test" "$package/pnpm-lock.yaml" "$package/prisma.config.ts"
  rm -f "$package"/tsconfig*.json "$package"/*.tsbuildinfo
done
echo "staged $service in $out ($(du -sh "$out" | cut -f1))"
