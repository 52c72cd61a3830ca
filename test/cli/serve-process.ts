// `switchyard serve` in a process of its own, for the tests of how it stops and restarts: started
// on 127.0.0.1 and a free port, its output kept, killed at the end of the test file whatever
// happened (its workers too, once a test learns their pids).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { after } from "node:test";
import { CLI, serveArgs } from "./serve-args.js";

const pids = new Set<number>();
after(() => {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

export interface Served {
  readonly child: ChildProcess;
  readonly port: number;
  /** Everything it printed, stdout and stderr. */
  output(): string;
  /** Its exit code and signal, once it exits. */
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Kills `pid` with SIGKILL when the test file ends, if it still runs (a worker the test found). */
export function reap(pid: number): void {
  pids.add(pid);
}

/** Starts `switchyard serve` for the app at `root` in production, with `env` added to the environment; resolves once it prints where it listens (or rejects with its output). */
export async function startServe(root: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const child = spawn(process.execPath, [CLI, ...serveArgs(root, "production", "--quiet", ...args)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WEB_CONCURRENCY: "", ...env },
  });
  reap(child.pid!);
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (out += d));
  const exit = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const port = await new Promise<number>((resolve, reject) => {
    const giveUp = setTimeout(
      () => reject(new Error(`switchyard serve did not listen within 120 s:\n${out}`)),
      120_000,
    );
    const look = () => {
      const m = /on http:\/\/127\.0\.0\.1:(\d+) \(/.exec(out);
      if (!m) return;
      clearTimeout(giveUp);
      child.stdout!.off("data", look);
      resolve(Number(m[1]));
    };
    child.stdout!.on("data", look);
    void exit.then(({ code, signal }) => {
      clearTimeout(giveUp);
      reject(new Error(`switchyard serve exited (${signal ?? code}):\n${out}`));
    });
  });
  return { child, port, output: () => out, exit };
}

/** Polls `probe` every 50 ms until it returns true, for at most `limit` ms. */
export async function until(probe: () => Promise<boolean> | boolean, limit: number, what: string): Promise<void> {
  const deadline = Date.now() + limit;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting ${limit} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
