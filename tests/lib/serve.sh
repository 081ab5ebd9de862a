# Sourced by the interoperability tests. wait_for_url LOG PID: waits until the server started as
# PID prints its http://127.0.0.1:PORT address into LOG, and sets $base_url to it. Fails, showing
# the log, when the server exits first or says nothing for 10 seconds.
wait_for_url() {
  base_url=""
  for _ in $(seq 100); do
    base_url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$1" | head -1 || true)
    [ -n "$base_url" ] && return 0
    kill -0 "$2" 2>/dev/null || break
    sleep 0.1
  done
  cat "$1" >&2
  return 1
}
