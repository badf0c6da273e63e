#!/usr/bin/env bash
# Checks the provisioning in ansible/: `ansible-playbook --syntax-check` of
# both playbooks against the example inventory, then ansible-lint (production
# profile). Installs Debian's ansible and ansible-lint when missing. Exits
# non-zero on any problem.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! command -v ansible-playbook >/dev/null || ! command -v ansible-lint >/dev/null; then
  echo "==> installing ansible ansible-lint (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ansible ansible-lint >/dev/null
fi

export ANSIBLE_CONFIG="$PWD/ansible/ansible.cfg"
export ANSIBLE_NOCOLOR=1
# An inventory that does not parse is an error, not a warning.
export ANSIBLE_INVENTORY_UNPARSED_FAILED=True
# Lint and syntax check only: nothing is contacted, nothing is written home.
export ANSIBLE_LOCAL_TEMP="${TMPDIR:-/tmp}/roboforge-ansible-tmp"

echo "==> ansible-playbook --syntax-check"
ansible-playbook --syntax-check -i ansible/inventory.example.yml ansible/platform.yml ansible/compile-agents.yml

echo "==> ansible-lint"
# From inside ansible/ and without arguments: ansible-lint then lints every
# file (given a folder, 6.x takes it for a single role and checks nothing).
(cd ansible && ansible-lint --nocolor -c .ansible-lint)
