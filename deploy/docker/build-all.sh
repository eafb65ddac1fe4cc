#!/bin/sh
# Builds every image of the platform (or the named ones) where a Docker engine with BuildKit runs:
#
#   deploy/docker/build-all.sh                   all nine images
#   deploy/docker/build-all.sh chat gateway      only these
#
# Tags: every image is tagged <version>-<commit> (immutable: what a release pins, pulled
# IfNotPresent by the charts); services, the gateway and the shell also <version>. A remote is built
# for exactly one version (REMOTE_VERSION = its tag, baked into its asset paths), so it gets the
# <version>-<commit> tag only.
#
# Environment: IMAGE_PREFIX (default civic: images are civic/<component>, the charts' default
# repositories), VERSION (default: the charts' appVersion), COMMIT (default: git's short HEAD),
# PUSH=1 to push each image after building. Base images come from deploy/docker/base-images.env
# (pinned by digest, the one place to change them). The images share one build stage, built once
# and reused from BuildKit's cache.
set -eu
cd "$(dirname "$0")/../.."

ALL="identity decisions elections chat notifications gateway frontend-shell frontend-decisions frontend-elections"
PREFIX=${IMAGE_PREFIX:-civic}
VERSION=${VERSION:-$(sed -n 's/^appVersion: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' deploy/helm/civic-platform/Chart.yaml)}
COMMIT=${COMMIT:-$(git rev-parse --short=7 HEAD 2>/dev/null || echo unknown)}
TAG="$VERSION-$COMMIT"

BASE_ARGS=""
while IFS= read -r line; do
  case "$line" in [A-Z]*=*) BASE_ARGS="$BASE_ARGS --build-arg $line" ;; esac
done < deploy/docker/base-images.env

if ! docker info >/dev/null 2>&1; then
  echo "build-all: no Docker engine answers here (docker info failed); nothing built." >&2
  exit 1
fi

# Three Dockerfiles: service.Dockerfile for the services and the gateway (SERVICE, and PORT: the
# default of the component's configuration), remote.Dockerfile for the remotes (REMOTE), and
# frontend-shell.Dockerfile.
for component in ${*:-$ALL}; do
  case "$component" in
    identity) file=service; extra="--build-arg SERVICE=$component --build-arg PORT=4001" ;;
    decisions) file=service; extra="--build-arg SERVICE=$component --build-arg PORT=4002" ;;
    elections) file=service; extra="--build-arg SERVICE=$component --build-arg PORT=4003" ;;
    chat) file=service; extra="--build-arg SERVICE=$component --build-arg PORT=4004" ;;
    notifications) file=service; extra="--build-arg SERVICE=$component --build-arg PORT=4005" ;;
    gateway) file=service; extra="--build-arg SERVICE=$component --build-arg PORT=8080" ;;
    frontend-shell) file=frontend-shell; extra="" ;;
    frontend-decisions|frontend-elections) file=remote; extra="--build-arg REMOTE=${component#frontend-}" ;;
    *) echo "build-all: no image $component (components: $ALL)" >&2; exit 1 ;;
  esac
  file="deploy/docker/$file.Dockerfile"
  image="$PREFIX/$component"
  tags="--tag $image:$TAG"
  case "$component" in
    frontend-decisions|frontend-elections) extra="$extra --build-arg REMOTE_VERSION=$TAG" ;;
    *) tags="$tags --tag $image:$VERSION" ;;
  esac
  echo "== $image:$TAG"
  # shellcheck disable=SC2086 # the argument lists are meant to split
  DOCKER_BUILDKIT=1 docker build --file "$file" $BASE_ARGS $extra $tags \
    --label "org.opencontainers.image.version=$VERSION" --label "org.opencontainers.image.revision=$COMMIT" .
  if [ "${PUSH:-0}" = 1 ]; then
    docker push "$image:$TAG"
    case "$component" in frontend-decisions|frontend-elections) ;; *) docker push "$image:$VERSION" ;; esac
  fi
done
echo "built with tag $TAG (set <component>.image.tag, or a remote's versions, to it)"
