/**
 * The web app's figures, measured in Debian's Chromium against the running server:
 * - JavaScript (gzip) that /login downloads, and that / downloads after sign-in (each script the page
 *   loaded, gzip-compressed from dist/ at level 9, as scripts/measure-login-js.mjs counts);
 * - time from navigation to the orders table rendered (the first row visible), cold cache, median of 3;
 * - Lighthouse performance score (desktop preset) for /login and for / signed in.
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
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DIST = path.join(ROOT, 'dist');

export interface WebResult {
  loginJsManifestKb: number;
  loginJsKb: number;
  homeJsKb: number;
  ordersReadyMs: number[];
  lighthouseLogin: number;
  lighthouseHome: number;
}

function gzipKbOf(urls: Set<string>): number {
  let total = 0;
  for (const url of urls) {
    const file = path.join(DIST, new URL(url).pathname);
    if (fs.existsSync(file)) total += gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return total / 1024;
}

function manifestLoginKb(): number {
  try {
    const output = execFileSync(process.execPath, [path.join(ROOT, 'scripts/measure-login-js.mjs')], { encoding: 'utf8' });
    return Number(/\/login JavaScript: ([\d.]+) KB/.exec(output)?.[1] ?? NaN);
  } catch (error) {
    // It exits 1 above its budget and still prints the figure.
    const output = String((error as { stdout?: string }).stdout ?? '');
    return Number(/\/login JavaScript: ([\d.]+) KB/.exec(output)?.[1] ?? NaN);
  }
}

async function scriptsLoaded(browser: Browser, url: string, token: string | null, readySelector: string | null): Promise<{ kb: number; readyMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-US' });
  if (token) await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  let readyMs = NaN;
  if (readySelector) {
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 60_000 });
    readyMs = Date.now() - started;
  }
  await page.waitForLoadState('networkidle').catch(() => {});
  await context.close();
  return { kb: gzipKbOf(scripts), readyMs };
}

async function lighthouseScore(url: string, token: string | null): Promise<number> {
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
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(token) }, desktopConfig);
    const lhr = result?.lhr;
    const metric = (id: string) => lhr?.audits[id]?.displayValue ?? 'n/a';
    console.log(`  Lighthouse ${url}: performance ${lhr?.categories.performance?.score ?? 'none'}; FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}${lhr?.runtimeError ? `; runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : ''}`);
    // No score (the page failed to load or paint) is not a measured 0.
    const score = lhr?.categories.performance?.score;
    return typeof score === 'number' ? Math.round(score * 100) : NaN;
  } finally {
    await chrome.kill();
  }
}

export async function measureWeb(baseUrl: string, token: string): Promise<WebResult> {
  const loginJsManifestKb = manifestLoginKb();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  let loginJsKb = NaN;
  let homeJsKb = NaN;
  const ordersReadyMs: number[] = [];
  try {
    loginJsKb = (await scriptsLoaded(browser, `${baseUrl}/login`, null, 'input')).kb;
    for (let run = 0; run < 3; run += 1) {
      const home = await scriptsLoaded(browser, `${baseUrl}/`, token, '.ant-table-tbody tr.ant-table-row');
      homeJsKb = home.kb;
      ordersReadyMs.push(home.readyMs);
    }
  } finally {
    await browser.close();
  }
  const lighthouseLogin = await lighthouseScore(`${baseUrl}/login`, null);
  const lighthouseHome = await lighthouseScore(`${baseUrl}/`, token);
  return { loginJsManifestKb, loginJsKb, homeJsKb, ordersReadyMs, lighthouseLogin, lighthouseHome };
}
