// One home per utility: a Rails or Rack rule written twice drifts. Two copies of
// Rack's media type split a Content-Type on `;` in one place and on `[;,]` in the other, so
// `application/x-www-form-urlencoded, text/plain` was a form to recognition and not to the body
// parser; two copies of the protocol regexp disagreed on line anchors. So: no two modules of src/
// export the same name, and each utility that once had two homes is declared, with its data, in
// exactly the module named below — the others import it.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
    );
}

const modules = sourceFiles(src).map((file) => ({
  name: path.relative(src, file).split(path.sep).join("/"),
  text: fs.readFileSync(file, "utf8"),
}));

/** Top-level declarations of a module (`function`, `const`, `let`, `class`, `type`, `interface`, `enum`), exported or not. */
function declarations(text: string): string[] {
  return [
    ...text.matchAll(
      /^(?:export )?(?:declare )?(?:async )?(?:function\*?|const|let|var|(?:abstract )?class|type|interface|enum) ([A-Za-z_$][\w$]*)/gm,
    ),
  ].map((m) => m[1]!);
}

/** The names a module exports as values (functions, constants, classes) and as types (types, interfaces, enums), apart: a type and a value may share a name. */
function exported(text: string): string[] {
  return [
    ...text.matchAll(
      /^export (?:declare )?(?:default )?(?:async )?(function\*?|const|let|var|(?:abstract )?class|type|interface|enum) ([A-Za-z_$][\w$]*)/gm,
    ),
  ].map((m) => `${/^(type|interface)$/.test(m[1]!) ? "type" : "value"} ${m[2]!}`);
}

/** Modules whose export names another program fixes: Node's module hooks (`module.register`) are `initialize`, `resolve` and `load`. */
const NAMED_BY_THE_HOST: ReadonlySet<string> = new Set(["support/app-hooks.ts"]);

test("no two modules of src/ export the same name", () => {
  const homes = new Map<string, string[]>();
  for (const m of modules)
    if (!NAMED_BY_THE_HOST.has(m.name))
      for (const name of exported(m.text)) homes.set(name, [...(homes.get(name) ?? []), m.name]);
  const twice = [...homes]
    .filter(([, where]) => where.length > 1)
    .map(([name, where]) => `${name}: ${where.join(", ")}`);
  assert.deepEqual(twice, []);
});

/**
 * Each utility, the module that is its home, and text only its definition holds. `twins` are
 * modules allowed a copy of the names and marks, each saying why (a script for the browser, kept as
 * text, cannot import; a test runs it against the home): inspect/html-client.ts's normalize_path
 * (test/inspect/html-client.test.ts), the browser helpers' declarations of the option bag, written
 * into a module that imports nothing of the server (test/generate/browser.test.ts).
 */
const UTILITIES: readonly {
  what: string;
  home: string;
  names: readonly string[];
  marks: readonly (string | RegExp)[];
  twins?: readonly string[];
}[] = [
  {
    what: "telling the application's files from switchyard's own and packages'",
    home: "support/own-files.ts",
    names: ["isLibraryFile", "OWN_DIRS"],
    marks: ['["src", "dist", "bin"]'],
  },
  {
    what: "Rack's MediaType.type / Rails' content_mime_type",
    home: "uri/mime.ts",
    names: ["mediaType", "mediaTypeOf"],
    marks: [/split\(\/\[;,\]\//],
  },
  {
    what: "the JSON MIME type's synonyms (Mime[:json])",
    home: "uri/mime.ts",
    names: ["MIME_BY_TYPE", "JSON_TYPES"],
    marks: ["text/x-json", "application/jsonrequest"],
  },
  {
    what: "ERB::Util.html_escape",
    home: "support/html.ts",
    names: ["escapeHtml", "HTML_ESCAPES"],
    marks: ["&#39;", "&quot;"],
  },
  {
    what: "ActionDispatch::Http::URL::PROTOCOL_REGEXP",
    home: "uri/url.ts",
    names: ["PROTOCOL_REGEXP", "protocolPrefix"],
    marks: ["([^:]+)(:)?"],
  },
  { what: "Ruby's Regexp#inspect", home: "support/ruby.ts", names: ["rubyRegexpInspect"], marks: [] },
  {
    what: "loading an application's files (route files, controllers)",
    home: "support/user-files.ts",
    names: ["applicationGraph", "USER_FILE_EXTENSIONS", "findUserFile"],
    marks: ['"tsx/esm/api"', '".mjs"'],
  },
  {
    what: "reading a thrown value safely",
    home: "support/thrown.ts",
    names: ["describeThrown", "isInstance", "thrownSummary"],
    marks: [],
  },
  {
    what: "literal text as regexp source (Regexp.escape)",
    home: "support/regexp-escape.ts",
    names: ["escapeRegExp", "escapeLiteral"],
    marks: [String.raw`[.*+?^${"$"}{}()|[\]\\/]`],
  },
  // the browser's copy (inspect/html-client.ts) is run against normalizeRequestPath by test/inspect/html-client.test.ts
  {
    what: "Journey::Router::Utils.normalize_path",
    home: "uri/path.ts",
    names: ["normalizePath", "normalizeRequestPath"],
    marks: [/%\[a-f0-9\]\{2\}\/g/],
    twins: ["inspect/html-client.ts"],
  },
  {
    what: "a cache that lets go of everything when full",
    home: "support/bounded-cache.ts",
    names: ["BoundedCache"],
    marks: [/\.size >=? [^)]+\)\s*[\w.#]*\.clear\(\)/],
  },
  {
    what: "the request routing sees (constraints, redirects, recognize's request)",
    home: "table/request.ts",
    names: ["RequestInfo", "RecognizeRequest", "RedirectRequest"],
    marks: [/(?:interface|type) \w+(?: =)? \{[^}]*\bhost\??: [^}]*\bheaders\??: /],
  },
  {
    what: "the URL option bag (url_options, default_url_options)",
    home: "table/url-options.ts",
    names: ["UrlOptions", "HelperOptions"],
    marks: [/\btldLength\?:/],
    twins: ["generate/browser/module.ts"],
  },
];

for (const u of UTILITIES) {
  test(`${u.what} has one home, src/${u.home}`, () => {
    assert.ok(
      modules.some((m) => m.name === u.home),
      `src/${u.home} exists`,
    );
    for (const name of u.names) {
      const where = modules.filter((m) => declarations(m.text).includes(name)).map((m) => m.name);
      assert.ok(
        where.every((w) => w === u.home || (u.twins ?? []).includes(w)),
        `${name} is declared in ${where.join(", ")}: declare it in src/${u.home} only, and import it`,
      );
    }
    assert.ok(
      declarations(modules.find((m) => m.name === u.home)!.text).includes(u.names[0]!),
      `src/${u.home} declares ${u.names[0]}`,
    );
    for (const mark of u.marks) {
      const where = modules
        .filter((m) => (typeof mark === "string" ? m.text.includes(mark) : mark.test(m.text)))
        .map((m) => m.name);
      const others = where.filter((w) => !(u.twins ?? []).includes(w));
      assert.deepEqual(
        others,
        [u.home],
        `${String(mark)} appears in ${others.join(", ")}: only src/${u.home} should hold it`,
      );
    }
  });
}
