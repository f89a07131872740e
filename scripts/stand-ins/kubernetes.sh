#!/usr/bin/env bash
# A real Kubernetes control plane for CI's check of infra/k8s (launcher/test/deployment-k8s-apiserver.test.ts):
# kube-apiserver and kubectl v1.31.4 built from the Go module proxy, Debian's etcd-server (apt) and
# PyPI kubernetes-validate (strict schema checks per Kubernetes version), all cached per machine under
# the project's ignored cache dir. Does nothing for what is already there.
#   scripts/stand-ins/kubernetes.sh            -> .cache/stand-ins/kubernetes-v1.31.4/{kube-apiserver,kubectl}
#   K8S_NODE=1 scripts/stand-ins/kubernetes.sh -> also kubelet, kube-controller-manager, kube-scheduler
#                                                 (and Debian's containerd and containernetworking-plugins)
# `go install` refuses k8s.io/kubernetes (its go.mod replaces the k8s.io/* modules with ./staging), so:
# `go mod download` the module, copy it out, drop vendor/, go.work* and the staging replace lines, pin
# every k8s.io/* v0.0.0 requirement to v0.31.4, then `go build -mod=mod` (about 5 minutes of CPU the
# first time, once per machine; the binaries are stamped with their real version).
# Needs Go (go on PATH, or /usr/local/go/bin/go). Without Go (or apt, or python3) it says so and exits
# 0: the suite then skips, naming what is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="v1.31.4"
staging_version="v0.31.4"
validate_version="1.37.0"
mkdir -p .cache/stand-ins
dest="$(cd .cache/stand-ins && pwd -P)/kubernetes-${version}"

binaries=(kube-apiserver kubectl)
packages=(etcd-server)
if [ "${K8S_NODE:-}" = "1" ]; then
  binaries+=(kubelet kube-controller-manager kube-scheduler)
  packages+=(containerd containernetworking-plugins)
fi

apt_install() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "kubernetes: apt-get is missing, not installing ${missing[*]}"
    return 0
  fi
  echo "kubernetes: installing ${missing[*]} (Debian packages)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # the packages' own services are not wanted: the tests start what they need on loopback ports
  for service in etcd containerd; do
    if command -v systemctl >/dev/null 2>&1; then systemctl disable --now "$service" >/dev/null 2>&1 || true; fi
  done
}
apt_install "${packages[@]}"

# kubernetes-validate: strict schema checks (unknown fields rejected) per Kubernetes version
bash scripts/stand-ins/pip-venv.sh kubernetes-validate "$validate_version" "kubernetes-validate==$validate_version"

wanted=()
for binary in "${binaries[@]}"; do
  [ -x "$dest/$binary" ] || wanted+=("$binary")
done
if [ ${#wanted[@]} -eq 0 ]; then
  echo "kubernetes ${version}: cached at $dest (${binaries[*]})"
  exit 0
fi

go_bin="$(command -v go || true)"
[ -z "$go_bin" ] && [ -x /usr/local/go/bin/go ] && go_bin=/usr/local/go/bin/go
if [ -z "$go_bin" ]; then
  echo "kubernetes ${version}: Go is not installed, not building ${wanted[*]} (the Kubernetes API server suite will skip)"
  exit 0
fi

echo "kubernetes ${version}: building ${wanted[*]} into $dest (about 5 minutes the first time)"
module_dir="$("$go_bin" mod download -json "k8s.io/kubernetes@${version}" \
  | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
if [ -z "$module_dir" ] || [ ! -d "$module_dir" ]; then
  echo "kubernetes ${version}: go mod download gave no module directory" >&2
  exit 1
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/kubernetes-src.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp -R "$module_dir/." "$work/"
chmod -R u+w "$work"
rm -rf "$work/vendor" "$work/go.work" "$work/go.work.sum"
sed -i -e '/=> \.\/staging\//d' \
  -e "s#^\([[:space:]]*k8s\.io/[A-Za-z0-9._/-]*\) v0\.0\.0\$#\1 ${staging_version}#" "$work/go.mod"

# what hack/lib/version.sh stamps, so that `kubectl version` and the kubelet's registration see v1.31.4
ldflags="-s -w"
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  ldflags+=" -X ${pkg}.gitVersion=${version} -X ${pkg}.gitMajor=1 -X ${pkg}.gitMinor=31"
  ldflags+=" -X ${pkg}.gitTreeState=clean -X ${pkg}.buildDate=1970-01-01T00:00:00Z"
done

mkdir -p "$dest"
out="$dest/.build"
rm -rf "$out"
mkdir -p "$out"
targets=()
for binary in "${wanted[@]}"; do targets+=("./cmd/$binary"); done
(cd "$work" && CGO_ENABLED=0 GOFLAGS=-mod=mod "$go_bin" build -trimpath -ldflags "$ldflags" -o "$out/" "${targets[@]}")
for binary in "${wanted[@]}"; do mv "$out/$binary" "$dest/$binary"; done
rm -rf "$out"
echo "kubernetes ${version}: built ${wanted[*]} in $dest"
