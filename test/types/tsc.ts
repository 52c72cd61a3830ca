// Runs `tsc --noEmit` once over an application's generated declarations and some files, with
// `switchyard` and `switchyard/http` resolved to the source: what the type tests share. Every
// typed feature is checked under each compiler switchyard supports (the peer range of
// package.json): TypeScript 5.9 (`typescript`) and TypeScript 7, the native compiler
// (`typescript7`, an npm alias of typescript@7).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A TypeScript compiler the type tests run: its name in test titles and its installed package. */
export interface Compiler {
  readonly name: string;
  readonly pkg: string;
}

export const COMPILERS: readonly Compiler[] = [
  { name: "TypeScript 5.9", pkg: "typescript" },
  { name: "TypeScript 7", pkg: "typescript7" },
];

/** Runs the compiler's `tsc` with `args`; returns what it printed, "" when it found no error. */
export function tsc(compiler: Compiler, args: readonly string[]): string {
  try {
    execFileSync(process.execPath, [path.join(root, "node_modules", compiler.pkg, "bin", "tsc"), ...args], {
      encoding: "utf8",
    });
    return "";
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    return stdout || stderr || String(e);
  }
}

/**
 * Compiles `declarations` (a `.d.ts` text) with `files` (absolute paths) and `extra` (name ->
 * source, written beside the declarations) in a directory under `under`; returns tsc's output,
 * "" when it found no error.
 */
export function typecheck(
  compiler: Compiler,
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
    return tsc(compiler, ["-p", dir, "--pretty", "false"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
