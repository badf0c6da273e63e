# The two commands (see README): `make run` and `make test`.
.PHONY: run test test-wine test-cluster openapi e2e

run:
	scripts/run.sh

test:
	scripts/test.sh

# The multi-instance scenarios against a cluster of real engines (scripts/cluster.sh).
test-cluster:
	scripts/test-cluster.sh

# The compile agent's Wine runner with a Windows build of the MetaEditor stand-in (needs Debian's wine and mingw; installs them).
test-wine:
	compiler-agent/wine/tests/test-wine-runner.sh

# Regenerates web/openapi.json and the shared field rules from the server, then the TypeScript types.
openapi:
	SQLX_OFFLINE=true CARGO_TARGET_DIR=$${CARGO_TARGET_DIR:-$$HOME/.cache/roboforge-target} cargo run -q -p api -- openapi > web/openapi.json
	SQLX_OFFLINE=true CARGO_TARGET_DIR=$${CARGO_TARGET_DIR:-$$HOME/.cache/roboforge-target} cargo run -q -p api -- field-rules > web/src/lib/api/field-rules.json
	cd web && npm run gen:api
