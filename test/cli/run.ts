import { main } from "switchyard/cli";

/** What one CLI invocation wrote and returned. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `switchyard ...argv` in-process, capturing its output. */
export async function run(...argv: string[]): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}
