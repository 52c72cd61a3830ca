/**
 * Workers, as Puma's cluster mode runs them: the primary process forks N workers with node's
 * cluster module (they share the listening socket), restarts a worker that dies, and on
 * SIGTERM/SIGINT forwards the signal and waits for every worker to finish its requests.
 *
 * A worker that dies is replaced after a delay that doubles while workers keep dying young (from
 * 100 ms up to 10 s), so a crash at boot does not spin the CPU forking; a worker that lived a
 * minute resets the delay.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";

/** Parses `--workers` / `WEB_CONCURRENCY`: a whole number from 0 (0: no workers, serve in this process), or `auto` (the cores: `os.availableParallelism()`); an error message otherwise. */
export function parseWorkers(value: string, from: string): number | string {
  if (value === "auto") return os.availableParallelism();
  if (!/^\d+$/.test(value) || Number(value) > 1024)
    return `${from} must be a number of workers from 0 to 1024, or auto, not ${JSON.stringify(value)}`;
  return Number(value);
}

export interface ClusterOptions {
  readonly workers: number;
  /** The script and arguments each worker runs (it serves, seeing `cluster.isWorker`). */
  readonly exec: string;
  readonly args: readonly string[];
  /** How long the workers get to stop after the signal is forwarded, before they are killed. */
  readonly shutdownTimeout: number;
  /** The first worker's listening address, once. */
  readonly onListening?: (address: { address: string; port: number }) => void;
  readonly log: (line: string) => void;
  /** Stops the cluster when aborted, as SIGTERM does. */
  readonly signal?: AbortSignal;
}

const FIRST_DELAY = 100;
const MAX_DELAY = 10_000;
const HEALTHY_AFTER = 60_000;
// Time for a worker to see the signal and close after its own shutdown timeout.
const KILL_GRACE = 5_000;

/**
 * Runs the workers until stopped; resolves to 0 after a stop in which every worker exited cleanly,
 * else 1 (also when a worker exits before any worker listened: the port is taken, or the
 * application cannot boot).
 */
export function runCluster(options: ClusterOptions): Promise<number> {
  cluster.setupPrimary({ exec: options.exec, args: [...options.args] });
  const born = new Map<Worker, number>();
  let delay = FIRST_DELAY;
  let stopping = false;
  let failed = false;
  let announced = false;
  let pending: NodeJS.Timeout | undefined;

  return new Promise<number>((resolve) => {
    const fork = () => born.set(cluster.fork(), Date.now());
    const onListening = (_worker: Worker, address: { address: string; port: number }) => {
      if (announced) return;
      announced = true;
      options.onListening?.(address);
    };
    const onExit = (worker: Worker, code: number | null, signal: string | null) => {
      const lived = Date.now() - (born.get(worker) ?? Date.now());
      born.delete(worker);
      if (stopping) {
        if (code !== 0) failed = true;
        if (born.size === 0) finish();
        return;
      }
      if (!announced) {
        // No worker ever listened: the port is taken, or the application cannot boot. Forking
        // again would fail the same way; stop, as a server that cannot listen exits 1.
        options.log(
          `worker ${worker.process.pid} exited (${signal ?? `exit ${code}`}) before any worker listened: stopping`,
        );
        failed = true;
        return stop("a worker could not start");
      }
      delay = lived >= HEALTHY_AFTER ? FIRST_DELAY : delay;
      options.log(
        `worker ${worker.process.pid} died (${signal ?? `exit ${code}`}) after ${lived} ms; starting another in ${delay} ms`,
      );
      pending = setTimeout(() => {
        pending = undefined;
        if (!stopping) fork();
      }, delay);
      delay = Math.min(MAX_DELAY, delay * 2);
    };
    let killer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(killer);
      process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
      options.signal?.removeEventListener("abort", onAbort);
      cluster.off("exit", onExit).off("listening", onListening);
      resolve(failed ? 1 : 0);
    };
    const stop = (why: string = "SIGTERM") => {
      if (stopping) return;
      stopping = true;
      clearTimeout(pending);
      if (born.size === 0) return finish();
      options.log(
        `${why}: stopping ${born.size} worker${born.size === 1 ? "" : "s"} (up to ${options.shutdownTimeout} ms for their requests)`,
      );
      for (const worker of born.keys()) worker.process.kill("SIGTERM");
      killer = setTimeout(() => {
        options.log(`workers still running after ${options.shutdownTimeout + KILL_GRACE} ms: killing them`);
        for (const worker of born.keys()) worker.process.kill("SIGKILL");
      }, options.shutdownTimeout + KILL_GRACE);
    };
    // Workers stop on SIGTERM only (they ignore SIGINT, which Ctrl-C sends the whole process
    // group), so the primary decides: a second signal (Ctrl-C twice) is forwarded too, and each
    // worker then closes its connections at once.
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) for (const worker of born.keys()) worker.process.kill("SIGTERM");
      else stop(signal);
    };
    const onAbort = () => stop();
    cluster.on("exit", onExit).on("listening", onListening);
    process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
    if (options.signal?.aborted) return stop();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    for (let i = 0; i < options.workers; i++) fork();
  });
}
