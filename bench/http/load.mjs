// The load generator of bench/http, in a process of its own (forked by bench/http/run.mjs with an
// IPC channel): takes one job, runs autocannon with it, sends back the figures and exits.
// Job: { url, connections, pipelining, requests: [{ method, path }], duration (s), latency };
// every connection walks the request list in order, round
// and round, connection i starting i/connections of the way in: a run shorter than a list per
// connection then still sends the whole mix (autocannon starts every connection at the list's
// head, and cannot move one that pipelines). Latency percentiles are computed here from every response's time
// (autocannon's own histogram keeps whole milliseconds and 2xx answers only); with `latency: false`
// (the warm-ups) they are not kept.
import autocannon from "autocannon";

process.on("disconnect", () => process.exit(0)); // the harness is gone
process.once("message", async (job) => {
  const requests = job.requests.map(({ method, path }) => ({ method, path }));
  let client = 0;
  const rotate = (c) => {
    const k = Math.floor((c * requests.length) / job.connections);
    return [...requests.slice(k), ...requests.slice(0, k)];
  };
  const run = autocannon({
    url: job.url,
    connections: job.connections,
    pipelining: job.pipelining,
    duration: job.duration,
    requests,
    ...(job.pipelining === 1 ? { setupClient: (c) => c.setRequests(rotate(client++ % job.connections)) } : {}),
    timeout: 10,
  });
  let times = new Float64Array(job.latency ? 1 << 16 : 0);
  let n = 0;
  if (job.latency) {
    run.on("response", (client, status, bytes, ms) => {
      if (n === times.length) {
        const grown = new Float64Array(times.length * 2);
        grown.set(times);
        times = grown;
      }
      times[n++] = ms;
    });
  }
  const result = await run;
  const sorted = times.subarray(0, n).sort();
  const pct = (p) => (n === 0 ? null : sorted[Math.min(n - 1, Math.floor((p / 100) * n))]);
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  const out = {
    duration: result.duration,
    total: result.requests.total,
    // Requests over the time autocannon measured the run for: its `requests.average` is the mean
    // of per-second samples taken on a 1 s timer, which a starved load process fires late (a 3 s
    // run measured 7-9 s with the machine's load average at 19).
    rps: result.requests.total / result.duration,
    p50: pct(50),
    p99: pct(99),
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  process.send(out, () => process.exit(0));
});
