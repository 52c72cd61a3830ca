/**
 * An error's stack split as Rails' `ActiveSupport::BacktraceCleaner` splits it for the request log
 * and the exception page ("Application Trace | Framework Trace | Full Trace"): the application's
 * frames, and the framework's — switchyard's own files, node's internals (`node:`, `internal/`)
 * and anything under `node_modules` (support/own-files.ts says which files are a library's). Used by both.
 */
import { isLibraryFile } from "../support/own-files.js";
import { builtin } from "../support/runtime.js";

/** A `file:` URL as a path where the runtime can say (`node:url`); else the URL as it is. */
function fileURLToPath(file: string): string {
  const url = builtin("node:url");
  return url === undefined ? file : url.fileURLToPath(file);
}

export interface Frame {
  /** The frame as V8 printed it, without the leading `at `. */
  readonly text: string;
  /** Its file, a path (a `file:` URL turned into one), or "" when the frame names none (`<anonymous>`). */
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
  /** The function, "" for a top-level frame. */
  readonly fn: string;
  /** In the application (not switchyard, node or a package). */
  readonly application: boolean;
}

export interface Backtrace {
  /** The first line(s) of the stack: `Name: message`. */
  readonly head: string;
  readonly frames: readonly Frame[];
  readonly application: readonly Frame[];
  readonly framework: readonly Frame[];
}

const FRAME = /^\s*at (?:(.*?) \((.*)\)|(.*))$/;
const LOCATION = /^(.*?):(\d+):(\d+)$/;

/** Whether a frame's file is the framework's: switchyard's own sources, node's internals, or a package. */
function frameworkFile(file: string): boolean {
  return file === "" || file.startsWith("node:") || file.startsWith("internal/") || isLibraryFile(pathOf(file));
}

/** A frame's file as a path (V8 writes ES modules' as `file://` URLs; a stack is text anyone could write). */
function pathOf(file: string): string {
  if (!file.startsWith("file://")) return file;
  try {
    return fileURLToPath(file);
  } catch {
    return file;
  }
}

/** Parses one V8 stack line (`    at fn (file:1:2)`), or null for a line that is not a frame. */
function parseFrame(line: string): Frame | null {
  const m = FRAME.exec(line);
  if (m === null) return null;
  const fn = m[1] ?? "";
  let where = m[2] ?? m[3] ?? "";
  // `at async fn (…)`, `at new C (…)` keep their words in fn; an eval frame's location is its last one.
  if (where.includes(", ")) where = where.slice(where.lastIndexOf(", ") + 2).replace(/\)+$/, "");
  const loc = LOCATION.exec(where);
  let file = loc === null ? "" : loc[1]!;
  if (file.startsWith("file://")) {
    try {
      file = fileURLToPath(file);
    } catch {
      // keep the URL as it is
    }
  }
  return {
    text: line.trim().replace(/^at /, ""),
    file,
    line: loc === null ? null : Number(loc[2]),
    column: loc === null ? null : Number(loc[3]),
    fn,
    application: !frameworkFile(file),
  };
}

/** Splits a stack (`describeThrown(e).stack`: read safely) into its head, the application's frames and the framework's (each in stack order). */
export function backtraceOf(stack: string): Backtrace {
  const lines = stack.split("\n");
  const frames: Frame[] = [];
  const head: string[] = [];
  for (const line of lines) {
    const frame = parseFrame(line);
    if (frame !== null) frames.push(frame);
    else if (frames.length === 0) head.push(line);
  }
  return {
    head: head.join("\n"),
    frames,
    application: frames.filter((f) => f.application),
    framework: frames.filter((f) => !f.application),
  };
}

/** A frame as Rails' log prints one (`app/controllers/photos_controller.ts:3:11:in 'show'`), its path relative to `base`. */
export function railsFrame(frame: Frame, base: string): string {
  if (frame.file === "" || frame.line === null) return frame.text;
  const file = base !== "" && frame.file.startsWith(base + "/") ? frame.file.slice(base.length + 1) : frame.file;
  return `${file}:${frame.line}:${frame.column}:in \`${frame.fn === "" ? "<main>" : frame.fn}'`;
}
