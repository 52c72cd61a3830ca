export type { PatternNode, LiteralNode, SlashNode, DotNode, SymbolNode, StarNode, GroupNode, OrNode } from "./ast.js";
export { formatNodes, walk } from "./ast.js";
export { parsePattern } from "./parse.js";
export { PathPattern } from "./path.js";
export { normalizeMapperPath, normalizeName, escapeRoutePath } from "./normalize.js";
