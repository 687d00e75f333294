import { englishCatalogueTextIn } from "../test/helpers/korean.js";
import { readFileSync } from "node:fs";
