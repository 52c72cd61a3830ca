// The recognition contract (../contract.case.ts), kept by the compiled strategy, compiled and as a
// built table reads it back: written as data (JSON text, as `switchyard build` writes it) and
// restored without compiling.
import { compileStrategy } from "../../../src/recognize/compiled/index.js";
import { restoreStrategy, strategyData } from "../../../src/recognize/compiled/data.js";
import { runRecognizerContract } from "../contract.case.js";

runRecognizerContract("compiled", (routes) => compileStrategy(routes));
runRecognizerContract(
  "compiled",
  (routes) => restoreStrategy(routes, JSON.parse(JSON.stringify(strategyData(compileStrategy(routes))))),
  "compiled, written as data and read back",
);
