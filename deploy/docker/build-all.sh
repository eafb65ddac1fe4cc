#!/bin/sh
# Builds every image of the platform (or the named ones) where a Docker engine with BuildKit runs:
#
#   deploy/docker/build-all.sh                   all nine images
#   deploy/docker/build-all.sh chat gateway      only these
#
# Environment: IMAGE_PREFIX (default civic: images are civic/<component>:<tag>, the chart's default
# repositories), TAG (default: the chart's appVersion), PUSH=1 to push each image after building.
# The images share one build stage, built once and reused from BuildKit's cache.
set -eu
cd "$(dirname "$0")/../.."

ALL="identity decisions elections chat notifications gateway frontend-shell frontend-decisions frontend-elections"
PREFIX=${IMAGE_PREFIX:-civic}
TAG=${TAG:-$(sed -n 's/^appVersion: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' deploy/helm/civic-platform/Chart.yaml)}

if ! docker info >/dev/null 2>&1; then
  echo "build-all: no Docker engine answers here (docker info failed); nothing built." >&2
  exit 1
fi

for component in ${*:-$ALL}; do
  file="deploy/docker/$component.Dockerfile"
  [ -f "$file" ] || { echo "build-all: no $file (components: $ALL)" >&2; exit 1; }
  image="$PREFIX/$component:$TAG"
  echo "== $image"
  DOCKER_BUILDKIT=1 docker build --file "$file" --tag "$image" .
  if [ "${PUSH:-0}" = 1 ]; then docker push "$image"; fi
done
