# Sourced by scripts/test.sh: starts moto (a local server speaking the S3 API)
# with one bucket, and exports what object_store's S3 client reads, so the
# storage layer's tests run against S3 as well as against a directory.
start_s3_stand_in() {
  local port=$((23000 + RANDOM % 2000))
  s3_log=$(mktemp)
  moto_server -H 127.0.0.1 -p "$port" >"$s3_log" 2>&1 &
  s3_pid=$!
  trap 'kill $s3_pid 2>/dev/null || true; rm -f "$s3_log"' EXIT
  for _ in $(seq 1 40); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break
    sleep 0.25
  done
  curl -fs -X PUT "http://127.0.0.1:$port/roboforge-test" >/dev/null || { echo "the S3 stand-in did not start:" >&2; cat "$s3_log" >&2; return 1; }
  export TEST_S3_URL="s3://roboforge-test" AWS_ENDPOINT="http://127.0.0.1:$port" AWS_ALLOW_HTTP=true
  export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_DEFAULT_REGION=us-east-1 AWS_REGION=us-east-1
}
