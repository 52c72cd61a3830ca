/**
 * Which of a set of files changed since they were stamped: each file's modification time, size and
 * inode (an editor that saves by renaming a new file over the old one changes the inode), read
 * with one `stat` per file. What the development reloader asks on every request and
 * `switchyard types --watch` polls; Rails' `ActiveSupport::FileUpdateChecker` does the same.
 */
import type { Stats } from "node:fs";
import { requireBuiltin } from "./runtime.js";

export interface Stamp {
  mtimeMs: number;
  size: number;
  ino: number;
}

const MISSING: Stamp = { mtimeMs: -1, size: -1, ino: -1 };

const statOf = (file: string): Stats | undefined =>
  requireBuiltin("node:fs", "Watching the application's files").statSync(file, { throwIfNoEntry: false });

function stampOf(file: string): Stamp {
  try {
    const s = statOf(file);
    return s === undefined ? MISSING : { mtimeMs: s.mtimeMs, size: s.size, ino: s.ino };
  } catch {
    return MISSING;
  }
}

export class FileStamps {
  readonly #stamps = new Map<string, Stamp>();

  constructor(files: Iterable<string> = []) {
    this.add(files);
  }

  /** Stamps files not stamped yet (a file already stamped keeps its stamp). */
  add(files: Iterable<string>): void {
    for (const file of files) if (!this.#stamps.has(file)) this.#stamps.set(file, stampOf(file));
  }

  /** Stamps a file as it is now: a loader calls this as it reads the file. */
  stamp(file: string): void {
    this.#stamps.set(file, stampOf(file));
  }

  /** Stamps a file as another thread saw it when it read it (the module hooks' report). */
  set(file: string, stamp: Stamp): void {
    this.#stamps.set(file, { mtimeMs: stamp.mtimeMs, size: stamp.size, ino: stamp.ino });
  }

  /** The files stamped. */
  get files(): IterableIterator<string> {
    return this.#stamps.keys();
  }

  /** The files changed (or removed) since stamped, each stamped anew; empty when none changed. */
  changed(): readonly string[] {
    let changed: string[] | undefined;
    for (const [file, old] of this.#stamps) {
      let s: Stats | undefined;
      try {
        s = statOf(file);
      } catch {
        s = undefined;
      }
      const same =
        s === undefined ? old === MISSING : s.mtimeMs === old.mtimeMs && s.size === old.size && s.ino === old.ino;
      if (!same) {
        this.#stamps.set(file, s === undefined ? MISSING : { mtimeMs: s.mtimeMs, size: s.size, ino: s.ino });
        (changed ??= []).push(file);
      }
    }
    return changed ?? NONE;
  }
}

const NONE: readonly string[] = [];
