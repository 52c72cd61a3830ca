/**
 * The `switchyard` command line: `routes` prints an application's route table as
 * `bin/rails routes` does (or as JSON or HTML; `--unused`: the routes without a controller or
 * action; `--lint`: the table's problems; `--verify`: the `p(...)` paths no route matches), `types` writes the typed-helper declarations, `serve`
 * serves the application over HTTP.
 *
 *     switchyard routes [-c CONTROLLER] [-g PATTERN] [-E] [--json] [--html] [--unused] [--lint] [--root DIR]
 *     switchyard routes --verify [GLOB...] [--root DIR]
 *     switchyard types [--root DIR] [--out FILE] [--watch]
 *     switchyard js --out FILE [--root DIR] [--watch]
 *     switchyard build [--root DIR] [--out FILE] [--check]
 *     switchyard new DIR
 *     switchyard generate resource|controller NAME [ARGS...] [--root DIR]
 *     switchyard serve [--root DIR] [--port N] [--host HOST] [--env NAME] [--static] [--workers N] [--*-timeout S] [--quiet]
 *
 * `main` never calls `process.exit`: it returns the exit code (0 ok, 1 the application's routes
 * or controllers could not be loaded or rendered, 2 bad usage, 3 `--unused`, `--lint` or `--verify` found
 * something), and writes through an injectable `io` so tests can run it in-process.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { renderRoutesHtml } from "../inspect/html.js";
import { loadedRoutes } from "../draw.js";
import { loadRoutes, renderHelperTypes, type DrawOptions, type RouteSet } from "../index.js";
import { renderBrowserHelpers } from "../generate/browser/module.js";
import { routesToJson } from "./json.js";
import { formatLintFindings } from "./lint.js";
import { findUnusedRoutes } from "./unused.js";
import { DEFAULT_VERIFY_GLOBS, verifyFiles, verifyPaths } from "./verify.js";
import { watchRoutes } from "./watch.js";
import { filterRoutes, formatUnusedRoutes } from "../inspect/sheet.js";
import { lintCheckSummary, type RouteLintFinding } from "../lint/index.js";
import { environment } from "../http/dispatcher.js";
import { installDevelopment } from "../http/development.js";
import { parsePort, parseRunning, serve, SERVE_OPTIONS, SERVE_USAGE, type ServeIO } from "./serve.js";
import { newApp } from "./new.js";
import { generate } from "./generate.js";
import { declarationsBeside, renderBuiltModule } from "./build.js";

/** Where the CLI writes. Anything with `write(string)` works (process streams, test buffers); `signal` stops `serve`. */
export type CliIO = ServeIO;

/** An option's line of the usage: the flag in its column, the text wrapped under the text column. */
function optionLine(flag: string, text: string): string {
  const lines = [`      ${flag.padEnd(19)}`];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (lines[last]!.length + word.length > 110 && lines[last]!.trim() !== flag) lines.push(`${" ".repeat(25)}${word}`);
    else lines[last] += (lines[last]!.endsWith(" ") ? "" : " ") + word;
  }
  return lines.join("\n");
}

export const USAGE: string = `Usage: switchyard <command> [options]

Commands:
  routes   Print the application's routes, as \`bin/rails routes\` does
  types    Write TypeScript declarations for the application's route helpers
  js       Write the application's route helpers as an ES module for the browser, with its .d.ts
  build    Write the application's route table as a module of data (config/routes.built.js) for a deployed app
  serve    Serve the application over HTTP (its routes and app/controllers), as \`bin/rails server\` does
  new      Create an application in a new directory, as \`rails new\` does
  generate Add a resource or a controller to the application (its routes, files and tests), as \`rails generate\` does

switchyard routes [-c CONTROLLER] [-g PATTERN] [-E] [--json] [--html] [--unused] [--lint] [--root DIR]
  -c, --controller NAME  Only routes of this controller (\`photos\`, \`admin/users\`, \`Admin::UsersController\`)
  -g, --grep PATTERN     Only routes whose name, verb, path or controller#action matches PATTERN (a RegExp)
  -E, --expanded         Print each route as a \`--[ Route N ]--\` block, with its source location
      --json             Print the route table as JSON
      --html             Print the route table as one standalone HTML page, with a search field
      --unused           Print the routes whose controller file or action does not exist (exit status 3 if any)
${optionLine("--lint", `Print ${lintCheckSummary()}, with the fix (exit status 3 if any)`)}
      --verify [GLOB...] Print each p(...) / p\`...\` path of the source that no route matches, as file:line:col
                         (exit status 3 if any); GLOBs are relative to the current directory (default: the
                         application's app/ and config/ .ts/.tsx/.js files)
      --root DIR         The application's directory, holding config/routes.ts (default: the current directory)

switchyard types [--root DIR] [--out FILE] [--watch]
      --root DIR         The application's directory, holding config/routes.ts (default: the current directory)
      --out FILE         Write the declarations to FILE instead of standard output
  -w, --watch            With --out: write them again whenever a route file changes, until stopped (Ctrl-C)

switchyard js --out FILE [--root DIR] [--watch]
      --out FILE         Write the module to FILE (\`routes.js\`) and its declarations beside it (\`routes.d.ts\`)
  -w, --watch            Write them again whenever a route file changes, until stopped (Ctrl-C)
      --root DIR         The application's directory, holding config/routes.ts (default: the current directory)

switchyard build [--root DIR] [--out FILE] [--check]
      --out FILE         Write the module to FILE (default: config/routes.built.js) and its .d.ts beside it
      --check            Write nothing: exit with status 3 if FILE is not what a build would write now
      --root DIR         The application's directory, holding config/routes.ts (default: the current directory)

${SERVE_USAGE}
switchyard new DIR
      Writes a new application in DIR (config/routes.ts, app/, public/, test/, package.json, tsconfig.json);
      then: cd DIR && npm install && npm run dev

switchyard generate resource NAME [FIELD:TYPE...] [--root DIR]
switchyard generate controller NAME [ACTION...] [--root DIR]
      resource:   r.resources("NAMES") first in config/routes.ts, app/models/NAME.ts, a controller with the
                  seven actions and test/NAMES.test.ts; TYPE is string, text, integer, bigint, float, decimal,
                  boolean, date, datetime or time (default string)
      controller: r.get("NAME/ACTION") for each action, the controller with the actions, test/NAME.test.ts
  -h, --help             Show this help
`;

const ROOT_OPTION = { root: { type: "string" } } as const;
const HELP_OPTION = { help: { type: "boolean", short: "h" } } as const;

const ROUTES_OPTIONS = {
  controller: { type: "string", short: "c" },
  grep: { type: "string", short: "g" },
  expanded: { type: "boolean", short: "E" },
  json: { type: "boolean" },
  html: { type: "boolean" },
  unused: { type: "boolean" },
  lint: { type: "boolean" },
  verify: { type: "boolean" },
  ...ROOT_OPTION,
  ...HELP_OPTION,
} as const satisfies ParseArgsConfig["options"];

const TYPES_OPTIONS = {
  out: { type: "string", short: "o" },
  watch: { type: "boolean", short: "w" },
  ...ROOT_OPTION,
  ...HELP_OPTION,
} as const satisfies ParseArgsConfig["options"];

const defaultIO: CliIO = { stdout: process.stdout, stderr: process.stderr };

// `serve` and `routes --unused` make dispatchers and controller registries: with the development
// pages, the reloader and controller files, as switchyard/http gives them.
installDevelopment();

/** Runs the CLI with `argv` (without `node` and the script) and resolves to the exit code. */
export async function main(argv: string[], io: CliIO = defaultIO): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) return usageError(io, "no command given");
  if (command === "-h" || command === "--help" || command === "help") {
    io.stdout.write(USAGE);
    return 0;
  }
  if (command === "routes") return routesCommand(rest, io);
  if (command === "types") return typesCommand(rest, io);
  if (command === "serve") return serveCommand(rest, io);
  if (command === "js") return jsCommand(rest, io);
  if (command === "build") return buildCommand(rest, io);
  if (command === "new") return newCommand(rest, io);
  if (command === "generate" || command === "g") return generateCommand(rest, io);
  return usageError(io, `unknown command ${JSON.stringify(command)}`);
}

async function routesCommand(argv: string[], io: CliIO): Promise<number> {
  const parsed = parse(argv, ROUTES_OPTIONS, io, true);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const formats = [
    values.json && "--json",
    values.html && "--html",
    values.expanded && !values.unused && "-E/--expanded",
    values.unused && "--unused",
    values.lint && "--lint",
    values.verify && "--verify",
  ].filter(Boolean);
  if (formats.length > 1) return usageError(io, `${formats.join(" and ")} cannot be combined`);
  if (positionals.length > 0 && !values.verify)
    return usageError(io, `unexpected argument ${JSON.stringify(positionals[0])} (only --verify takes GLOBs)`);

  const root = path.resolve(values.root ?? process.cwd());
  const findings: RouteLintFinding[] = [];
  const routes = await load(root, io, values.lint ? { warn: (finding) => findings.push(finding) } : {});
  if (!routes) return 1;

  if (values.verify) return verifyCommand(routes, root, positionals, io);
  const filter = { controller: values.controller, grep: values.grep };
  if (values.lint) {
    const { text, shown } = formatLintFindings(routes.routes, findings, filter);
    io.stdout.write(text + "\n");
    return shown > 0 ? FOUND : 0;
  }
  if (values.unused) {
    let unused;
    try {
      unused = await findUnusedRoutes(routes.routes, root);
    } catch (error) {
      io.stderr.write(`switchyard routes --unused: could not load a controller of ${root}\n${describe(error)}\n`);
      return 1;
    }
    const { text, shown } = formatUnusedRoutes(unused, { ...filter, expanded: values.expanded ?? false });
    io.stdout.write(text + "\n");
    return shown > 0 ? FOUND : 0;
  }
  if (values.json) {
    io.stdout.write(JSON.stringify(routesToJson(filterRoutes(routes.routes, filter)), null, 2) + "\n");
  } else if (values.html) {
    io.stdout.write(renderRoutesHtml(filterRoutes(routes.routes, filter)));
  } else {
    io.stdout.write(routes.inspect({ ...filter, expanded: values.expanded ?? false }) + "\n");
  }
  return 0;
}

async function verifyCommand(routes: RouteSet, root: string, globs: string[], io: CliIO): Promise<number> {
  const cwd = globs.length > 0 ? process.cwd() : root;
  try {
    const files = await verifyFiles(cwd, globs.length > 0 ? globs : DEFAULT_VERIFY_GLOBS);
    const { text, found } = await verifyPaths(routes.routes, cwd, files);
    io.stdout.write(text + "\n");
    return found > 0 ? FOUND : 0;
  } catch (error) {
    io.stderr.write(`switchyard routes --verify: could not read the source of ${root}\n${describe(error)}\n`);
    return 1;
  }
}

async function typesCommand(argv: string[], io: CliIO): Promise<number> {
  const parsed = parse(argv, TYPES_OPTIONS, io);
  if (typeof parsed === "number") return parsed;
  const { values } = parsed;
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }

  const root = path.resolve(values.root ?? process.cwd());
  if (values.watch && values.out === undefined)
    return usageError(io, "--watch needs --out FILE: it rewrites the file on every change");
  const write = async (): Promise<RouteSet | null> => {
    const routes = await load(root, io, { sourceLocations: false });
    return routes !== null && writeTypes(routes, root, values.out, io) ? routes : null;
  };
  const routes = await write();
  if (!values.watch) return routes ? 0 : 1;
  return watchRoutes(routes, root, write, io);
}

/** Renders the helper declarations of `routes` to `out` (or stdout); false (having said why on stderr) when it could not. */
function writeTypes(routes: RouteSet, root: string, out: string | undefined, io: CliIO): boolean {
  let text: string;
  try {
    text = renderHelperTypes(routes);
  } catch (error) {
    io.stderr.write(`switchyard types: could not render the helper types of ${root}\n${describe(error)}\n`);
    return false;
  }
  if (!text.endsWith("\n")) text += "\n";
  if (out === undefined) {
    io.stdout.write(text);
    return true;
  }
  const file = path.resolve(out);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (error) {
    io.stderr.write(`switchyard types: could not write ${file}\n${describe(error)}\n`);
    return false;
  }
  io.stderr.write(`switchyard types: wrote ${path.relative(process.cwd(), file) || file}\n`);
  return true;
}

/** `switchyard js --out FILE [--watch]`: the browser helpers module and, beside it, its `.d.ts`. */
async function jsCommand(argv: string[], io: CliIO): Promise<number> {
  const values = commandValues(argv, TYPES_OPTIONS, io);
  if (typeof values === "number") return values;
  if (values.out === undefined)
    return usageError(io, "js needs --out FILE (the module; its .d.ts is written beside it)");
  const root = path.resolve(values.root ?? process.cwd());
  const out = path.resolve(values.out);
  const write = async (): Promise<RouteSet | null> => {
    const routes = await load(root, io, { sourceLocations: false });
    return routes !== null && writeBrowserHelpers(routes, root, out, io) ? routes : null;
  };
  const routes = await write();
  if (!values.watch) return routes ? 0 : 1;
  return watchRoutes(routes, root, write, io);
}

/** Writes the browser helpers of `routes` to `out` and its `.d.ts` beside it; false (having said why on stderr) when it could not. */
function writeBrowserHelpers(routes: RouteSet, root: string, out: string, io: CliIO): boolean {
  let rendered;
  try {
    rendered = renderBrowserHelpers(routes);
  } catch (error) {
    io.stderr.write(`switchyard js: could not render the browser helpers of ${root}\n${describe(error)}\n`);
    return false;
  }
  const dts = declarationsBeside(out);
  try {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, rendered.js);
    fs.writeFileSync(dts, rendered.dts);
  } catch (error) {
    io.stderr.write(`switchyard js: could not write ${out}\n${describe(error)}\n`);
    return false;
  }
  const shown = (f: string) => path.relative(process.cwd(), f) || f;
  io.stderr.write(`switchyard js: wrote ${shown(out)} (${rendered.exports.length} helpers) and ${shown(dts)}\n`);
  return true;
}

const BUILD_OPTIONS = {
  out: { type: "string", short: "o" },
  check: { type: "boolean" },
  ...ROOT_OPTION,
  ...HELP_OPTION,
} as const satisfies ParseArgsConfig["options"];

/** `switchyard build [--out FILE] [--check]`: the route table as a module of data, and its `.d.ts` beside it. */
async function buildCommand(argv: string[], io: CliIO): Promise<number> {
  const values = commandValues(argv, BUILD_OPTIONS, io);
  if (typeof values === "number") return values;
  const root = path.resolve(values.root ?? process.cwd());
  const out = path.resolve(values.out ?? path.join(root, "config", "routes.built.js"));
  const routes = await load(root, io, { sourceLocations: false });
  if (!routes) return 1;
  let built;
  try {
    built = renderBuiltModule(routes, loadedRoutes(routes)!.files, out);
  } catch (error) {
    // Drawn again with source locations, so that the message names the line of the route it refuses.
    const located = await load(root, io, { sourceLocations: true });
    let reason = error;
    try {
      if (located) renderBuiltModule(located, loadedRoutes(located)!.files, out);
    } catch (again) {
      reason = again;
    }
    io.stderr.write(`switchyard build: could not build the route table of ${root}\n${describe(reason)}\n`);
    return 1;
  }
  const dts = declarationsBeside(out);
  const shown = (f: string) => path.relative(process.cwd(), f) || f;
  if (values.check) {
    const current = fs.existsSync(out) ? fs.readFileSync(out, "utf8") : null;
    if (current === built.js) return 0;
    io.stderr.write(
      `switchyard build --check: ${shown(out)} ${current === null ? "does not exist" : "is out of date with the route files"}: run \`switchyard build\`\n`,
    );
    return FOUND;
  }
  try {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, built.js);
    fs.writeFileSync(dts, built.dts);
  } catch (error) {
    io.stderr.write(`switchyard build: could not write ${out}\n${describe(error)}\n`);
    return 1;
  }
  io.stderr.write(`switchyard build: wrote ${shown(out)} (${routes.routes.length} routes) and ${shown(dts)}\n`);
  return 0;
}

function newCommand(argv: string[], io: CliIO): number {
  const parsed = parse(argv, HELP_OPTION, io, true);
  if (typeof parsed === "number") return parsed;
  if (parsed.values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) return usageError(io, "new needs one DIR: switchyard new my-app");
  return newApp(parsed.positionals[0]!, io);
}

async function generateCommand(argv: string[], io: CliIO): Promise<number> {
  const parsed = parse(argv, { ...ROOT_OPTION, ...HELP_OPTION }, io, true);
  if (typeof parsed === "number") return parsed;
  if (parsed.values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const [kind, name, ...args] = parsed.positionals;
  if (kind !== "resource" && kind !== "controller")
    return usageError(io, `generate needs resource or controller, not ${JSON.stringify(kind ?? "")}`);
  if (name === undefined) return usageError(io, `generate ${kind} needs a NAME: switchyard generate ${kind} photos`);
  return generate(path.resolve(parsed.values.root ?? process.cwd()), kind, name, args, io);
}

async function serveCommand(argv: string[], io: CliIO): Promise<number> {
  const parsed = parse(argv, SERVE_OPTIONS, io);
  if (typeof parsed === "number") return parsed;
  const { values } = parsed;
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const port = parsePort(values.port);
  if (typeof port === "string") return usageError(io, port);
  const running = parseRunning(values, process.env);
  if (typeof running === "string") return usageError(io, running);
  const root = path.resolve(values.root ?? process.cwd());
  // The development pages show where each route was declared; production does without the cost.
  const routes = await load(root, io, { sourceLocations: environment(values.env) === "development" });
  if (!routes) return 1;
  return serve(
    routes,
    {
      root,
      port,
      host: values.host ?? "localhost",
      env: values.env,
      quiet: values.quiet === true,
      // public/ as Rails serves it: in development, else when asked (RAILS_SERVE_STATIC_FILES's equivalent).
      static:
        values.static === true ||
        environment(values.env) === "development" ||
        (process.env.SWITCHYARD_SERVE_STATIC_FILES ?? "") !== "",
      ...running,
      argv,
    },
    io,
  );
}

/** The exit status of `routes --unused`, `--lint` and `--verify` when they found something (1 is a load error, 2 bad usage). */
const FOUND = 3;

/**
 * Loads `<root>/config/routes.ts`, recording each route's source location (as Rails 7.1's
 * commands do: the CLI's output is for people fixing the table); on failure, explains on stderr
 * and resolves to null.
 */
async function load(root: string, io: CliIO, options: DrawOptions = {}): Promise<RouteSet | null> {
  if (!isDirectory(root)) {
    io.stderr.write(`switchyard: ${root} is not a directory (--root must name the application's directory)\n`);
    return null;
  }
  // The files loadRoutes accepts, in its order of preference.
  const candidates = ["routes.ts", "routes.js", "routes.mjs"].map((f) => path.join(root, "config", f));
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file) {
    io.stderr.write(
      `switchyard: no routes file at ${candidates[0]} (run in the application's directory, or pass --root DIR)\n`,
    );
    return null;
  }
  try {
    return await loadRoutes({ ...options, root, sourceLocations: options.sourceLocations ?? true });
  } catch (error) {
    io.stderr.write(`switchyard: could not load the routes in ${file}\n${describe(error)}\n`);
    return null;
  }
}

type Parsed<O extends NonNullable<ParseArgsConfig["options"]>> = ReturnType<
  typeof parseArgs<{ options: O; strict: true; allowPositionals: true }>
>;

function parse<O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: string[],
  options: O,
  io: CliIO,
  allowPositionals = false,
): Parsed<O> | number {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals }) as Parsed<O>;
  } catch (error) {
    return usageError(io, error instanceof Error ? error.message : String(error));
  }
}

/** A command's option values; or its exit code, once `--help` printed the usage (0) or a bad option was reported (2). */
function commandValues<O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: string[],
  options: O,
  io: CliIO,
): Parsed<O>["values"] | number {
  const parsed = parse(argv, options, io);
  if (typeof parsed === "number") return parsed;
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout.write(USAGE);
    return 0;
  }
  return parsed.values;
}

function usageError(io: CliIO, message: string): number {
  io.stderr.write(`switchyard: ${message}\n\n${USAGE}`);
  return 2;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
