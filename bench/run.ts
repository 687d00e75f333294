// `npm run bench`: every benchmark, printed as ratios against a baseline measured in the same run.
import { benchChatApi } from "./chat-api.js";
import { formatComparison } from "./measure.js";

const results = [...(await benchChatApi())];
for (const result of results) console.log(formatComparison(result));
