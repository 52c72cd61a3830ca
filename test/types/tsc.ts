// Compiles an application's generated declarations and some files, with `switchyard` and its
// subpaths resolved to the source: what the type tests share. Every typed feature is checked
// under each compiler switchyard supports (the peer range of package.json): TypeScript 5.9
// (`typescript`) and TypeScript 7, the native compiler (`typescript7`, an npm alias of
// typescript@7).
//
// TypeScript 5.9 runs in this process through its API, one program per check: the programs share
// the source files they read (the standard library, @types/node, switchyard's source) through one
// cache, so each check parses only its own files and its checker checks only them, as an
// application's `tsc` checks its own files against switchyard's declarations. The diagnostics are
// printed as `tsc --pretty false` prints them (`ts.formatDiagnostics`). TypeScript 7 has no
// stable API: it runs its `tsc` in a process, as before.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

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

/**
 * TypeScript 7's flags: tsc's plain output, and one thread (a check this small gains nothing from
 * more, and each costs CPU time).
 */
const TSC_PROCESS_FLAGS = ["--pretty", "false", "--singleThreaded"];

/** Runs the compiler's `tsc` in a process with `args`; returns what it printed, "" when it found no error. */
function tscProcess(compiler: Compiler, args: readonly string[]): string {
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
 * Source files read by earlier programs, by path and the parse settings a program asks for, with
 * the text they were parsed from: a file is parsed again when its text or the settings differ.
 */
const parsed = new Map<string, { text: string; file: ts.SourceFile }>();

function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (fileName, settings) => {
    const text = host.readFile(fileName);
    if (text === undefined) return undefined;
    const key = `${fileName}\0${JSON.stringify(
      typeof settings === "object"
        ? [settings.languageVersion, settings.impliedNodeFormat, settings.jsDocParsingMode]
        : [settings],
    )}`;
    const known = parsed.get(key);
    if (known?.text === text) return known.file;
    const file = ts.createSourceFile(fileName, text, settings);
    parsed.set(key, { text, file });
    return file;
  };
  return host;
}

const FORMAT: ts.FormatDiagnosticsHost = {
  getCurrentDirectory: () => process.cwd(),
  getCanonicalFileName: (f) => f,
  getNewLine: () => "\n",
};

/**
 * Checks the project `dir/tsconfig.json` as `tsc -p dir --pretty false` does (every file's
 * diagnostics, as its options ask); returns what tsc prints, "" when it finds no error.
 */
export function checkProject(compiler: Compiler, dir: string): string {
  if (compiler.pkg !== "typescript") return tscProcess(compiler, ["-p", dir, ...TSC_PROCESS_FLAGS]);
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(dir, "tsconfig.json"),
    { pretty: false },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.formatDiagnostics([d], FORMAT));
      },
    },
  )!;
  const program = ts.createProgram(config.fileNames, config.options, cachingHost(config.options));
  return ts.formatDiagnostics([...config.errors, ...ts.getPreEmitDiagnostics(program)], FORMAT);
}

/**
 * The subpaths package.json exports, each resolved to its source file (the `types` entry's
 * `dist/x.d.ts` is built from `src/x.ts`): `switchyard`, `switchyard/http`, the adapters (each adds
 * its objects to the source's FrameworkObjects), ...
 */
const SOURCE_PATHS: Record<string, string[]> = Object.fromEntries(
  Object.entries(
    (
      JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
        exports: Record<string, string | { types?: string }>;
      }
    ).exports,
  ).flatMap(([subpath, entry]) =>
    typeof entry === "object" && entry.types?.startsWith("./dist/")
      ? [
          [
            `switchyard${subpath.slice(1)}`,
            [path.join(root, "src", entry.types.slice("./dist/".length).replace(/\.d\.ts$/, ".ts"))],
          ],
        ]
      : [],
  ),
);

/**
 * Compiles `declarations` (a `.d.ts` text) with `files` (absolute paths) and `extra` (name ->
 * source, written beside the declarations) in a directory under `under`; returns tsc's output
 * for them, "" when it found no error. (Switchyard's source itself is checked by `npm test`'s
 * compiler pass, under the project's own options.)
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
    const compilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      lib: ["ES2023"],
      skipLibCheck: true,
      types: ["node"],
      paths: SOURCE_PATHS,
    };
    const names = ["routes.d.ts", ...Object.keys(extra), ...files];
    if (compiler.pkg !== "typescript") {
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files: names }));
      return tscProcess(compiler, ["-p", dir, ...TSC_PROCESS_FLAGS]);
    }
    const { options, errors } = ts.convertCompilerOptionsFromJson(compilerOptions, dir);
    const program = ts.createProgram(
      names.map((f) => path.resolve(dir, f)),
      options,
      cachingHost(options),
    );
    // As tsc: the options', the global and every file's syntax diagnostics, then the semantic
    // diagnostics of the application's files (not of switchyard's source).
    const own = program.getRootFileNames();
    const diagnostics = [
      ...errors,
      ...program.getConfigFileParsingDiagnostics(),
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program.getSyntacticDiagnostics(),
      ...own.flatMap((f) => {
        const file = program.getSourceFile(f);
        return file === undefined ? [] : program.getSemanticDiagnostics(file);
      }),
    ];
    return ts.formatDiagnostics(ts.sortAndDeduplicateDiagnostics(diagnostics), FORMAT);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
