// The compiled recognition strategy: per verb, a token trie laid out flat, a map of static paths,
// and the routes only a regexp can match. Its files and the measured choices behind it: README.md.

export { compileStrategy } from "./compile.js";
