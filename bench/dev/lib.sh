# bench/dev/lib.sh -- the helpers every bench/dev/<name>.sh sync script uses (sourced, after the
# script sets OUT and LIMIT, its seconds): left / cap give each step at most what is left, log
# appends a timed line to $OUT/summary.txt, run SECONDS LOGFILE CMD... runs one step under its
# cap and appends its status.
export PATH=/usr/local/cuda/bin:$PATH
T0=$(date +%s)
left() { echo $(( LIMIT - 3 - ($(date +%s) - T0) )); }
cap() { local l; l=$(left); [ "$1" -lt "$l" ] && echo "$1" || echo "$l"; }
log() { echo "== $* (t=$(( $(date +%s) - T0 ))s)" | tee -a "$OUT/summary.txt"; }
run() { # run SECONDS LOGFILE CMD...: the command under a time cap, its status appended
  local s=$1 f=$2; shift 2
  [ "$(left)" -gt 4 ] || { echo "skipped: no time left" | tee -a "$OUT/$f"; return; }
  timeout -k 2 "$(cap "$s")" "$@" > "$OUT/$f" 2>&1 < /dev/null
  echo "rc=$? t=$(( $(date +%s) - T0 ))s" >> "$OUT/$f"
}
