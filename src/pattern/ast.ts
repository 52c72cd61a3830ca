/**
 * The path pattern AST (Journey's nodes, without Journey's binary `Cat` chains: a sequence
 * is a plain array). One parse per distinct path at draw time; the spec string, the matcher and
 * the URL formatter are each one walk over it.
 */
export type PatternNode = LiteralNode | SlashNode | DotNode | SymbolNode | StarNode | GroupNode | OrNode;

/** Literal text, already URI-escaped as Rails escapes route paths (`café` -> `caf%C3%A9`). */
interface LiteralNode {
  readonly type: "literal";
  readonly value: string;
}
export interface SlashNode {
  readonly type: "slash";
}
export interface DotNode {
  readonly type: "dot";
}
/** `:name` — one dynamic segment (default pattern `[^./?]+`). */
interface SymbolNode {
  readonly type: "symbol";
  readonly name: string;
}
/** `*name` — a glob; matches across `/` (non-greedy `.+?` when the route is formatted). */
interface StarNode {
  readonly type: "star";
  readonly name: string;
}
/** `( ... )` — an optional group. */
interface GroupNode {
  readonly type: "group";
  readonly children: readonly PatternNode[];
}
/** `a|b` — alternatives (rare in routes; each alternative is a sequence). */
interface OrNode {
  readonly type: "or";
  readonly alternatives: readonly (readonly PatternNode[])[];
}

/** Prints a sequence back as its spec (`/photos/:id(.:format)`), as Journey's String visitor. */
export function formatNodes(nodes: readonly PatternNode[]): string {
  let out = "";
  for (const node of nodes) out += formatNode(node);
  return out;
}

function formatNode(node: PatternNode): string {
  switch (node.type) {
    case "literal":
      return node.value;
    case "slash":
      return "/";
    case "dot":
      return ".";
    case "symbol":
      return `:${node.name}`;
    case "star":
      return `*${node.name}`;
    case "group":
      return `(${formatNodes(node.children)})`;
    case "or":
      return node.alternatives.map(formatNodes).join("|");
  }
}

/** Visits every node depth-first, in order. */
export function walk(
  nodes: readonly PatternNode[],
  visit: (node: PatternNode, optional: boolean) => void,
  optional = false,
): void {
  for (const node of nodes) {
    visit(node, optional);
    if (node.type === "group") walk(node.children, visit, true);
    else if (node.type === "or") for (const alt of node.alternatives) walk(alt, visit, optional);
  }
}
