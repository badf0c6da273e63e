#!/usr/bin/env bash
# Keeps the build cache outside the clone (shared by every CI run) from
# filling the disk: past ROBOFORGE_TARGET_LIMIT_GB (default 40) it drops the
# incremental caches and the test and tool executables not rebuilt for two
# days (each code change leaves a new hashed copy behind). Compiled
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
  fi
done
echo "    now $(du -s --block-size=1G "$target" | cut -f1) GB"
