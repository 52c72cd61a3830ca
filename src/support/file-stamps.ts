/**
 * Which of a set of files changed since they were stamped: each file's modification time, size and
 * inode (an editor that saves by renaming a new file over the old one changes the inode), read
 * with one `stat` per file. What the development reloader asks on every request and
 * `switchyard types --watch` polls; Rails' `ActiveSupport::FileUpdateChecker` does the same.
 */
import fs from "node:fs";

interface Stamp {
  mtimeMs: number;
  size: number;
  ino: number;
}

const MISSING: Stamp = { mtimeMs: -1, size: -1, ino: -1 };

function stampOf(file: string): Stamp {
  try {
    const s = fs.statSync(file, { throwIfNoEntry: false });
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

  /** The files stamped. */
  get files(): IterableIterator<string> {
    return this.#stamps.keys();
  }

  /** The files changed (or removed) since stamped, each stamped anew; empty when none changed. */
  changed(): readonly string[] {
    let changed: string[] | undefined;
    for (const [file, old] of this.#stamps) {
      let s: fs.Stats | undefined;
      try {
        s = fs.statSync(file, { throwIfNoEntry: false });
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
