#!/bin/sh
# Requests/s of `switchyard serve` with 1 and 2 workers, side by side: both servers
# run at once on the test fixture app (production), wrk (Debian's `apt-get install wrk`) drives
# GET /up for 6 s per run, 3 interleaved rounds, 32 connections, one client thread, 127.0.0.1.
# Prints the load average before each run: on a shared machine the figures move with it.
# Usage: npm run build && sh bench/http/workers.sh
set -eu
cd "$(dirname "$0")/../.."
app=test/cli/fixtures/prod-app
pids=""
trap 'kill $pids 2>/dev/null || true' EXIT INT TERM
for w in 1 2; do
  node bin/switchyard.js serve --root $app --env production --host 127.0.0.1 --port 0 --workers $w > /tmp/switchyard-workers-$w.log 2>&1 &
  pids="$pids $!"
done
for w in 1 2; do
  until grep -q "on http" /tmp/switchyard-workers-$w.log; do sleep 1; done
done
sleep 5 # the second worker of the 2-worker server
for w in 1 2; do # warm up (JIT), not counted
  port=$(grep -o '127.0.0.1:[0-9]*' /tmp/switchyard-workers-$w.log | cut -d: -f2)
  wrk -t1 -c32 -d2s "http://127.0.0.1:$port/up" > /dev/null
done
for round in 1 2 3; do
  for w in 1 2; do
    port=$(grep -o '127.0.0.1:[0-9]*' /tmp/switchyard-workers-$w.log | cut -d: -f2)
    load=$(cut -d' ' -f1 /proc/loadavg)
    rps=$(wrk -t1 -c32 -d6s "http://127.0.0.1:$port/up" | awk '/Requests\/sec/ {print $2}')
    echo "round $round  workers $w  load $load  requests/s $rps"
  done
done
