/**
 * A `.cpuprofile` (node --cpu-prof) as text: where the server's time went, top down and bottom up.
 * - self time by function (file:line), the hottest first;
 * - time including callees of the functions of our own code (server/, validation/, resources/), the hottest first;
 * - self time by package or folder (fastify, pg, pino, server/engine, …).
 * With `--svg out.svg`, also a flame graph (icicle, root at the top) of the whole profile.
 *
 *   node --import tsx bench/profile-summary.ts <file.cpuprofile> [--top 25] [--svg out.svg]
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, svg: { type: 'string' } } });
const profile = JSON.parse(fs.readFileSync(positionals[0], 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const top = Number(args.top);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

// Time per sample: the delta before the next one (microseconds).
const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0)));
const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0);

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\/\/?/, '/')
    .replace(/.*\/node_modules\//, '')
    .replace(/.*\/(server|validation|resources|src)\//, '$1/');
const frameName = (node: Node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
};
const area = (node: Node) => {
  const url = node.callFrame.url;
  if (!url) return node.callFrame.functionName || '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/((?:server|validation|resources)\/[^/]+)/.exec(url);
  if (own) return own[1].replace(/\.ts$/, '');
  if (url.startsWith('node:')) return url;
  return shortUrl(url);
};
const percent = (value: number) => `${((100 * value) / total).toFixed(1).padStart(5)} %`;

function tally(key: (node: Node) => string, inclusive: boolean): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const [id, time] of selfTime) {
    if (!inclusive) {
      const name = key(byId.get(id) as Node);
      sums.set(name, (sums.get(name) ?? 0) + time);
      continue;
    }
    // Each function once per stack (recursion counted once).
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
      const name = key(byId.get(current) as Node);
      if (seen.has(name)) continue;
      seen.add(name);
      sums.set(name, (sums.get(name) ?? 0) + time);
    }
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

console.log(`${positionals[0]}: ${(total / 1e6).toFixed(2)} s sampled`);
console.log('\nSelf time by package or folder:');
for (const [name, time] of tally(area, false).slice(0, top)) console.log(`  ${percent(time)}  ${name}`);
console.log('\nSelf time by function:');
for (const [name, time] of tally(frameName, false).slice(0, top)) console.log(`  ${percent(time)}  ${name}`);
console.log('\nTime including callees, our own code:');
const ours = (name: string) => /\b(server|validation|resources)\//.test(name);
for (const [name, time] of tally(frameName, true)
  .filter(([name]) => ours(name))
  .slice(0, top))
  console.log(`  ${percent(time)}  ${name}`);

if (args.svg) fs.writeFileSync(args.svg, flameGraph());

/** An icicle graph: each frame as wide as its time including callees, callees below it; idle and GC as they are. */
function flameGraph(): string {
  const width = 1200;
  const rowHeight = 16;
  const inclusive = new Map<number, number>();
  const sumOf = (id: number): number => {
    const node = byId.get(id) as Node;
    const sum = (selfTime.get(id) ?? 0) + (node.children ?? []).reduce((acc, child) => acc + sumOf(child), 0);
    inclusive.set(id, sum);
    return sum;
  };
  const root = profile.nodes[0].id;
  sumOf(root);
  const boxes: string[] = [];
  let depthMax = 0;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const draw = (id: number, x: number, depth: number) => {
    const time = inclusive.get(id) ?? 0;
    const w = (time / total) * width;
    if (w < 2) return; // narrower frames are left out: the picture stays small enough to keep in the repository
    depthMax = Math.max(depthMax, depth);
    const node = byId.get(id) as Node;
    const name = frameName(node);
    const hue = /\b(server|validation|resources)\//.test(name) ? 20 : /node_modules|^\w+ [a-z@]/.test(name) ? 200 : 90;
    const label = w > 40 ? escape(name).slice(0, Math.floor(w / 6.5)) : '';
    boxes.push(
      `<g><title>${escape(name)} ${percent(time).trim()}</title><rect x="${x.toFixed(1)}" y="${depth * rowHeight}" width="${w.toFixed(1)}" height="${rowHeight - 1}" fill="hsl(${hue},70%,${60 + (depth % 3) * 6}%)"/>${label ? `<text x="${(x + 2).toFixed(1)}" y="${depth * rowHeight + 11}" font-size="10" font-family="monospace">${label}</text>` : ''}</g>`,
    );
    let childX = x;
    for (const child of node.children ?? []) {
      draw(child, childX, depth + 1);
      childX += ((inclusive.get(child) ?? 0) / total) * width;
    }
  };
  draw(root, 0, 0);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${(depthMax + 1) * rowHeight}" viewBox="0 0 ${width} ${(depthMax + 1) * rowHeight}">${boxes.join('')}</svg>\n`;
}
