// npm nests a second copy of a package silently instead of failing (DESIGN.md): two antd copies break
// the theme and types, two react-router copies break Refine's router context. Fail loudly instead.
import { execFileSync } from 'node:child_process';

const packages = ['antd', 'react-router'];
const tree = JSON.parse(execFileSync('npm', ['ls', ...packages, '--all', '--json'], { encoding: 'utf8' }));
const versions = new Map(packages.map((name) => [name, new Set()]));
(function walk(node) {
  for (const [name, child] of Object.entries(node.dependencies ?? {})) {
    if (versions.has(name) && child.version) versions.get(name).add(child.version);
    walk(child);
  }
})(tree);
let failed = false;
for (const [name, found] of versions) {
  console.log(`${name}: ${[...found].join(', ') || 'missing'}`);
  if (found.size !== 1) failed = true;
}
if (failed) {
  console.error('Expected exactly one installed copy of each package above.');
  process.exit(1);
}
