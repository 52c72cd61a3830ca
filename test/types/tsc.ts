// Runs `tsc --noEmit` once over an application's generated declarations and some files, with
// `switchyard` and `switchyard/http` resolved to the source: what the type tests share.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Compiles `declarations` (a `.d.ts` text) with `files` (absolute paths) and `extra` (name ->
 * source, written beside the declarations) in a directory under `under`; returns tsc's output,
 * "" when it found no error.
 */
export function typecheck(
  under: string,
  declarations: string,
  files: readonly string[],
  extra: Readonly<Record<string, string>> = {},
): string {
  const dir = fs.mkdtempSync(path.join(under, ".tsc-"));
  try {
    fs.writeFileSync(path.join(dir, "routes.d.ts"), declarations);
    for (const [name, text] of Object.entries(extra)) fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2023"],
          skipLibCheck: true,
          types: ["node"],
          paths: {
            switchyard: [path.join(root, "src", "index.ts")],
            "switchyard/http": [path.join(root, "src", "http", "index.ts")],
            // (The adapters too: each adds its objects to the source's FrameworkObjects.)
            "switchyard/express": [path.join(root, "src", "http", "adapters", "express.ts")],
            "switchyard/fastify": [path.join(root, "src", "http", "adapters", "fastify.ts")],
            "switchyard/hono": [path.join(root, "src", "http", "adapters", "hono.ts")],
          },
        },
        files: ["routes.d.ts", ...Object.keys(extra), ...files],
      }),
    );
    try {
      execFileSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], {
        encoding: "utf8",
      });
      return "";
    } catch (e) {
      return String((e as { stdout?: string }).stdout ?? e);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
