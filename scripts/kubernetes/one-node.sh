#!/usr/bin/env bash
# A one-node Kubernetes cluster on this machine, for trying infra/k8s with pods that run (docs/deployment.md,
# "Pods on a one-node cluster"). Everything listens on loopback, except the pods' bridge (10.88.0.0/24,
# no default route and no masquerading: pods reach this machine and each other, nothing else).
#   K8S_NODE=1 bash scripts/stand-ins/kubernetes.sh      # kubelet, controller manager, scheduler, containerd, CNI
#   bash scripts/kubernetes/one-node.sh up DIR            # etcd, kube-apiserver, controller manager, scheduler,
#                                                         # containerd (CRI), kubelet; DIR/kubeconfig for kubectl
#   bash scripts/kubernetes/one-node.sh load DIR IMAGE... # docker save IMAGE | ctr import (no registry here)
#   bash scripts/kubernetes/one-node.sh dev DIR           # stand-in stores on the bridge, the dev overlay applied
#   bash scripts/kubernetes/one-node.sh down DIR          # stops them all (by the pids in DIR) and removes DIR
# Needs root (containerd, the kubelet and the CNI bridge do).
set -euo pipefail
cd "$(dirname "$0")/../.."

version="v1.31.4"
bin="$(pwd -P)/.cache/stand-ins/kubernetes-${version}"
command="${1:?up, dev, load or down}"
dir="${2:?a directory for the cluster files}"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

start() { # name, then the command; logs to DIR/name.log, pid in DIR/name.pid
  local name="$1"
  shift
  "$@" >"$dir/$name.log" 2>&1 &
  echo $! >"$dir/$name.pid"
}

wait_for() { # what, tries, then the probe command
  local what="$1" tries="$2"
  shift 2
  for _ in $(seq "$tries"); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  echo "$what was not ready; the last lines of its log:" >&2
  tail -n 30 "$dir/$what.log" >&2 || true
  return 1
}

case "$command" in
up)
  for binary in kube-apiserver kubectl kubelet kube-controller-manager kube-scheduler; do
    [ -x "$bin/$binary" ] || { echo "$bin/$binary is missing: K8S_NODE=1 bash scripts/stand-ins/kubernetes.sh" >&2; exit 1; }
  done
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd -P)"
  etcd_port="$(free_port)"
  peer_port="$(free_port)"
  api_port="$(free_port)"
  token="$(openssl rand -hex 24)"
  printf '%s,admin,admin,"system:masters"\n' "$token" >"$dir/tokens.csv"
  openssl genrsa -out "$dir/sa.key" 2048 2>/dev/null
  openssl rsa -in "$dir/sa.key" -pubout -out "$dir/sa.pub" 2>/dev/null

  start etcd etcd --name=default --data-dir="$dir/etcd" \
    --listen-client-urls="http://127.0.0.1:$etcd_port" --advertise-client-urls="http://127.0.0.1:$etcd_port" \
    --listen-peer-urls="http://127.0.0.1:$peer_port" --initial-advertise-peer-urls="http://127.0.0.1:$peer_port" \
    --initial-cluster="default=http://127.0.0.1:$peer_port" --log-level=warn
  wait_for etcd 60 curl -sf "http://127.0.0.1:$etcd_port/health"

  start kube-apiserver "$bin/kube-apiserver" --etcd-servers="http://127.0.0.1:$etcd_port" \
    --bind-address=127.0.0.1 --secure-port="$api_port" --cert-dir="$dir/certs" --token-auth-file="$dir/tokens.csv" \
    --service-account-key-file="$dir/sa.pub" --service-account-signing-key-file="$dir/sa.key" \
    --service-account-issuer=https://kubernetes.default.svc --authorization-mode=Node,RBAC \
    --service-cluster-ip-range=10.96.0.0/16 --endpoint-reconciler-type=none \
    --kubelet-preferred-address-types=InternalIP
  wait_for kube-apiserver 180 curl -skf -H "Authorization: Bearer $token" "https://127.0.0.1:$api_port/readyz"

  cat >"$dir/kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters: [{ name: one-node, cluster: { server: "https://127.0.0.1:$api_port", insecure-skip-tls-verify: true } }]
users: [{ name: admin, user: { token: "$token" } }]
contexts: [{ name: one-node, context: { cluster: one-node, user: admin } }]
current-context: one-node
EOF
  chmod 600 "$dir/kubeconfig"

  start kube-controller-manager "$bin/kube-controller-manager" --kubeconfig="$dir/kubeconfig" \
    --authentication-kubeconfig="$dir/kubeconfig" --authorization-kubeconfig="$dir/kubeconfig" \
    --leader-elect=false --bind-address=127.0.0.1 --secure-port="$(free_port)" \
    --service-account-private-key-file="$dir/sa.key" --root-ca-file="$dir/certs/apiserver.crt" \
    --use-service-account-credentials=true --controllers='*'
  start kube-scheduler "$bin/kube-scheduler" --kubeconfig="$dir/kubeconfig" \
    --authentication-kubeconfig="$dir/kubeconfig" --authorization-kubeconfig="$dir/kubeconfig" \
    --leader-elect=false --bind-address=127.0.0.1 --secure-port="$(free_port)"

  # containerd with its CRI plugin, on a socket, root and state of its own (not the Docker engine's).
  # restrict_oom_score_adj: this machine's root lacks CAP_SYS_RESOURCE, so lowering a process's
  # oom_score_adj (the kubelet asks -998 for every pod sandbox) fails in runc with "can't get final
  # child's PID from pipe: EOF"; containerd then keeps it at its own (0) or above
  mkdir -p "$dir/containerd" "$dir/cni"
  containerd config default |
    sed -e "s#^root = .*#root = \"$dir/containerd/root\"#" -e "s#^state = .*#state = \"$dir/containerd/state\"#" \
      -e "0,/address = \"\/run\/containerd\/containerd.sock\"/s##address = \"$dir/containerd.sock\"#" \
      -e 's#bin_dir = "/opt/cni/bin"#bin_dir = "/usr/lib/cni"#' -e "s#conf_dir = \"/etc/cni/net.d\"#conf_dir = \"$dir/cni\"#" \
      -e 's#sandbox_image = .*#sandbox_image = "local/pause:3.10"#' \
      -e 's#restrict_oom_score_adj = false#restrict_oom_score_adj = true#' >"$dir/containerd.toml"
  cat >"$dir/cni/10-one-node.conflist" <<'EOF'
{
  "cniVersion": "1.0.0",
  "name": "one-node",
  "plugins": [
    { "type": "bridge", "bridge": "k8snode0", "isGateway": true, "ipMasq": false, "hairpinMode": true,
      "ipam": { "type": "host-local", "ranges": [[{ "subnet": "10.88.0.0/24" }]], "routes": [] } },
    { "type": "portmap", "capabilities": { "portMappings": true } }
  ]
}
EOF
  # the bridge up front, with this machine's address on it (10.88.0.1), so that stand-in stores can
  # listen there before the first pod: reachable from the pods and this machine only
  if ! ip link show k8snode0 >/dev/null 2>&1; then
    ip link add k8snode0 type bridge
    ip addr add 10.88.0.1/24 dev k8snode0
  fi
  ip link set k8snode0 up
  start containerd containerd --config "$dir/containerd.toml"
  wait_for containerd 60 ctr -a "$dir/containerd.sock" version
  # the sandbox ("pause") image: no registry here, so a static Go program that waits for a signal
  if ! ctr -a "$dir/containerd.sock" -n k8s.io images ls -q | grep -q 'local/pause:3.10'; then
    mkdir -p "$dir/pause"
    printf 'package main\n\nimport (\n\t"os"\n\t"os/signal"\n\t"syscall"\n)\n\nfunc main() {\n\ts := make(chan os.Signal, 1)\n\tsignal.Notify(s, syscall.SIGTERM, syscall.SIGINT)\n\t<-s\n}\n' >"$dir/pause/main.go"
    printf 'module pause\n\ngo 1.22\n' >"$dir/pause/go.mod"
    go_bin="$(command -v go || echo /usr/local/go/bin/go)"
    (cd "$dir/pause" && CGO_ENABLED=0 "$go_bin" build -trimpath -ldflags '-s -w' -o pause .)
    printf 'FROM scratch\nCOPY pause /pause\nUSER 65535:65535\nENTRYPOINT ["/pause"]\n' >"$dir/pause/Dockerfile"
    docker build -q -t local/pause:3.10 "$dir/pause" >/dev/null
    docker save local/pause:3.10 | ctr -a "$dir/containerd.sock" -n k8s.io images import - >/dev/null
  fi

  cat >"$dir/kubelet.yaml" <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: 10.88.0.1
port: $(free_port)
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: $(free_port)
cgroupDriver: cgroupfs
failSwapOn: false
containerRuntimeEndpoint: unix://$dir/containerd.sock
authentication: { anonymous: { enabled: true }, webhook: { enabled: false } }
authorization: { mode: AlwaysAllow }
enforceNodeAllocatable: []
evictionHard: { memory.available: "0%", nodefs.available: "0%", imagefs.available: "0%" }
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
resolvConf: ""
serializeImagePulls: false
EOF
  start kubelet "$bin/kubelet" --config="$dir/kubelet.yaml" --kubeconfig="$dir/kubeconfig" \
    --hostname-override=one-node --node-ip=10.88.0.1 --root-dir="$dir/kubelet"
  wait_for kubelet 120 "$bin/kubectl" --kubeconfig="$dir/kubeconfig" wait --for=condition=Ready node/one-node --timeout=1s
  echo "one node up: kubectl --kubeconfig=$dir/kubeconfig"
  ;;
dev)
  # the dev overlay with stand-in stores on this machine's bridge address (10.88.0.1): nats-server with
  # JetStream, FerretDB (MongoDB) and Typesense from .cache/stand-ins; no KurrentDB (none installable
  # here: the services keep their events in SQLite under DATA_DIR) and no Temporal (workflows in
  # process), and no demo catalog (loading it through FerretDB took the catalog more than 5 minutes
  # here). No kube-proxy and no cluster DNS run here, so the stores are named by address; a
  # hostPath PersistentVolume under DIR backs each PersistentVolumeClaim.
  dir="$(cd "$dir" && pwd -P)"
  # shellcheck disable=SC1091
  . .cache/stand-ins/env.sh
  mkdir -p "$dir/stores/nats" "$dir/stores/ferretdb" "$dir/stores/ferretdb-state" "$dir/stores/typesense" "$dir/dev"
  nats_port="$(free_port)"
  mongo_port="$(free_port)"
  typesense_port="$(free_port)"
  typesense_key="$(openssl rand -hex 16)"
  start nats "$NATS_SERVER_BIN" -a 10.88.0.1 -p "$nats_port" -js -sd "$dir/stores/nats"
  start ferretdb .cache/stand-ins/ferretdb-v1.24.2/ferretdb --handler=sqlite --sqlite-url="file:$dir/stores/ferretdb/" \
    --listen-addr="10.88.0.1:$mongo_port" --state-dir="$dir/stores/ferretdb-state" --debug-addr=127.0.0.1:"$(free_port)" \
    --telemetry=disable
  start typesense "$TYPESENSE_SERVER_BIN" --data-dir "$dir/stores/typesense" --api-key="$typesense_key" \
    --api-address 10.88.0.1 --api-port "$typesense_port" --peering-address 127.0.0.1 --peering-port "$(free_port)"
  wait_for typesense 60 curl -sf "http://10.88.0.1:$typesense_port/health"
  overlay="$(pwd -P)/infra/k8s/overlays/dev"
  cat >"$dir/dev/kustomization.yaml" <<YAML
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources: [$(realpath --relative-to="$dir/dev" "$overlay")]
patches:
  - target: { kind: ConfigMap, name: listings-config }
    patch: |-
      - { op: replace, path: /data/NATS_URL, value: "nats://10.88.0.1:$nats_port" }
      - { op: remove, path: /data/TEMPORAL_ADDRESS }
      - { op: replace, path: /data/DEMO_DATA, value: "off" }
  - target: { kind: Secret, name: listings-stores }
    patch: |-
      - { op: remove, path: /data/kurrentdb-url }
      - { op: replace, path: /data/mongo-url, value: "$(printf 'mongodb://10.88.0.1:%s/' "$mongo_port" | base64 -w0)" }
      - { op: replace, path: /data/typesense-api-key, value: "$(printf '%s' "$typesense_key" | base64 -w0)" }
  - target: { kind: Deployment, name: "catalog|drafting|commerce|claims" }
    patch: |-
      - { op: test, path: /spec/template/spec/containers/0/env/0/name, value: KURRENTDB_URL }
      - { op: remove, path: /spec/template/spec/containers/0/env/0 }
  - target: { kind: Deployment, name: catalog }
    patch: |-
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: catalog }
      spec:
        template:
          spec:
            containers: [{ name: catalog, env: [{ name: TYPESENSE_URL, value: "http://10.88.0.1:$typesense_port" }] }]
YAML
  for claim in gateway catalog drafting commerce claims; do
    mkdir -p "$dir/volumes/$claim"
    chown 1000:1000 "$dir/volumes/$claim"
    "$bin/kubectl" --kubeconfig="$dir/kubeconfig" apply -f - >/dev/null <<YAML
apiVersion: v1
kind: PersistentVolume
metadata: { name: $claim-data }
spec:
  capacity: { storage: 5Gi }
  accessModes: [ReadWriteOnce]
  persistentVolumeReclaimPolicy: Retain
  claimRef: { namespace: listings-dev, name: $claim-data }
  hostPath: { path: $dir/volumes/$claim, type: Directory }
YAML
  done
  .cache/stand-ins/kustomize-5.7.1/kustomize build "$dir/dev" >"$dir/dev/objects.yaml"
  "$bin/kubectl" --kubeconfig="$dir/kubeconfig" apply --server-side -f "$dir/dev/objects.yaml"
  ;;
load)
  shift 2
  for image in "$@"; do docker save "$image" | ctr -a "$dir/containerd.sock" -n k8s.io images import - >/dev/null; done
  ;;
down)
  stop() { [ -f "$dir/$1.pid" ] && kill "$(cat "$dir/$1.pid")" 2>/dev/null || true; }
  stop kubelet
  sleep 1
  # the pods' processes outlive containerd (their shims): stop them through it first
  if [ -S "$dir/containerd.sock" ]; then
    tasks="$(ctr -a "$dir/containerd.sock" -n k8s.io tasks ls -q 2>/dev/null || true)"
    for task in $tasks; do ctr -a "$dir/containerd.sock" -n k8s.io tasks kill -s SIGKILL "$task" >/dev/null 2>&1 || true; done
    sleep 2
    for task in $tasks; do ctr -a "$dir/containerd.sock" -n k8s.io tasks rm -f "$task" >/dev/null 2>&1 || true; done
  fi
  for name in kube-scheduler kube-controller-manager containerd kube-apiserver etcd nats ferretdb typesense; do stop "$name"; done
  sleep 2
  for name in kubelet containerd; do
    [ -f "$dir/$name.pid" ] && kill -9 "$(cat "$dir/$name.pid")" 2>/dev/null || true
  done
  grep -o " $dir/[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null || true
  rm -rf "$dir"
  ip link del k8snode0 2>/dev/null || true
  ;;
*)
  echo "usage: $0 up|dev|load|down DIR [IMAGE...]" >&2
  exit 2
  ;;
esac
