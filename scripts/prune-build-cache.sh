#!/usr/bin/env bash
# Keeps the build cache outside the clone (shared by every CI run) from
# filling the disk: past ROBOFORGE_TARGET_LIMIT_GB (default 40) it drops the
# incremental caches, the test and tool executables not rebuilt for two
# days and all but the newest two copies of each (each code change leaves a new hashed copy behind). Compiled
# dependencies stay, so the next build only recompiles the workspace.
set -euo pipefail
target="${CARGO_TARGET_DIR:-$HOME/.cache/roboforge-target}"
limit_gb="${ROBOFORGE_TARGET_LIMIT_GB:-40}"
[ -d "$target" ] || exit 0
used_gb=$(du -s --block-size=1G "$target" | cut -f1)
[ "$used_gb" -le "$limit_gb" ] && exit 0
echo "==> build cache at ${used_gb} GB (over ${limit_gb} GB): pruning incremental caches and stale executables"
for profile in debug release; do
  rm -rf "${target:?}/$profile/incremental"
  if [ -d "$target/$profile/deps" ]; then
    find "$target/$profile/deps" -maxdepth 1 -type f -executable -mtime +2 -delete
    # A busy day leaves dozens of hashed copies of each test executable
    # (about 1 GB each): keep the newest two of every name.
    python3 - "$target/$profile/deps" <<'PY'
import os, re, sys, collections
deps = sys.argv[1]
copies = collections.defaultdict(list)
for name in os.listdir(deps):
    path = os.path.join(deps, name)
    found = re.fullmatch(r"(.+)-[0-9a-f]{16}", name)
    if found and os.path.isfile(path) and os.access(path, os.X_OK):
        copies[found.group(1)].append((os.path.getmtime(path), path))
for versions in copies.values():
    for _, path in sorted(versions, reverse=True)[2:]:
        os.remove(path)
PY
  fi
done
echo "    now $(du -s --block-size=1G "$target" | cut -f1) GB"
