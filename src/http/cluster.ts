/**
 * Workers, as Puma's cluster mode runs them: the primary process forks N workers with node's
 * cluster module (they share the listening socket), restarts a worker that dies, and on
 * SIGTERM/SIGINT stops them in two phases (src/http/server.ts): every worker first stops accepting
 * (so node's primary closes the shared socket: a client that reconnects is refused, not queued on
 * a socket about to close and reset), and says so; only then is each told to drain (answer with
 * `Connection: close`, close idle connections after a grace) and waits for its requests.
 *
 * SIGUSR1 (Puma's phased restart) replaces the workers one at a time: a new worker is forked (it
 * loads the application's files afresh) and listening before the old one stops accepting and
 * drains, so a deploy loses no request. A new worker that exits before listening (or does not
 * listen within a minute) ends the restart; the old workers serve on.
 *
 * A worker that dies is replaced after a delay that doubles while workers keep dying young (from
 * 100 ms up to 10 s), so a crash at boot does not spin the CPU forking; a worker that lived a
 * minute resets the delay.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import type { Stopping } from "./server.js";

/** Parses `--workers` / `WEB_CONCURRENCY`: a whole number from 0 (0: no workers, serve in this process), or `auto` (the cores: `os.availableParallelism()`); an error message otherwise. */
export function parseWorkers(value: string, from: string): number | string {
  if (value === "auto") return os.availableParallelism();
  if (!/^\d+$/.test(value) || Number(value) > 1024)
    return `${from} must be a number of workers from 0 to 1024, or auto, not ${JSON.stringify(value)}`;
  return Number(value);
}

export interface ClusterOptions {
  readonly workers: number;
  /** The script and arguments each worker runs (it serves, seeing `cluster.isWorker`, and calls `followPrimary`). */
  readonly exec: string;
  readonly args: readonly string[];
  /** How long the workers get to stop after being told to drain, before they are killed. */
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
// How long a phased restart waits for a new worker to listen (Puma's worker_boot_timeout).
const BOOT_TIMEOUT = 60_000;

/** What the primary tells a worker (`Stopping`'s phases), and the worker's answer to the first. */
type Told = "stop-accepting" | "drain" | "now";
const NOT_ACCEPTING = "not-accepting";
interface Message {
  readonly switchyard: Told | typeof NOT_ACCEPTING;
}
const isMessage = (value: unknown): value is Message =>
  typeof value === "object" && value !== null && typeof (value as { switchyard?: unknown }).switchyard === "string";

/** In a worker: runs the phases of its server's stop as the primary tells them. */
export function followPrimary(stopping: Stopping): void {
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.switchyard === "stop-accepting") {
      stopping.stopAccepting();
      // (Sent after node's own message that leaves the shared socket, on the same channel: the
      // primary reads this once it no longer hands this worker connections.)
      process.send?.({ switchyard: NOT_ACCEPTING } satisfies Message);
    } else if (message.switchyard === "drain") stopping.drain();
    else if (message.switchyard === "now") stopping.now("told to stop now: closing every connection");
  });
}

const tell = (worker: Worker, what: Told) => {
  if (worker.isConnected()) worker.send({ switchyard: what } satisfies Message);
};

/** Resolves once `worker` has exited, or after `limit` ms. */
function exitOf(worker: Worker, limit: number): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.off("exit", done);
      resolve();
    };
    const timer = setTimeout(done, limit);
    worker.once("exit", done);
  });
}

/** Tells `worker` to stop accepting; resolves once it says it has (or exits, or after KILL_GRACE ms). */
function stopAccepting(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.off("message", onMessage).off("exit", done);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (isMessage(message) && message.switchyard === NOT_ACCEPTING) done();
    };
    const timer = setTimeout(done, KILL_GRACE);
    worker.on("message", onMessage).once("exit", done);
    if (worker.isConnected()) tell(worker, "stop-accepting");
    else done();
  });
}

/**
 * Runs the workers until stopped; resolves to 0 after a stop in which every worker exited cleanly,
 * else 1 (also when a worker exits before any worker listened: the port is taken, or the
 * application cannot boot).
 */
export function runCluster(options: ClusterOptions): Promise<number> {
  cluster.setupPrimary({ exec: options.exec, args: [...options.args] });
  const born = new Map<Worker, number>();
  /** The workers that listen: the others are still booting. */
  const listening = new Set<Worker>();
  /** Workers a phased restart stops, and the new workers it waits for: neither is replaced when it exits. */
  const planned = new Set<Worker>();
  let delay = FIRST_DELAY;
  let stopping = false;
  let restarting = false;
  let failed = false;
  let announced = false;
  let pending: NodeJS.Timeout | undefined;

  return new Promise<number>((resolve) => {
    const fork = (): Worker => {
      const worker = cluster.fork();
      born.set(worker, Date.now());
      return worker;
    };
    const onListening = (worker: Worker, address: { address: string; port: number }) => {
      listening.add(worker);
      if (announced) return;
      announced = true;
      options.onListening?.(address);
    };
    const onExit = (worker: Worker, code: number | null, signal: string | null) => {
      const lived = Date.now() - (born.get(worker) ?? Date.now());
      const served = listening.delete(worker);
      born.delete(worker);
      if (stopping) {
        // (A worker still booting when the stop came had nothing to drain: how it ended is no failure.)
        if (code !== 0 && served) failed = true;
        if (born.size === 0) finish();
        return;
      }
      if (planned.delete(worker)) return;
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
      process.off("SIGINT", onSignal).off("SIGTERM", onSignal).off("SIGUSR1", onRestart);
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
      // Phase 1: every worker stops accepting (a worker still booting is stopped outright), and
      // only once all have does phase 2 begin.
      const workers = [...born.keys()];
      for (const worker of workers) if (!listening.has(worker)) worker.process.kill("SIGTERM");
      void Promise.all(workers.filter((w) => listening.has(w)).map(stopAccepting)).then(() => {
        options.log(`${why}: every worker stopped accepting: draining their connections`);
        for (const worker of born.keys()) tell(worker, "drain");
        killer = setTimeout(() => {
          options.log(`workers still running after ${options.shutdownTimeout + KILL_GRACE} ms: killing them`);
          for (const worker of born.keys()) worker.process.kill("SIGKILL");
        }, options.shutdownTimeout + KILL_GRACE);
      });
    };
    /** SIGUSR1: each worker in turn replaced by a new one, listening before the old one drains. */
    const restart = async () => {
      restarting = true;
      const old = [...born.keys()];
      options.log(`SIGUSR1: phased restart of ${old.length} worker${old.length === 1 ? "" : "s"}, one at a time`);
      for (const worker of old) {
        if (stopping) break;
        if (!born.has(worker)) continue; // it died meanwhile, and was replaced
        const fresh = fork();
        planned.add(fresh);
        const up = await new Promise<boolean>((resolve) => {
          const settle = (ok: boolean) => () => {
            clearTimeout(timer);
            fresh.off("listening", yes).off("exit", no);
            resolve(ok);
          };
          const yes = settle(true);
          const no = settle(false);
          const timer = setTimeout(no, BOOT_TIMEOUT);
          fresh.once("listening", yes).once("exit", no);
        });
        if (stopping) break;
        if (!up) {
          const how = fresh.isDead() ? "exited before listening" : `did not listen within ${BOOT_TIMEOUT} ms`;
          if (!fresh.isDead()) fresh.process.kill("SIGKILL");
          options.log(
            `SIGUSR1: the new worker ${fresh.process.pid} ${how}: phased restart stopped, the old workers serve on`,
          );
          break;
        }
        planned.delete(fresh);
        planned.add(worker);
        if (listening.has(worker)) {
          await stopAccepting(worker);
          tell(worker, "drain");
        } else worker.process.kill("SIGTERM"); // still booting: nothing to drain
        await exitOf(worker, options.shutdownTimeout + KILL_GRACE);
        if (!worker.isDead()) worker.process.kill("SIGKILL");
        options.log(`SIGUSR1: worker ${worker.process.pid} replaced by ${fresh.process.pid}`);
      }
      restarting = false;
    };
    const onRestart = () => {
      if (stopping) return;
      if (restarting) return options.log("SIGUSR1: a phased restart is already running");
      void restart();
    };
    // Workers stop when told (they ignore SIGINT, which Ctrl-C sends the whole process group), so
    // the primary decides: a second signal (Ctrl-C twice) makes each close its connections at once.
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) for (const worker of born.keys()) tell(worker, "now");
      else stop(signal);
    };
    const onAbort = () => stop();
    cluster.on("exit", onExit).on("listening", onListening);
    process.on("SIGINT", onSignal).on("SIGTERM", onSignal);
    if (process.platform !== "win32") process.on("SIGUSR1", onRestart); // (no signals on Windows)
    if (options.signal?.aborted) return stop();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    for (let i = 0; i < options.workers; i++) fork();
  });
}
