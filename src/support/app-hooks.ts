/**
 * Module hooks (Node's `module.register`) for the application's module graph; they run on Node's
 * loader thread, so this file imports nothing but Node's own modules.
 *
 * - `switchyard` and its subpaths, imported by any file, resolve to the running copy of the
 *   package (`src/` under a TypeScript runner, `dist/` built): the routes' `inflections` and the
 *   controllers' `Controller` are the very ones the server runs, and a copy is never loaded twice.
 * - A generation: an application file imported with `?switchyard-generation=N` (`data.param`) (the development
 *   reloader's fresh graph) passes that generation to every application file it imports, so a
 *   reload evaluates the application's files anew, all together — both controllers see the same,
 *   edited model — while packages (`node_modules`) and switchyard itself stay loaded once.
 * - Every application file loaded is reported (its path and `stat` as loaded) to the main thread,
 *   which watches them for the reloader.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { MessagePort } from "node:worker_threads";

export interface HookData {
  /** `switchyard` and `switchyard/<sub>` → the running copy's file URL. */
  readonly aliases: Readonly<Record<string, string>>;
  /** Directories whose files are switchyard's own (with a trailing separator). */
  readonly ownDirs: readonly string[];
  readonly port: MessagePort;
  /** The query parameter that carries a generation of the application's graph. */
  readonly param: string;
}

/** A loaded application file, as reported to the main thread. */
export interface LoadedFile {
  readonly file: string;
  readonly mtimeMs: number;
  readonly size: number;
  readonly ino: number;
}

let data: HookData | undefined;

export function initialize(given: HookData): void {
  data = given;
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** The path of an application file's URL (a `file:` URL outside packages and switchyard), or null. */
function applicationPath(url: string): string | null {
  if (data === undefined || !url.startsWith("file:")) return null;
  let file: string;
  try {
    file = fileURLToPath(url.split("?")[0]!);
  } catch {
    return null;
  }
  if (NODE_MODULES.test(file) || data.ownDirs.some((dir) => file.startsWith(dir))) return null;
  return file;
}

function generationOf(url: string | undefined): string | null {
  if (url === undefined) return null;
  const q = url.indexOf("?");
  return q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get(data!.param);
}

type Resolved = { url: string; format?: string | null; shortCircuit?: boolean };
type Context = { parentURL?: string; conditions?: string[]; importAttributes?: object };

export async function resolve(
  specifier: string,
  context: Context,
  next: (specifier: string, context: Context) => Promise<Resolved>,
): Promise<Resolved> {
  const alias = data !== undefined && Object.hasOwn(data.aliases, specifier) ? data.aliases[specifier] : undefined;
  // The running copy's URL goes on down the chain rather than short-circuiting it: where switchyard
  // runs from its TypeScript sources (its own tests, under tsx), tsx's resolve must see the URL for
  // its load to compile the file (else Node's own load refuses `.ts`: ERR_UNKNOWN_FILE_EXTENSION).
  if (alias !== undefined) return next(alias, context);
  const resolved = await next(specifier, context);
  const generation = generationOf(context.parentURL);
  if (generation === null || generationOf(resolved.url) !== null || applicationPath(resolved.url) === null)
    return resolved;
  const sep = resolved.url.includes("?") ? "&" : "?";
  return { ...resolved, url: `${resolved.url}${sep}${data!.param}=${generation}` };
}

export async function load(
  url: string,
  context: object,
  next: (url: string, context: object) => Promise<unknown>,
): Promise<unknown> {
  // Reported before it is read: a file that fails to load is watched too, so fixing it reloads.
  const file = applicationPath(url);
  if (file !== null) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(file, { throwIfNoEntry: false });
    } catch {
      stat = undefined;
    }
    const loaded: LoadedFile = stat
      ? { file, mtimeMs: stat.mtimeMs, size: stat.size, ino: stat.ino }
      : { file, mtimeMs: -1, size: -1, ino: -1 };
    data!.port.postMessage(loaded);
  }
  return next(url, context);
}
