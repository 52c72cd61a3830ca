// Capturing the process warnings a test provokes on purpose (draw's SWITCHYARD_BACKTRACKING_REGEXP
// for a catastrophic constraint regexp): node prints every warning on stderr, listeners or not,
// so a test that expects one takes process.emitWarning over while it runs, and asserts on what it got.

export interface CapturedWarning {
  readonly message: string;
  readonly code: string | undefined;
}

/** Runs `fn` with process.emitWarning captured; restored afterwards (also when `fn` throws or rejects). */
export function capturingWarnings<T>(fn: () => T): { value: T; warnings: CapturedWarning[] } {
  const warnings: CapturedWarning[] = [];
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, options?: string | { code?: string }) => {
    warnings.push({
      message: String(warning instanceof Error ? warning.message : warning),
      code: typeof options === "object" ? options.code : undefined,
    });
  }) as typeof process.emitWarning;
  let value: T;
  try {
    value = fn();
  } catch (error) {
    process.emitWarning = emitWarning;
    throw error;
  }
  if (value instanceof Promise) {
    const settled = value.finally(() => (process.emitWarning = emitWarning)) as T;
    return { value: settled, warnings };
  }
  process.emitWarning = emitWarning;
  return { value, warnings };
}
