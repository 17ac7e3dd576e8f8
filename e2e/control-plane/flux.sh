# shellcheck shell=bash
# Flux's source-controller, source-watcher and helm-controller, and an OCI registry, built from their
# Go modules and run as processes beside the local API server. Sourced by e2e/bin/control-plane,
# which provides log, die, run_go, mod_download, json_field, start_detached, pid_alive, free_port.

# NAME|MODULE|VERSION|MAIN PACKAGE in the module|REPLACES (space-separated OLD=NEW@VERSION)
TOOL_BUILDS=(
  "source-controller|$FLUX_SOURCE_CONTROLLER_MODULE|$FLUX_SOURCE_CONTROLLER_VERSION|.|$FLUX_SOURCE_CONTROLLER_REPLACES"
  "source-watcher|$FLUX_SOURCE_WATCHER_MODULE|$FLUX_SOURCE_WATCHER_VERSION|./cmd|$FLUX_SOURCE_WATCHER_REPLACES"
  "helm-controller|$FLUX_HELM_CONTROLLER_MODULE|$FLUX_HELM_CONTROLLER_VERSION|.|$FLUX_HELM_CONTROLLER_REPLACES"
  "registry|$REGISTRY_MODULE|$REGISTRY_VERSION|./cmd/registry|"
  # Not a process of the control plane: the manifest validator the schema tests run over the JSON
  # Schemas `cozy-catalog schemas` writes (`control-plane tool kubeconform` prints its path).
  "kubeconform|$KUBECONFORM_MODULE|$KUBECONFORM_VERSION|./cmd/kubeconform|"
)
TOOLS_DIR=$CACHE/tools/$OS-$ARCH
# Start order; stopped in reverse, before the API server.
FLUX_PROCESSES=(registry source-controller source-watcher helm-controller)

tool_binary() { # tool_binary NAME: the cached binary of a TOOL_BUILDS entry
  local entry name module version
  for entry in "${TOOL_BUILDS[@]}"; do
    IFS='|' read -r name module version _ <<<"$entry"
    [[ $name == "$1" ]] && {
      echo "$TOOLS_DIR/$name-$version"
      return 0
    }
  done
  die "no tool $1"
}

tools_present() {
  local entry name
  for entry in "${TOOL_BUILDS[@]}"; do
    name=${entry%%|*}
    [[ -x $(tool_binary "$name") ]] || return 1
  done
}

# tool_entry NAME: the TOOL_BUILDS entry of NAME.
tool_entry() {
  local entry
  for entry in "${TOOL_BUILDS[@]}"; do
    [[ ${entry%%|*} == "$1" ]] && {
      echo "$entry"
      return 0
    }
  done
  die "no tool $1 (known: $(for entry in "${TOOL_BUILDS[@]}"; do printf '%s ' "${entry%%|*}"; done))"
}

# build_tool ENTRY LOG: builds one TOOL_BUILDS entry in a writable copy of its module, so the module's
# own go.mod and go.sum decide every dependency. Two adjustments: the module's local replaces of its
# sub-modules (./api, absent from the module zip) are dropped, so the published versions its go.mod
# requires are used; and REPLACES pins a dependency version the module proxy does not serve to the
# nearest one it does (versions.env says which and why).
build_tool() {
  local name module version pkg replaces dl src out tmp r t0
  IFS='|' read -r name module version pkg replaces <<<"$1"
  out=$TOOLS_DIR/$name-$version
  [[ -x $out ]] && return 0
  t0=$(now)
  log "building $name $version ($module) ..."
  dl=$(mod_download "$module@$version")
  src=$CACHE/src/$name-$version
  rm -rf "$src"
  mkdir -p "$CACHE/src" "$TOOLS_DIR"
  cp -r "$(json_field Dir <<<"$dl")" "$src"
  chmod -R u+w "$src"
  for r in $(sed -n 's#^\(replace[[:space:]]\{1,\}\)\{0,1\}[[:space:]]*\([^[:space:]]*\) => \./.*#\2#p' "$src/go.mod"); do
    run_go "$2" env -C "$src" go mod edit -dropreplace="$r"
  done
  for r in $replaces; do run_go "$2" env -C "$src" go mod edit -replace="$r"; done
  tmp=$TOOLS_DIR/.$name-$version.tmp.$$
  run_go "$2" env -C "$src" GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp" "$pkg"
  mv -f "$tmp" "$out"
  log "built $name $version in $(($(now) - t0))s"
}

build_tools() {
  local entry
  for entry in "${TOOL_BUILDS[@]}"; do build_tool "$entry" "$1"; done
}

# http_ready URL: the endpoint answers 2xx.
http_ready() { curl -fsS -m 2 "$1" >/dev/null 2>&1; }

# await_http NAME URL: waits for URL while process NAME lives.
await_http() {
  local i
  for ((i = 0; ; i++)); do
    http_ready "$2" && return 0
    pid_alive "$(read_pid "$1")" || fail_start "$1" "$1 exited"
    ((i < STARTUP_TIMEOUT * 5)) || fail_start "$1" "$1 not ready after ${STARTUP_TIMEOUT}s"
    sleep 0.2
  done
}

# The binaries run as $STATE/bin/NAME (symlinks), so pid_alive recognises them by their command line.
link_binary() {
  mkdir -p "$STATE/bin"
  ln -sf "$(tool_binary "$1")" "$STATE/bin/$1"
  echo "$STATE/bin/$1"
}

start_registry() {
  local port=$1 dir=$STATE/registry
  mkdir -p "$dir/data"
  cat >"$dir/config.yml" <<EOF
version: 0.1
log:
  level: warn
storage:
  filesystem:
    rootdirectory: $dir/data
  delete:
    enabled: true
http:
  addr: 127.0.0.1:$port
EOF
  OTEL_TRACES_EXPORTER=none start_detached registry "$(link_binary registry)" serve "$dir/config.yml"
  await_http registry "http://127.0.0.1:$port/v2/"
}

# start_controller NAME HEALTH_PORT ARGS...: a Flux controller against the local API server,
# watching every namespace, without leader election (one instance).
start_controller() {
  local name=$1 health=$2 metrics
  shift 2
  metrics=$(free_port "$health")
  mkdir -p "$STATE/flux/$name"
  KUBECONFIG=$KUBECONFIG_PATH RUNTIME_NAMESPACE=flux-system start_detached "$name" "$(link_binary "$name")" \
    --health-addr="127.0.0.1:$health" --metrics-addr="127.0.0.1:$metrics" --log-level=info "$@"
  await_http "$name" "http://127.0.0.1:$health/readyz"
}

# start_flux: the registry and the three controllers; their ports go to ports.env.
start_flux() {
  local t0 reg sc_health sc_storage sw_health sw_storage hc_health
  t0=$(now)
  reg=$(free_port)
  sc_health=$(free_port "$reg")
  sc_storage=$(free_port "$reg" "$sc_health")
  sw_health=$(free_port "$reg" "$sc_health" "$sc_storage")
  sw_storage=$(free_port "$reg" "$sc_health" "$sc_storage" "$sw_health")
  hc_health=$(free_port "$reg" "$sc_health" "$sc_storage" "$sw_health" "$sw_storage")
  printf 'REGISTRY_PORT=%s\nSOURCE_STORAGE_PORT=%s\nWATCHER_STORAGE_PORT=%s\n' \
    "$reg" "$sc_storage" "$sw_storage" >>"$STATE/ports.env"
  start_registry "$reg"
  start_controller source-controller "$sc_health" --storage-path="$STATE/flux/source-controller" \
    --storage-addr="127.0.0.1:$sc_storage" --storage-adv-addr="127.0.0.1:$sc_storage"
  start_controller source-watcher "$sw_health" --storage-path="$STATE/flux/source-watcher" \
    --storage-addr="127.0.0.1:$sw_storage" --storage-adv-addr="127.0.0.1:$sw_storage"
  # helm-controller reads charts from ExternalArtifacts (what source-watcher produces) only with this
  # gate, which it leaves off by default; Cozystack's deployment turns it on the same way. Releases
  # labelled e2e.cozystack.io/stand-in are left to a test's stand-in (Flux's sharding selector), so
  # a benchmark can time the same chain with and without helm-controller on one control plane.
  start_controller helm-controller "$hc_health" --feature-gates=ExternalArtifact=true \
    '--watch-label-selector=!e2e.cozystack.io/stand-in'
  touch "$STATE/flux-ready"
  log "Flux (source-controller, source-watcher, helm-controller) and a registry at 127.0.0.1:$reg up in $(($(now) - t0))s"
}

# start_registry_alone: the registry without Flux (up --no-flux); its port goes to ports.env.
start_registry_alone() {
  local reg
  reg=$(free_port)
  printf 'REGISTRY_PORT=%s\n' "$reg" >>"$STATE/ports.env"
  start_registry "$reg"
  touch "$STATE/registry-ready"
  log "a registry at 127.0.0.1:$reg, no Flux"
}

flux_healthy() {
  local name
  if [[ -f $STATE/registry-ready ]]; then
    pid_alive "$(read_pid registry)"
    return
  fi
  [[ -f $STATE/flux-ready ]] || return 0 # a bare control plane
  for name in "${FLUX_PROCESSES[@]}"; do pid_alive "$(read_pid "$name")" || return 1; done
}
