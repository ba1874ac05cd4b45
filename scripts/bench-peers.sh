# Issues 13 and 32, speed against the peers, side by side in one run (`./scripts/bench-server --peers`):
#   1. durable bets: our engine in-process (ledger-bench) and over HTTP (bet-load) against
#      PostgreSQL running the same bet transaction through pgbench (bench/peers/bet.sql), at the
#      same client counts, on the same disk (target/bench-tmp), on sled (the default log) and on
#      the segment log in the same run. `PEERS_ONLY=bets` runs only this part;
#   2. durable exchange orders: our engine in-process (ledger-bench --only orders) against
#      PostgreSQL running the same match as one transaction (bench/peers/order.sql and
#      order_schema.sql), at the same client counts. `PEERS_ONLY=orders` runs only this part;
#      `PEERS_ONLY=cashouts` runs it with a cash out in every cycle of four (ledger-bench --only
#      cashouts against bench/peers/order_cashout.sql);
#   3. WebSocket fan-out: our hub (JSON text frames, then MessagePack binary frames) against a
#      Socket.IO 4 server on Node (bench/peers/socketio) replaying the frames ours pushed, to the
#      same 5,000 subscribers of the same generator. `--peers-fanout` runs only this part.
# Sourced by scripts/bench-server after its builds; uses its start_server/stop_server, BIN, work.
# Everything listens on 127.0.0.1 only and everything started here is stopped on exit.
# shellcheck shell=bash
# shellcheck disable=SC2154 # work, BIN and start_server's URL come from scripts/bench-server

PEER_CLIENTS="${PEER_CLIENTS:-1 16 64 256}"
# `bets`: only the durable bets (part 1); `orders`: only the durable orders (part 2); `cashouts`:
# only those with cash outs; empty: everything (orders without cash outs).
PEERS_ONLY="${PEERS_ONLY:-}"
PEER_SECONDS="${PEER_SECONDS:-10}"
FANOUT_SPEED="${FANOUT_SPEED:-10}"
# Rounds of the fan-out comparison, each measuring ours and the peers again on the same
# recording: Socket.IO's figure moves by a fifth between runs of the same build, so one round's
# ratio is one draw; with several, the summary gives each round's and their median.
FANOUT_ROUNDS="${FANOUT_ROUNDS:-1}"
# The "fair best case" of PostgreSQL: a committing backend waits this long (µs) for others to
# join its WAL flush when at least COMMIT_SIBLINGS other transactions are open.
PG_COMMIT_DELAY_US="${PG_COMMIT_DELAY_US:-50}"
PG_COMMIT_SIBLINGS=5

PG_BIN="" PG_DIR="" PG_PORT="" NODE_PID="" SOCKETIO_OUT="" FLOOR_PID=""

# PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
pg_as() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ensure_postgres() {
  if ! compgen -G "/usr/lib/postgresql/*/bin/pgbench" >/dev/null; then
    apt_install postgresql postgresql-contrib
  fi
  PG_BIN="$(dirname "$(printf '%s\n' /usr/lib/postgresql/*/bin/pgbench | sort -V | tail -1)")"
}

ensure_socketio() {
  ensure_node
  local dir="$ROOT/bench/peers/socketio" stamp="$ROOT/bench/peers/socketio/node_modules/.lock-stamp"
  if [ ! -f "$stamp" ] || ! cmp -s "$dir/package-lock.json" "$stamp"; then
    say "installing the Socket.IO peer's npm packages"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$dir/package-lock.json" "$stamp"
  fi
}

# A TCP port nobody listens on at 127.0.0.1 (bounded tries).
free_port() {
  local port
  for _ in $(seq 50); do
    port=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "no free port found" >&2
  exit 1
}

# A scratch cluster on the benchmark disk: defaults, fsync and synchronous_commit on (the
# defaults, written out to be sure), 127.0.0.1 only. max_connections is raised from 100 only so
# that 256 clients can connect.
start_postgres() {
  PG_DIR="$(mktemp -d "$work/pg.XXXX")"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$PG_DIR"
  PG_PORT="$(free_port)"
  pg_as "$PG_BIN/initdb" -D "$PG_DIR/data" --auth=trust --username=postgres --encoding=UTF8 >/dev/null
  cat >>"$PG_DIR/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_DIR'
fsync = on
synchronous_commit = on
max_connections = 300
EOF
  pg_as "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 start >/dev/null
}

stop_postgres() {
  if [ -n "$PG_DIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ]; then
    pg_as "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w -t 60 stop >/dev/null || true
  fi
  [ -n "$PG_DIR" ] && rm -rf "$PG_DIR"
  PG_DIR=""
}

psql_run() { "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -q -v ON_ERROR_STOP=1 "$@" >/dev/null; }

# One pgbench run of bench/peers/$2 on a freshly seeded bench/peers/$1 at $3 clients, with any
# further pgbench options after; prints "tps AVG_MS P50_MS P99_MS" (latencies from pgbench's
# per-transaction log). pgbench stops with an error if a transaction fails, and so does this.
pgbench_script() {
  local schema="$1" script="$2" clients="$3" logs out
  shift 3
  logs="$(mktemp -d "$work/pgbench.XXXX")"
  psql_run -f "$ROOT/bench/peers/$schema"
  out="$("$PG_BIN/pgbench" -h 127.0.0.1 -p "$PG_PORT" -U postgres -n -f "$ROOT/bench/peers/$script" "$@" \
    -c "$clients" -j $((clients < 2 ? clients : 2)) -T "$PEER_SECONDS" -l --log-prefix="$logs/tx" postgres 2>&1)" \
    || { echo "$out" >&2; exit 1; }
  local tps avg
  tps="$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' <<<"$out")"
  avg="$(sed -n 's/^latency average = \([0-9.]*\) ms/\1/p' <<<"$out")"
  # Field 3 of the log is the transaction's latency in µs.
  cat "$logs"/tx.* | awk '{print $3}' | sort -n | awk -v tps="$tps" -v avg="$avg" \
    '{ v[NR] = $1 } END { printf "%.0f %.2f %.2f %.2f\n", tps, avg, v[int(NR * 0.50) + 1] / 1000, v[int(NR * 0.99) + 1] / 1000 }'
  rm -rf "$logs"
}

# bench/peers/bet.sql at $1 clients (simple protocol, one round trip per statement).
pgbench_bets() { pgbench_script schema.sql bet.sql "$1"; }

# bench/peers/$2 (order.sql, or order_cashout.sql) at $1 clients, prepared (the function call is
# parsed once per client); prints "tps AVG_MS P50_MS P99_MS FILLS_PER_S". Fails unless every
# step 1 and 3 of each cycle of four (a back, or a cash out's hedge) filled whole and every
# other order rested, as ledger-bench --only orders (or cashouts) checks of ours.
pgbench_orders() {
  local line off orders fills
  line="$(pgbench_script order_schema.sql "$2" "$1" -M prepared -D step=-1)"
  read -r off orders fills < <("$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qAt -F ' ' -c \
    "SELECT count(*) FILTER (WHERE matched_minor <> CASE WHEN split_part(request_id, '-', 2)::bigint % 4 IN (1, 3) THEN size_minor ELSE 0 END), count(*),
            (SELECT count(*) / 2 FROM exchange.matched_bet WHERE request_id LIKE 'c%')
     FROM exchange.book_order WHERE request_id LIKE 'c%'")
  if [ "$off" -ne 0 ] || [ "$orders" -eq 0 ]; then
    echo "PostgreSQL's orders left the cycle: $off of $orders orders did not match as expected" >&2
    exit 1
  fi
  awk -v line="$line" -v orders="$orders" -v fills="$fills" 'BEGIN { split(line, f, " "); printf "%s %.0f\n", line, f[1] * fills / orders }'
}

# Waits for a process started with its output in $1 to print "listening on URL"; sets URL.
await_listening() {
  for _ in $(seq 100); do
    URL="$(sed -n 's/^listening on //p' "$1")"
    [ -n "$URL" ] && return 0
    sleep 0.1
  done
  cat "$1" >&2
  echo "$2 did not start" >&2
  exit 1
}

# Starts the peer on a recording ($1), replaying once $2 subscribers have joined; sets NODE_PID, URL.
start_socketio() {
  SOCKETIO_OUT="$(mktemp "$work/socketio.XXXX")"
  node "$ROOT/bench/peers/socketio/server.js" "$1" "$2" >"$SOCKETIO_OUT" 2>&1 &
  NODE_PID=$!
  await_listening "$SOCKETIO_OUT" "the Socket.IO peer"
  sed -n 's/^replaying/socket.io peer: replaying/p' "$SOCKETIO_OUT"
}

stop_socketio() {
  if [ -n "$NODE_PID" ]; then
    kill "$NODE_PID" 2>/dev/null || true
    wait "$NODE_PID" 2>/dev/null || true
    NODE_PID=""
    sed -n 's/^replay started/socket.io peer: replay started/p' "$SOCKETIO_OUT"
  fi
}

# The floor of fan-out on this machine (bench/load/src/bin/fanout_floor.rs): the same recording
# ($1) to $2 subscribers as bare writes, no server work; sets FLOOR_PID, URL.
start_floor() {
  local out
  out="$(mktemp "$work/floor.XXXX")"
  "$BIN/fanout-floor" "$1" "$2" >"$out" 2>&1 &
  FLOOR_PID=$!
  await_listening "$out" "the fan-out floor"
}

stop_floor() {
  if [ -n "$FLOOR_PID" ]; then
    kill "$FLOOR_PID" 2>/dev/null || true
    wait "$FLOOR_PID" 2>/dev/null || true
    FLOOR_PID=""
  fi
}

stop_peers() { stop_server; stop_socketio; stop_floor; stop_postgres; }

# The number after the first " LABEL " in a line of our tools' output.
field() { grep -o " $1 [0-9.]*" <<<"$2" | head -1 | awk '{ print $NF }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
median() { tr ' ' '\n' <<<"$*" | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
verdict() { awk -v r="$1" -v t="$2" 'BEGIN { print (r >= t ? "met" : "**missed**") }'; }

print_machine() {
  say "machine"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), nproc $(nproc)"
  echo "- disk of target/bench-tmp: $(findmnt -n -o SOURCE,FSTYPE -T "$work" 2>/dev/null || df -T "$work" | tail -1)"
  [ -n "$PG_BIN" ] && echo "- $("$PG_BIN/postgres" --version), pgbench"
  [ -n "$PEERS_ONLY" ] || echo "- node $(node --version), socket.io $(node -p 'require(process.argv[1]).version' "$ROOT/bench/peers/socketio/node_modules/socket.io/package.json")"
  echo "- load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Records our frames, then runs the same subscribers against ours (JSON, then MessagePack), the
# peer and the floor, FANOUT_ROUNDS times.
fanout_cases() {
  local recording="$work/frames-x$FANOUT_SPEED.jsonl" round ratios="" floors=""
  say "recording our server's match frames at simulator x$FANOUT_SPEED (20 s, 50 matches)"
  start_server APP_FEED__SPEED="$FANOUT_SPEED" APP_FEED__FIXTURES_PER_SPORT=13 APP_BETTING__INPLAY_DELAY_MS_PER_SEC=0
  "$BIN/fanout-record" --url "$URL" --matches 50 --seconds 20 --out "$recording"
  stop_server
  for round in $(seq "$FANOUT_ROUNDS"); do
    [ "$FANOUT_ROUNDS" -gt 1 ] && say "fan-out round $round of $FANOUT_ROUNDS"
    fanout_round "$recording"
    ratios+=" $FANOUT_RATIO"
    floors+=" $FANOUT_FLOOR_RATIO"
  done
  if [ "$FANOUT_ROUNDS" -gt 1 ]; then
    say "fan-out over $FANOUT_ROUNDS rounds"
    echo "ours in JSON ÷ Socket.IO, deliveries per server CPU-second, each round:$ratios; median $(median "$ratios")× ($(verdict "$(median "$ratios")" 5)); met in $(awk -v t=5 '{ for (i = 1; i <= NF; i++) n += ($i >= t) } END { print n + 0 }' <<<"$ratios") of $FANOUT_ROUNDS"
    echo "the floor ÷ Socket.IO, each round:$floors; median $(median "$floors")×"
    echo
  fi
}

# One round on the recording $1: ours, ours in MessagePack, the peer, the floor; prints their
# table and sets FANOUT_RATIO (ours in JSON ÷ Socket.IO) and FANOUT_FLOOR_RATIO (floor ÷ Socket.IO).
fanout_round() {
  local recording="$1" ours packed socketio floor
  say "fan-out, ours: ${FANOUT_CLIENTS:-5000} clients over 50 matches, simulator x$FANOUT_SPEED"
  start_server APP_FEED__SPEED="$FANOUT_SPEED" APP_FEED__FIXTURES_PER_SPORT=13 APP_BETTING__INPLAY_DELAY_MS_PER_SEC=0
  ours="$("$BIN/fanout" --url "$URL" --server-pid "$SERVER_PID" --clients "${FANOUT_CLIENTS:-5000}" --matches 50 --seconds 15 --baseline-seconds 10)"
  stop_server
  echo "$ours"
  say "fan-out, ours in MessagePack: the same, each subscriber asking for ?format=msgpack"
  start_server APP_FEED__SPEED="$FANOUT_SPEED" APP_FEED__FIXTURES_PER_SPORT=13 APP_BETTING__INPLAY_DELAY_MS_PER_SEC=0
  packed="$("$BIN/fanout" --url "$URL" --server-pid "$SERVER_PID" --clients "${FANOUT_CLIENTS:-5000}" --matches 50 --seconds 15 --baseline-seconds 10 --msgpack)"
  stop_server
  echo "$packed"
  say "fan-out, Socket.IO peer: the same clients and rooms, replaying that recording"
  start_socketio "$recording" "${FANOUT_CLIENTS:-5000}"
  socketio="$("$BIN/fanout" --url "$URL" --server-pid "$NODE_PID" --clients "${FANOUT_CLIENTS:-5000}" --matches 50 --seconds 15 --baseline-seconds 10 --socketio "$recording")"
  stop_socketio
  echo "$socketio"
  say "fan-out floor: the same recording written as bare bytes, one write per subscriber per tick (bench/load fanout-floor)"
  start_floor "$recording" "${FANOUT_CLIENTS:-5000}"
  floor="$("$BIN/fanout" --url "$URL" --server-pid "$FLOOR_PID" --clients "${FANOUT_CLIENTS:-5000}" --matches 50 --seconds 15 --baseline-seconds 10 --socketio "$recording")"
  stop_floor
  echo "$floor"

  print_fanout_table "$ours" "$packed" "$socketio" "$floor"
  FANOUT_RATIO="$(ratio "$(field 'deliveries per server CPU-s' "$ours")" "$(field 'deliveries per server CPU-s' "$socketio")")"
  FANOUT_FLOOR_RATIO="$(ratio "$(field 'deliveries per server CPU-s' "$floor")" "$(field 'deliveries per server CPU-s' "$socketio")")"
}

# Only the fan-out part (`./scripts/bench-server --peers-fanout`).
run_peers_fanout() {
  SERVER_PID=""
  trap stop_peers EXIT
  ensure_socketio
  print_machine
  fanout_cases
  echo "- load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
}

run_peers() {
  SERVER_PID=""
  trap stop_peers EXIT
  ensure_postgres
  [ -n "$PEERS_ONLY" ] || ensure_socketio
  cargo build --release --locked -p bench --bin ledger-bench
  print_machine
  if [ "$PEERS_ONLY" = bets ]; then
    bets_cases
  elif [ "$PEERS_ONLY" = orders ]; then
    orders_cases orders
  elif [ "$PEERS_ONLY" = cashouts ]; then
    orders_cases cashouts
  else
    bets_cases
    orders_cases orders
    fanout_cases
  fi
  echo "- load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Turns on PostgreSQL's "fair best case" (see PG_COMMIT_DELAY_US) on the running cluster.
pg_commit_delay() {
  say "PostgreSQL: commit_delay = $PG_COMMIT_DELAY_US µs, commit_siblings = $PG_COMMIT_SIBLINGS"
  psql_run -c "ALTER SYSTEM SET commit_delay = $PG_COMMIT_DELAY_US" -c "ALTER SYSTEM SET commit_siblings = $PG_COMMIT_SIBLINGS" -c "SELECT pg_reload_conf()"
}

# shellcheck disable=SC2034 # the tables are read by print_bets_table through namerefs
bets_cases() {
  local counts engine_out line n
  counts="$(tr ' ' ',' <<<"$PEER_CLIENTS")"
  say "our engine in-process: durable commands on sled (the default log) and on the segment log, one fdatasync per batch each, $PEER_SECONDS s per count"
  engine_out="$("$BIN/ledger-bench" --dir "$work" --only engine --submitters "$counts" --seconds "$PEER_SECONDS")"
  echo "$engine_out"
  # Read by print_bets_table through namerefs.
  declare -A engine segments http http_segments pg pgd
  for n in $PEER_CLIENTS; do
    # | engine (sled) | submitters | ops/s | events/flush | flushes/s | p50 ms | p99 ms | …
    engine[$n]="$(awk -F'|' -v n="$n" '$2 ~ /engine \(sled\)/ && $3 + 0 == n { gsub(/ /, ""); print $4, $7, $8 }' <<<"$engine_out")"
    segments[$n]="$(awk -F'|' -v n="$n" '$2 ~ /engine \(segment log\)/ && $3 + 0 == n { gsub(/ /, ""); print $4, $7, $8 }' <<<"$engine_out")"
  done

  for n in $PEER_CLIENTS; do
    say "our bet placement over HTTP on sled (the default log): $n clients, $PEER_SECONDS s"
    start_server APP_FEED__SPEED=0 APP_BETTING__INPLAY_DELAY_MS_PER_SEC=0
    line="$("$BIN/bet-load" --url "$URL" --clients "$n" --seconds "$PEER_SECONDS")"
    stop_server
    echo "$line"
    http[$n]="$(field 'bets/s' "$line") $(field p50 "$line") $(field p99 "$line")"
    say "our bet placement over HTTP on the segment log: $n clients, $PEER_SECONDS s"
    start_server APP_FEED__SPEED=0 APP_BETTING__INPLAY_DELAY_MS_PER_SEC=0 APP_APPLICATION__LOG=segments
    line="$("$BIN/bet-load" --url "$URL" --clients "$n" --seconds "$PEER_SECONDS")"
    stop_server
    echo "$line"
    http_segments[$n]="$(field 'bets/s' "$line") $(field p50 "$line") $(field p99 "$line")"
  done

  start_postgres
  say "PostgreSQL $PG_PORT: defaults (fsync on, synchronous_commit on)"
  for n in $PEER_CLIENTS; do
    pg[$n]="$(pgbench_bets "$n")"
    echo "pgbench -c $n: tps avg p50 p99 = ${pg[$n]}"
  done
  pg_commit_delay
  for n in $PEER_CLIENTS; do
    pgd[$n]="$(pgbench_bets "$n")"
    echo "pgbench -c $n: tps avg p50 p99 = ${pgd[$n]}"
  done
  stop_postgres

  print_bets_table "sled (default)" engine http pg pgd
  print_bets_table "segment log" segments http_segments pg pgd
}

# Durable exchange orders ($1: orders, or cashouts with a cash out in every cycle of four): ours
# in-process on both logs, then PostgreSQL on a fresh cluster with its defaults and with
# commit_delay, at the same counts; a table per log of ours.
# shellcheck disable=SC2034 # the tables are read by print_orders_table through namerefs
orders_cases() {
  local mix="$1" counts out n label script
  case "$mix" in
    orders) label="orders" script="order.sql" ;;
    cashouts) label="orders with cash outs" script="order_cashout.sql" ;;
  esac
  counts="$(tr ' ' ',' <<<"$PEER_CLIENTS")"
  say "our engine in-process: $label on sled (the default log) and on the segment log, one fdatasync per batch each, every other step a full match, $PEER_SECONDS s per count"
  out="$("$BIN/ledger-bench" --dir "$work" --only "$mix" --submitters "$counts" --seconds "$PEER_SECONDS")"
  echo "$out"
  declare -A sled segments pg pgd
  for n in $PEER_CLIENTS; do
    # | orders (sled) | submitters | orders/s | fills/s | events/flush | flushes/s | p50 ms | p99 ms | …
    sled[$n]="$(awk -F'|' -v n="$n" -v want="$label (sled)" '{ c = $2; gsub(/^ +| +$/, "", c) } c == want && $3 + 0 == n { gsub(/ /, ""); print $4, $5, $8, $9 }' <<<"$out")"
    segments[$n]="$(awk -F'|' -v n="$n" -v want="$label (segment log)" '{ c = $2; gsub(/^ +| +$/, "", c) } c == want && $3 + 0 == n { gsub(/ /, ""); print $4, $5, $8, $9 }' <<<"$out")"
  done

  start_postgres
  say "PostgreSQL $PG_PORT: $label (bench/peers/$script), defaults (fsync on, synchronous_commit on)"
  for n in $PEER_CLIENTS; do
    pg[$n]="$(pgbench_orders "$n" "$script")"
    echo "pgbench -c $n: tps avg p50 p99 fills/s = ${pg[$n]}"
  done
  pg_commit_delay
  for n in $PEER_CLIENTS; do
    pgd[$n]="$(pgbench_orders "$n" "$script")"
    echo "pgbench -c $n: tps avg p50 p99 fills/s = ${pgd[$n]}"
  done
  stop_postgres

  print_orders_table "sled (default)" sled pg pgd
  print_orders_table "segment log" segments pg pgd
}

# The better of the two PostgreSQL rows at one count, by throughput.
best_pg() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 >= b + 0 ? a : b) }'; }

print_bets_table() {
  local log="$1"
  local -n e="$2" h="$3" p="$4" d="$5"
  local n best et ep50 ep99 ht hp50 hp99 pt pavg pp50 pp99 dt davg dp50 dp99
  say "durable bets on $log, side by side (target: ours >= 1.5x PostgreSQL at every count)"
  echo
  echo "| clients | our engine in-process: commands/s (p50 / p99 ms) | our HTTP bets/s (p50 / p99 ms) | PostgreSQL tps (avg / p50 / p99 ms) | PostgreSQL, commit_delay $PG_COMMIT_DELAY_US µs | engine ÷ best PG | HTTP ÷ best PG |"
  echo "|---:|---:|---:|---:|---:|---:|---:|"
  for n in $PEER_CLIENTS; do
    read -r et ep50 ep99 <<<"${e[$n]}"
    read -r ht hp50 hp99 <<<"${h[$n]}"
    read -r pt pavg pp50 pp99 <<<"${p[$n]}"
    read -r dt davg dp50 dp99 <<<"${d[$n]}"
    best="$(best_pg "$pt" "$dt")"
    local er hr
    er="$(ratio "$et" "$best")" hr="$(ratio "$ht" "$best")"
    echo "| $n | $et ($ep50 / $ep99) | $ht ($hp50 / $hp99) | $pt ($pavg / $pp50 / $pp99) | $dt ($davg / $dp50 / $dp99) | ${er}× $(verdict "$er" 1.5) | ${hr}× $(verdict "$hr" 1.5) |"
  done
  echo
}

print_orders_table() {
  local log="$1"
  local -n o="$2" p="$3" d="$4"
  local n best r ot of op50 op99 pt pavg pp50 pp99 pf dt davg dp50 dp99 df
  say "durable orders on $log, side by side (target: ours >= 1.5x PostgreSQL at every count)"
  echo
  echo "| clients | our engine in-process: orders/s (fills/s; p50 / p99 ms) | PostgreSQL orders/s (fills/s; avg / p50 / p99 ms) | PostgreSQL, commit_delay $PG_COMMIT_DELAY_US µs | ours ÷ best PG |"
  echo "|---:|---:|---:|---:|---:|"
  for n in $PEER_CLIENTS; do
    read -r ot of op50 op99 <<<"${o[$n]}"
    read -r pt pavg pp50 pp99 pf <<<"${p[$n]}"
    read -r dt davg dp50 dp99 df <<<"${d[$n]}"
    best="$(best_pg "$pt" "$dt")"
    r="$(ratio "$ot" "$best")"
    echo "| $n | $ot ($of; $op50 / $op99) | $pt ($pf; $pavg / $pp50 / $pp99) | $dt ($df; $davg / $dp50 / $dp99) | ${r}× $(verdict "$r" 1.5) |"
  done
  echo
}

fanout_row() {
  echo "| $1 | $(field 'deliveries/s' "$2") | $(field 'server CPU-s' "$2") | $(field 'no subscriber' "$2") | $(field 'generator CPU-s' "$2") | $(field 'deliveries per server CPU-s' "$2") | $(field 'per CPU-s above idle' "$2") | $(field p50 "$2") / $(field p99 "$2") | $(field 'per connection' "$2") |"
}

print_fanout_table() {
  say "fan-out, side by side at x$FANOUT_SPEED (target: ours >= 5x Socket.IO deliveries per server CPU-s, p99 <= 25 ms)"
  echo
  echo "| server | deliveries/s | server CPU-s | server CPU-s per s with no subscriber | generator CPU-s | deliveries per server CPU-s | deliveries per CPU-s above idle | p50 / p99 ms | memory per connection KiB |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  fanout_row "ours, JSON" "$1"
  fanout_row "ours, MessagePack" "$2"
  fanout_row "Socket.IO 4 (Node)" "$3"
  fanout_row "floor: bare writes, no server work" "$4"
  local label out r p99
  echo
  for label in JSON MessagePack; do
    out="$1"; [ "$label" = MessagePack ] && out="$2"
    r="$(ratio "$(field 'deliveries per server CPU-s' "$out")" "$(field 'deliveries per server CPU-s' "$3")")"
    p99="$(field p99 "$out")"
    echo "ours in $label ÷ Socket.IO, deliveries per server CPU-second: ${r}× ($(verdict "$r" 5)); above each server's idle: $(ratio "$(field 'per CPU-s above idle' "$out")" "$(field 'per CPU-s above idle' "$3")")×; our p99 $p99 ms ($(awk -v p="$p99" 'BEGIN { print (p <= 25 ? "met" : "**missed**") }'))"
  done
  echo "the floor ÷ Socket.IO: $(ratio "$(field 'deliveries per server CPU-s' "$4")" "$(field 'deliveries per server CPU-s' "$3")")× (no server on this machine delivers these frames for less CPU); the floor's p99 $(field p99 "$4") ms; ours in JSON ÷ the floor: $(ratio "$(field 'deliveries per server CPU-s' "$1")" "$(field 'deliveries per server CPU-s' "$4")")×"
  echo
}
