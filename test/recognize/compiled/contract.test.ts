// The recognition contract (../contract.case.ts), kept by the compiled strategy.
import { CompiledStrategy } from "../../../src/recognize/compiled/index.js";
import { runRecognizerContract } from "../contract.case.js";

runRecognizerContract("compiled", (routes) => new CompiledStrategy(routes));
