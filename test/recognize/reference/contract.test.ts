// The recognition contract (../contract.case.ts), kept by the reference strategy.
import { ReferenceStrategy } from "../../../src/recognize/reference/index.js";
import { runRecognizerContract } from "../contract.case.js";

runRecognizerContract("reference", (routes) => new ReferenceStrategy(routes));
