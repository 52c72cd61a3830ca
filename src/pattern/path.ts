import { type PatternNode, formatNodes, walk } from "./ast.js";
import { parsePattern } from "./parse.js";

/**
 * A parsed route path: the AST plus the facts every consumer asks for (Journey's
 * `Path::Pattern`: `names`, `required_names`, `optional_names`).
 */
export class PathPattern {
  readonly spec: string;
  readonly ast: readonly PatternNode[];
  /** Every `:name` and `*name`, in order of appearance, without repeats. */
  readonly names: readonly string[];
  /** Names outside optional groups. */
  readonly requiredNames: readonly string[];
  /** Names inside optional groups. */
  readonly optionalNames: readonly string[];
  /** Names of `*glob` segments. */
  readonly globNames: readonly string[];

  constructor(spec: string) {
    this.ast = parsePattern(spec);
    this.spec = formatNodes(this.ast);
    const names: string[] = [];
    const optional: string[] = [];
    const globs: string[] = [];
    walk(this.ast, (node, inGroup) => {
      if (node.type !== "symbol" && node.type !== "star") return;
      if (!names.includes(node.name)) names.push(node.name);
      if (inGroup && !optional.includes(node.name)) optional.push(node.name);
      if (node.type === "star") globs.push(node.name);
    });
    this.names = names;
    this.optionalNames = optional;
    this.requiredNames = names.filter((n) => !optional.includes(n));
    this.globNames = globs;
  }

  toString(): string {
    return this.spec;
  }
}
