import { testCatalog } from '/work/wt/agents/test/helper.js';
import { toolDefinitions } from '/work/wt/agents/src/model/tools.js';
const catalog = await testCatalog();
const defs = toolDefinitions(catalog);
let total = 0;
for (const d of defs) {
  const all = JSON.stringify(d).length;
  total += all;
  console.log(d.name.padEnd(18), 'all', all, 'desc', d.description.length, 'in', JSON.stringify(d.inputSchema).length, 'out', JSON.stringify(d.outputSchema).length);
}
console.log('total', total);
if (process.argv[2]) console.log(JSON.stringify(defs.find(d=>d.name===process.argv[2])));
