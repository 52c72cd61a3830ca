/**
 * `switchyard new DIR`: a new application, as `rails new` makes one — `config/routes.ts`,
 * `app/controllers/` with a home page, `app/models/`, a layout in `app/views/layouts/`, `public/`
 * (served by `switchyard serve`), `test/` with a routing test and an integration test, a
 * `tsconfig.json`, and a `package.json` whose scripts are `dev` (serve, reloading), `start`
 * (production), `test`, `routes`, `types` and `typecheck`. It installs nothing: it says what to run.
 * `npm create switchyard@latest DIR` runs it (packages/create-switchyard).
 */
import fs from "node:fs";
import path from "node:path";
import { renderHelperTypes } from "../generate/declarations.js";
import { draw } from "../draw.js";
import { packageFile } from "../support/own-files.js";

/** Where an application's typed helpers are written (`npm run types`). */
export const ROUTE_TYPES_FILE = "app/routes.d.ts";

/** A package name npm accepts, from the directory's name: lower case, URL-safe, at most 214 characters. */
export function packageName(dir: string): string {
  const name = path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._-]+|-+$/g, "")
    .slice(0, 214);
  return name === "" ? "app" : name;
}

/** This package's templates: templates/app/ (`new`), templates/resource/ and templates/controller/ (`generate`). */
const TEMPLATES = "templates";

/**
 * The template `file` (under templates/) with each `{{key}}` replaced by `values[key]`; a key
 * without a value is an error, so a template and its caller cannot drift apart unseen.
 */
export function renderTemplate(file: string, values: Readonly<Record<string, string>>): string {
  const text = fs.readFileSync(packageFile(path.join(TEMPLATES, file)), "utf8");
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!Object.hasOwn(values, key)) throw new Error(`templates/${file} uses {{${key}}}, which is not given`);
    return values[key]!;
  });
}

/** The files under templates/`dir`, relative to it, each without its `.tmpl`. */
function templateFiles(dir: string): string[] {
  return fs
    .readdirSync(packageFile(path.join(TEMPLATES, dir)), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? templateFiles(`${dir}/${e.name}`).map((f) => `${e.name}/${f}`)
        : e.name.endsWith(".tmpl")
          ? [e.name.slice(0, -".tmpl".length)]
          : [],
    );
}

/** The files of a new application named `name`, depending on switchyard `version`: path to content. */
function appFiles(name: string, version: string): Record<string, string> {
  const values = { name, nameLiteral: JSON.stringify(name), typesFile: ROUTE_TYPES_FILE };
  const files: Record<string, string> = {};
  for (const file of templateFiles("app")) files[file] = renderTemplate(`app/${file}.tmpl`, values);
  // (npm leaves a package's .gitignore out of it, so this one is written here.)
  files[".gitignore"] = "node_modules/\n";
  files["app/models/.keep"] = "";
  files["package.json"] = `${JSON.stringify(
    {
      name,
      version: "0.1.0",
      private: true,
      type: "module",
      engines: { node: ">=20.19" },
      scripts: {
        dev: "switchyard serve",
        start: "switchyard serve --env production",
        test: "node --import tsx --test test/*.test.ts",
        routes: "switchyard routes",
        types: `switchyard types --out ${ROUTE_TYPES_FILE}`,
        typecheck: "tsc --noEmit",
      },
      dependencies: { switchyard: `^${version}` },
      devDependencies: { "@types/node": "^20.19.0", tsx: "^4.20.0", typescript: "^5.9.0" },
    },
    null,
    2,
  )}\n`;
  files["tsconfig.json"] = `${JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2023"],
        types: ["node"],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        forceConsistentCasingInFileNames: true,
      },
      include: ["app", "config", "test"],
    },
    null,
    2,
  )}\n`;
  return files;
}

/** Where `switchyard new` writes and what it says. */
export interface NewAppIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

/** `switchyard new DIR`: writes the application; returns the exit code (1: DIR is not empty or cannot be written). */
export function newApp(dir: string, io: NewAppIO): number {
  const target = path.resolve(dir);
  if (fs.existsSync(target) && (!fs.statSync(target).isDirectory() || fs.readdirSync(target).length > 0)) {
    io.stderr.write(`switchyard new: ${target} already exists and is not an empty directory (name a new one)\n`);
    return 1;
  }
  const { version } = JSON.parse(fs.readFileSync(packageFile("package.json"), "utf8")) as { version: string };
  const files = appFiles(packageName(target), version);
  try {
    for (const [file, content] of Object.entries(files)) writeFile(target, file, content);
    // The helpers of config/routes.ts as written above (it imports switchyard, not installed yet).
    writeFile(target, ROUTE_TYPES_FILE, renderHelperTypes(draw((r) => r.root("pages#home"))));
  } catch (error) {
    io.stderr.write(
      `switchyard new: could not write ${target}\n${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const shown = path.relative(process.cwd(), target) || ".";
  for (const file of [...Object.keys(files), ROUTE_TYPES_FILE].sort()) io.stdout.write(`      create  ${file}\n`);
  io.stdout.write(
    `\nDone. Now run:\n\n  cd ${shown}\n  npm install\n  npm run dev\n\nand open http://localhost:3000\n`,
  );
  return 0;
}

/** Writes `content` to `file` under `root`, making its directory. */
export function writeFile(root: string, file: string, content: string): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content.endsWith("\n") || content === "" ? content : `${content}\n`);
}
