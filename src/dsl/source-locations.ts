/**
 * Source locations (Rails 7.1's `route_source_location`): where in the application a route was
 * declared, read off the call stack when the route is added. The declaration is the innermost
 * call outside switchyard's own modules, `node_modules` and node's internals — the `get`,
 * `resources`, `root` ... line of `config/routes.ts`, of a file it `r.draw`s, or of whatever
 * function called the DSL.
 *
 * The stack is read as V8's structured call sites (`Error.prepareStackTrace`), not as text, and
 * positions are mapped through the file's source map when node has one (code run through tsx or
 * compiled with source maps); route files loaded through tsx map back to their TypeScript lines.
 *
 * Node's modules it reads (path, url, module, inspector) are asked for when a draw locates
 * (support/runtime.ts), so that `draw` imports no `node:` module: where there are none (workerd),
 * nothing is located.
 */
import type { SourceMap } from "node:module";
import { isLibraryFile } from "../support/own-files.js";
import { builtin, requireBuiltin, runtimeProcess } from "../support/runtime.js";
import type { SourceLocation } from "../table/route.js";

type CallSite = NodeJS.CallSite;
/** A frame of V8's stack text: `    at f (file:line:col)` or `    at file:line:col`. */
const STACK_FRAME = /^\s+at (?:.*? \()?((?:file:\/\/|\/|[A-Za-z]:\\).+?):(\d+):\d+\)?$/;
/** Frames read beyond the depth the last declaration was found at. */
const SLACK = 4;

/** The call sites of the current stack above `below` (a function on the stack), at most `limit` of them. */
function callSites(below: Function, limit: number): CallSite[] {
  const prepare = Error.prepareStackTrace;
  const stackLimit = Error.stackTraceLimit;
  Error.prepareStackTrace = (_error, sites) => sites;
  Error.stackTraceLimit = limit;
  try {
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, below);
    // Read while prepareStackTrace is ours: V8 formats the stack when it is first read.
    const sites = holder.stack;
    return Array.isArray(sites) ? (sites as CallSite[]) : [];
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = stackLimit;
  }
}

/** A frame's file as a path (ESM frames name a `file:` URL), or null for node's internals, eval and native code. */
function framePath(name: string): string | null {
  if (name.startsWith("file:")) {
    try {
      return builtin("node:url")?.fileURLToPath(name) ?? null;
    } catch {
      return null;
    }
  }
  return builtin("node:path")?.isAbsolute(name) ? name : null;
}

/** A source map's relative source, resolved beside the file it maps (a file was located: the runtime has `node:path`). */
function resolvePath(file: string, source: string): string {
  const path = requireBuiltin("node:path", "Locating a route's declaration");
  return path.resolve(path.dirname(file), source);
}

/** What a frame's file name says: an application file (its path), or null (switchyard's own, `node_modules`, node's). */
function applicationFile(name: string): string | null {
  const file = framePath(name);
  return file === null || isLibraryFile(file) ? null : file;
}

/** Locates declarations relative to an application's root. One per draw. */
export class SourceLocator {
  readonly #root: string;
  /**
   * Each frame file name seen: its application file, or null. (Converting every frame's `file:`
   * URL took a quarter of the time spent locating, in a CPU profile of drawing synth-10000.)
   */
  readonly #files = new Map<string, string | null>();
  /** Source maps by the file name V8 reports (null: the file has none). */
  readonly #maps = new Map<string, SourceMap | null>();
  /**
   * Frames to read: where the last declaration was found, and a few more. Capturing costs by the
   * frame, and between the table builder and the declaration lie 6 (a `get`) to 40 (a resource's
   * route in a namespace) of the mapper's own; consecutive routes sit at much the same depth. A
   * stack whose application frame lies deeper is read again whole. (synth-10000: ~32 frames read
   * per route, 5% of routes read twice; the whole stack is 30 to 90 frames deep there.)
   */
  #limit = 16;

  constructor(root: string) {
    this.#root = builtin("node:path")?.resolve(root) ?? root;
  }

  /** The innermost application frame above `below` on the current stack, or null if there is none. */
  locate(below: Function): SourceLocation | null {
    let sites = callSites(below, this.#limit);
    let at = this.#first(sites);
    if (at < 0 && sites.length >= this.#limit) at = this.#first((sites = callSites(below, Infinity)));
    if (at < 0) return null;
    this.#limit = at + 1 + SLACK;
    const site = sites[at]!;
    const name = site.getFileName()!;
    return this.#mapped(name, this.#files.get(name)!, site.getLineNumber()!, site.getColumnNumber() ?? 1);
  }

  /**
   * The innermost application frame of a thrown error: its stack text's first `at ... (file:line:col)`
   * outside switchyard, `node_modules` and node (the text is already source-mapped when node maps
   * positions), or a parser's `loc` (a syntax error in `file`, the file being loaded). Null when
   * neither says.
   */
  locateError(error: Error, file: string): SourceLocation | null {
    const loc = (error as { loc?: { line?: unknown } }).loc;
    if (typeof loc?.line === "number") return { file: this.relative(file), line: loc.line };
    // A transform error names the file as `<file>:<line>:<column>` in its message (esbuild, through tsx).
    const at = error.message.lastIndexOf(`${file}:`);
    if (at >= 0) {
      const line = /^:(\d+):\d+/.exec(error.message.slice(at + file.length));
      if (line !== null) return { file: this.relative(file), line: Number(line[1]) };
    }
    const stack = typeof error.stack === "string" ? error.stack : "";
    for (const frame of stack.split("\n")) {
      const m = STACK_FRAME.exec(frame);
      if (m === null) continue;
      let app = this.#files.get(m[1]!);
      if (app === undefined) this.#files.set(m[1]!, (app = applicationFile(m[1]!)));
      if (app !== null) return { file: this.relative(app), line: Number(m[2]) };
    }
    return null;
  }

  /**
   * Where `run` throws a value that is not an `Error` (`throw "x"`, `throw Object.create(null)`),
   * which carries no stack: `run` is run again with the inspector pausing on every exception, and
   * the first such throw in an application file is the answer. (Enabling the debugger costs tens
   * of milliseconds, and each exception thrown while it watches costs more — loading a file through
   * a TypeScript loader throws many inside the file system — so `run` should be the declaration alone, and this
   * is done only after such a throw, never on the way to success.)
   */
  locateThrow(run: () => void): SourceLocation | null {
    const inspector = builtin("node:inspector");
    if (inspector === undefined) return null;
    const session = new inspector.Session();
    let found: SourceLocation | null = null;
    // Call frames name their script by id; the url comes with the script's `scriptParsed`.
    const urls = new Map<string, string>();
    session.on("Debugger.scriptParsed", ({ params }) => {
      if (params.url !== "") urls.set(params.scriptId, params.url);
    });
    session.on("Debugger.paused", ({ params }) => {
      const data = params.data as { type?: string; subtype?: string } | undefined;
      if (found !== null || (data?.type === "object" && data.subtype === "error")) return;
      for (const frame of params.callFrames) {
        const url = frame.url || urls.get(frame.location.scriptId);
        const app = url ? applicationFile(url) : null;
        if (app !== null) {
          // (The inspector's positions are in the code as run: mapped back to the file as written.)
          found = this.#mapped(url!, app, frame.location.lineNumber + 1, (frame.location.columnNumber ?? 0) + 1);
          session.post("Debugger.setPauseOnExceptions", { state: "none" });
          return;
        }
      }
    });
    try {
      session.connect();
      session.post("Debugger.enable");
      session.post("Debugger.setPauseOnExceptions", { state: "all" });
      run();
    } catch {
      // the throw being looked for
    } finally {
      try {
        session.post("Debugger.disable");
        session.disconnect();
      } catch {
        // a session that could not connect (another inspector client holds the thread)
      }
    }
    return found;
  }

  /** The index of the first application frame of `sites` that has a line, or -1. */
  #first(sites: readonly CallSite[]): number {
    for (let i = 0; i < sites.length; i++) {
      const name = sites[i]!.getFileName();
      if (!name) continue;
      let file = this.#files.get(name);
      if (file === undefined) this.#files.set(name, (file = applicationFile(name)));
      if (file !== null && sites[i]!.getLineNumber() !== null) return i;
    }
    return -1;
  }

  /** The position in the original source when the file has a source map, else as V8 reports it. */
  #mapped(name: string, file: string, line: number, column: number): SourceLocation {
    let map = this.#maps.get(name);
    if (map === undefined) {
      map = (runtimeProcess()?.sourceMapsEnabled ? builtin("node:module")?.findSourceMap(name) : undefined) ?? null;
      this.#maps.set(name, map);
    }
    if (map !== null) {
      const entry = map.findEntry(line - 1, column - 1) as Partial<{ originalSource: string; originalLine: number }>;
      if (typeof entry.originalLine === "number" && typeof entry.originalSource === "string") {
        return {
          file: this.relative(framePath(entry.originalSource) ?? resolvePath(file, entry.originalSource)),
          line: entry.originalLine + 1,
        };
      }
    }
    return { file: this.relative(file), line };
  }

  /** `file` relative to the root, with `/` separators; absolute when it lies outside the root. */
  relative(file: string): string {
    const path = builtin("node:path");
    if (path === undefined) return file;
    const rel = path.relative(this.#root, file);
    if (rel === "" || rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return file;
    return rel.split(path.sep).join("/");
  }
}
