// The web app's figures against a running server, as bench/web.ts measures them, plus the request
// waterfall of the orders page (what it waits for, and when), to see where the time goes:
//   node scripts/measure-web.mjs [--url http://localhost:3000] [--login bulk.large.owner]
//     [--password fleetdesk-bulk-2024] [--dist dist] [--runs 3] [--lighthouse] [--waterfall]
// - JavaScript (gzip, level 9, of the files in --dist) that /login and / (signed in) download;
// - time from navigation to the first row of the orders table, cold cache (median of --runs);
// - with --lighthouse, the Lighthouse performance score (desktop preset) of /login and / signed in.
// Chromium: CHROMIUM_PATH or /usr/bin/chromium. Prints the load average first: figures on a busy
// machine are slower than on an idle one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    login: { type: 'string', default: 'bulk.large.owner' },
    password: { type: 'string', default: 'fleetdesk-bulk-2024' },
    dist: { type: 'string', default: 'dist' },
    runs: { type: 'string', default: '3' },
    lighthouse: { type: 'boolean', default: false },
    waterfall: { type: 'boolean', default: false },
    throttle: { type: 'string', default: '1' },
  },
});
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const base = args.url.replace(/\/$/, '');
const dist = path.resolve(args.dist);
const READY = '.ant-table-tbody tr.ant-table-row';

const gzipKb = (urls) => {
  let total = 0;
  for (const url of urls) {
    const file = path.join(dist, new URL(url).pathname);
    if (fs.existsSync(file)) total += gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return total / 1024;
};

async function signIn() {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'measure' },
    body: JSON.stringify({ login: args.login, password: args.password }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return (await response.json()).data.token;
}

async function visit(browser, url, token, readySelector) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-US' });
  if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const page = await context.newPage();
  if (Number(args.throttle) > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.throttle) });
  }
  const scripts = new Set();
  const requests = [];
  const started = Date.now();
  page.on('request', (request) => requests.push({ request, start: Date.now() - started }));
  page.on('requestfinished', (request) => {
    const entry = requests.find((candidate) => candidate.request === request);
    if (entry) entry.end = Date.now() - started;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto(url, { waitUntil: 'commit' });
  let readyMs = NaN;
  if (readySelector) {
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 60_000 });
    readyMs = Date.now() - started;
  }
  await page.waitForLoadState('networkidle').catch(() => {});
  await context.close();
  return { kb: gzipKb(scripts), readyMs, requests };
}

async function lighthouseScore(url, token) {
  const [{ default: lighthouse }, chromeLauncher, { default: desktopConfig }, { default: puppeteer }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('lighthouse/core/config/desktop-config.js'),
    import('puppeteer-core'),
  ]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    if (token) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/login', url).toString());
      await page.evaluate((value) => window.localStorage.setItem('token', value), token);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(token) }, desktopConfig);
    const lhr = result.lhr;
    const audit = (id) => lhr.audits[id]?.displayValue ?? '';
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      detail: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')}`,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
const token = await signIn();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
try {
  const login = await visit(browser, `${base}/login`, null, 'input');
  console.log(`/login JavaScript: ${login.kb.toFixed(1)} KB gzip, input visible after ${login.readyMs} ms`);
  const ready = [];
  let last;
  for (let run = 0; run < Number(args.runs); run += 1) {
    last = await visit(browser, `${base}/`, token, READY);
    ready.push(last.readyMs);
  }
  console.log(`/ JavaScript (signed in): ${last.kb.toFixed(1)} KB gzip`);
  console.log(`orders table ready: ${ready.join(', ')} ms (median ${median(ready)} ms)`);
  if (args.waterfall) {
    for (const { request, start, end } of last.requests) {
      const url = request.url().replace(base, '');
      console.log(`  ${String(start).padStart(5)} → ${String(end ?? '?').padStart(5)} ms  ${request.resourceType().padEnd(10)} ${url.slice(0, 110)}`);
    }
  }
} finally {
  await browser.close();
}
if (args.lighthouse) {
  const login = await lighthouseScore(`${base}/login`, null);
  console.log(`Lighthouse /login: ${login.score} (${login.detail})`);
  const home = await lighthouseScore(`${base}/`, token);
  console.log(`Lighthouse / signed in: ${home.score} (${home.detail})`);
}
console.log(`load average after ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
