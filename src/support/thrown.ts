/**
 * Reading a thrown value safely. An action may throw anything: an error whose `message` or `name`
 * getter throws, a `Proxy` whose every trap throws (so even `instanceof` and `typeof x.stack`
 * throw), a revoked proxy, an object with a throwing `toString`. The failure path, the exception
 * page and logging read a thrown value only through these functions, which never throw.
 */

/** What an error page or a log line says about a thrown value: its class name, message and stack. */
export interface ThrownDescription {
  readonly name: string;
  /** The class it was made by, as Ruby names an exception's class (`class RuntimeError extends Error` is `RuntimeError`, though its `name` is "Error"). */
  readonly className: string;
  readonly message: string;
  readonly stack: string;
}

/** `value instanceof Class`, false where asking throws (a `Proxy` whose `getPrototypeOf` trap throws). */
export function isInstance<T>(value: unknown, Class: abstract new (...args: never[]) => T): value is T {
  try {
    return value instanceof Class;
  } catch {
    return false;
  }
}

/** `read()`, or `fallback` when it throws or gives no string. */
function safely(read: () => unknown, fallback: string): string {
  try {
    const v = read();
    return typeof v === "string" ? v : fallback;
  } catch {
    return fallback;
  }
}

/** `String(value)`, or a description by type where converting throws. */
function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return `(a ${typeof value} that cannot be converted to a string)`;
  }
}

/**
 * A thrown value's name, message and stack, each read in its own guard: an `Error` gives its own
 * (a getter that throws gives a placeholder); anything else is named by its type and converted
 * with `String` where it can be.
 */
export function describeThrown(value: unknown): ThrownDescription {
  if (isInstance(value, Error)) {
    const name = safely(() => value.name, "Error");
    const ctor = safely(() => (value as { constructor?: { name?: unknown } }).constructor?.name, "");
    return {
      name,
      className: ctor !== "" && ctor !== "Error" ? ctor : name,
      message: safely(() => value.message, `(the ${name}'s message could not be read)`),
      stack: safely(() => value.stack, ""),
    };
  }
  const type = value === null ? "null" : typeof value;
  return { name: type, className: type, message: safeString(value), stack: "" };
}

/** One line for a log: `Name: message`. */
export function thrownSummary(value: unknown): string {
  const d = describeThrown(value);
  return `${d.name}: ${d.message}`;
}

/**
 * What a hook the application gave (an error reporter, a logger) returned: when it is a promise
 * (any thenable), its rejection is dropped, as the caller drops the hook's throw. TypeScript
 * accepts an `async` function where `=> void` is declared, and an error reporter whose network
 * call fails is the ordinary case: its rejection must not end the process. A thenable whose `then`
 * throws is dropped too.
 */
export function dropRejection(result: unknown): void {
  if (result === null || (typeof result !== "object" && typeof result !== "function")) return;
  try {
    const then = (result as { then?: unknown }).then;
    if (typeof then === "function") then.call(result, undefined, ignore);
  } catch {
    // dropped, as above
  }
}

function ignore(): void {}
