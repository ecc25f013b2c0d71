/**
 * The web app's figures, measured in Debian's Chromium against the running server:
 * - JavaScript (gzip) that /login downloads, and that / downloads after sign-in (each script the page
 *   loaded, gzip-compressed from dist/ at level 9, as scripts/measure-login-js.mjs counts);
 * - time from navigation to the orders table rendered (the first row visible), cold cache, median of 3;
 * - Lighthouse performance score (desktop preset) for /login and for / signed in. A Lighthouse run that
 *   fails (no score: NO_NAVSTART, a page that never painted) is run again, up to 2 more times, and the
 *   attempt that gave the score is reported; a failure is never counted as a score of 0.
 * bench/measure-web.mjs is the command line over these functions (with the request waterfall).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { ROOT } from './processes';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DIST = path.join(ROOT, 'dist');
/** The orders page is ready when the table's first row is visible. */
export const ORDERS_READY_SELECTOR = '.ant-table-tbody tr.ant-table-row';
/** A failed Lighthouse run is tried again this many times. */
export const LIGHTHOUSE_RETRIES = 2;

export interface WebResult {
  loginJsManifestKb: number;
  loginJsKb: number;
  homeJsKb: number;
  ordersReadyMs: number[];
  lighthouseLogin: number;
  lighthouseHome: number;
  /** Which Lighthouse attempt (1 = the first) gave the score, or the attempts made when none did. */
  lighthouseLoginAttempt?: number;
  lighthouseHomeAttempt?: number;
}

export interface RequestTiming {
  url: string;
  resourceType: string;
  /** ms from the start of the navigation. */
  start: number;
  end?: number;
}

export interface PageVisit {
  /** Gzip KB of the scripts the page loaded. */
  kb: number;
  /** ms from navigation to the ready selector visible (NaN without one). */
  readyMs: number;
  requests: RequestTiming[];
}

export interface LighthouseOutcome {
  /** 0–100, or NaN when every attempt failed. */
  score: number;
  /** The attempt that gave the score (1-based), or the number of attempts made when none did. */
  attempt: number;
  /** FCP, LCP, TBT, CLS and SI of the scoring run, or the errors of the failed ones. */
  detail: string;
}

function gzipKbOf(urls: Iterable<string>, distDir = DIST): number {
  let total = 0;
  for (const url of urls) {
    const file = path.join(distDir, new URL(url).pathname);
    if (fs.existsSync(file)) total += gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return total / 1024;
}

export function manifestLoginKb(): number {
  try {
    const output = execFileSync(process.execPath, [path.join(ROOT, 'scripts/measure-login-js.mjs')], { encoding: 'utf8' });
    return Number(/\/login JavaScript: ([\d.]+) KB/.exec(output)?.[1] ?? NaN);
  } catch (error) {
    // It exits 1 above its budget and still prints the figure.
    const output = String((error as { stdout?: string }).stdout ?? '');
    return Number(/\/login JavaScript: ([\d.]+) KB/.exec(output)?.[1] ?? NaN);
  }
}

/** Signs in through the API (as the web app does) and answers the session token. */
export async function signIn(baseUrl: string, login: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'measure' },
    body: JSON.stringify({ login, password }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/**
 * Opens `url` in a fresh context (cold cache), signed in with `token` when given, and answers the gzip KB
 * of the scripts it loaded, the time until `readySelector` is visible and every request's timing.
 */
export async function visitPage(
  browser: Browser,
  url: string,
  token: string | null,
  readySelector: string | null,
  options: { cpuThrottling?: number; distDir?: string } = {},
): Promise<PageVisit> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-US' });
  try {
    if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
    const page = await context.newPage();
    if (options.cpuThrottling && options.cpuThrottling > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottling });
    }
    const scripts = new Set<string>();
    const timings = new Map<object, RequestTiming>();
    const started = Date.now();
    page.on('request', (request) => timings.set(request, { url: request.url(), resourceType: request.resourceType(), start: Date.now() - started }));
    page.on('requestfinished', (request) => {
      const timing = timings.get(request);
      if (timing) timing.end = Date.now() - started;
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
    return { kb: gzipKbOf(scripts, options.distDir), readyMs, requests: [...timings.values()] };
  } finally {
    await context.close();
  }
}

/** One Lighthouse run (desktop preset, performance only) in a fresh Chromium: the score or why there is none. */
async function lighthouseOnce(url: string, token: string | null, reportFile?: string): Promise<{ score: number; detail: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    if (token) {
      // Put the session token where the web app reads it, then let Lighthouse keep the storage.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL('/login', url).toString());
      await page.evaluate((value) => window.localStorage.setItem('token', value), token);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(token) },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (reportFile && lhr) fs.writeFileSync(reportFile, JSON.stringify(lhr));
    const metric = (id: string) => lhr?.audits[id]?.displayValue ?? 'n/a';
    const score = lhr?.categories.performance?.score;
    const detail = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}${lhr?.runtimeError ? `; runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : ''}`;
    // No score (the page failed to load or paint, or the trace lacks its navigation start) is not a measured 0.
    return { score: typeof score === 'number' && !lhr?.runtimeError ? Math.round(score * 100) : NaN, detail };
  } catch (error) {
    return { score: NaN, detail: `failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    chrome.kill();
  }
}

/**
 * The Lighthouse performance score of `url`: a run that gives no score is tried again up to `retries`
 * times; the outcome says which attempt scored. `reportFile` keeps the last run's report (JSON).
 */
export async function lighthouseScore(
  url: string,
  token: string | null,
  options: { retries?: number; reportFile?: string; run?: typeof lighthouseOnce } = {},
): Promise<LighthouseOutcome> {
  const { retries = LIGHTHOUSE_RETRIES, run = lighthouseOnce } = options;
  const failures: string[] = [];
  for (let attempt = 1; attempt <= retries + 1; attempt += 1) {
    const outcome = await run(url, token, options.reportFile);
    console.log(`  Lighthouse ${url}, attempt ${attempt}: performance ${Number.isNaN(outcome.score) ? 'none' : outcome.score}; ${outcome.detail}`);
    if (!Number.isNaN(outcome.score)) return { score: outcome.score, attempt, detail: outcome.detail };
    failures.push(`attempt ${attempt}: ${outcome.detail}`);
  }
  return { score: NaN, attempt: retries + 1, detail: failures.join('; ') };
}

export async function measureWeb(baseUrl: string, token: string): Promise<WebResult> {
  const loginJsManifestKb = manifestLoginKb();
  const browser = await launchChromium();
  let loginJsKb = NaN;
  let homeJsKb = NaN;
  const ordersReadyMs: number[] = [];
  try {
    loginJsKb = (await visitPage(browser, `${baseUrl}/login`, null, 'input')).kb;
    for (let run = 0; run < 3; run += 1) {
      const home = await visitPage(browser, `${baseUrl}/`, token, ORDERS_READY_SELECTOR);
      homeJsKb = home.kb;
      ordersReadyMs.push(home.readyMs);
    }
  } finally {
    await browser.close();
  }
  const login = await lighthouseScore(`${baseUrl}/login`, null);
  const home = await lighthouseScore(`${baseUrl}/`, token);
  return {
    loginJsManifestKb,
    loginJsKb,
    homeJsKb,
    ordersReadyMs,
    lighthouseLogin: login.score,
    lighthouseHome: home.score,
    lighthouseLoginAttempt: login.attempt,
    lighthouseHomeAttempt: home.attempt,
  };
}
