// The web app's figures against a running server, measured by bench/web.ts's own functions (the ones
// `npm run bench` uses), plus the request waterfall of the orders page (what it waits for, and when):
//   node --import tsx bench/measure-web.mjs [--url http://localhost:3000] [--login bulk.large.owner]
//     [--password fleetdesk-bulk-2024] [--runs 3] [--lighthouse] [--report-dir DIR] [--waterfall] [--throttle N]
// - JavaScript (gzip, level 9, of the files in dist/) that /login and / (signed in) download;
// - time from navigation to the first row of the orders table, cold cache (median of --runs);
// - with --lighthouse, the Lighthouse performance score (desktop preset) of /login and / signed in, a
//   failed run tried again up to 2 times (--report-dir keeps each page's report as JSON).
// Chromium: CHROMIUM_PATH or /usr/bin/chromium. Prints the load average first: figures on a busy
// machine are slower than on an idle one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, lighthouseScore, ORDERS_READY_SELECTOR, signIn, visitPage } from './web.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    login: { type: 'string', default: 'bulk.large.owner' },
    password: { type: 'string', default: 'fleetdesk-bulk-2024' },
    runs: { type: 'string', default: '3' },
    lighthouse: { type: 'boolean', default: false },
    'report-dir': { type: 'string' },
    waterfall: { type: 'boolean', default: false },
    throttle: { type: 'string', default: '1' },
  },
});
const base = args.url.replace(/\/$/, '');
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`load average ${loadAverage()} on ${os.cpus().length} cores`);
const token = await signIn(base, args.login, args.password);
const browser = await launchChromium();
try {
  const login = await visitPage(browser, `${base}/login`, null, 'input');
  console.log(`/login JavaScript: ${login.kb.toFixed(1)} KB gzip, input visible after ${login.readyMs} ms`);
  const ready = [];
  let last;
  for (let run = 0; run < Number(args.runs); run += 1) {
    last = await visitPage(browser, `${base}/`, token, ORDERS_READY_SELECTOR, { cpuThrottling: Number(args.throttle) });
    ready.push(last.readyMs);
  }
  console.log(`/ JavaScript (signed in): ${last.kb.toFixed(1)} KB gzip`);
  console.log(`orders table ready: ${ready.join(', ')} ms (median ${median(ready)} ms)`);
  if (args.waterfall) {
    for (const { url, resourceType, start, end } of last.requests) {
      console.log(`  ${String(start).padStart(5)} → ${String(end ?? '?').padStart(5)} ms  ${resourceType.padEnd(10)} ${url.replace(base, '').slice(0, 110)}`);
    }
  }
} finally {
  await browser.close();
}
if (args.lighthouse) {
  if (args['report-dir']) fs.mkdirSync(args['report-dir'], { recursive: true });
  const reportFile = (name) => (args['report-dir'] ? path.join(args['report-dir'], `lighthouse-${name}.json`) : undefined);
  const login = await lighthouseScore(`${base}/login`, null, { reportFile: reportFile('login') });
  console.log(`Lighthouse /login: ${login.score} (attempt ${login.attempt}; ${login.detail})`);
  const home = await lighthouseScore(`${base}/`, token, { reportFile: reportFile('home') });
  console.log(`Lighthouse / signed in: ${home.score} (attempt ${home.attempt}; ${home.detail})`);
}
console.log(`load average after ${loadAverage()}`);
