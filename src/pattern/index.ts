export { parsePattern } from "./parse.js";
export { PathPattern } from "./path.js";
export { normalizeMapperPath, normalizeName, escapeRoutePath } from "./normalize.js";
