import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { antdStylesAttribute as bootAttribute, bootPlanElementId as bootPlanId } from '../boot/start-boot';
import { antdStylesAttribute, antdStylesReady, bootPlanElementId } from './antd-styles-ready';
import { antdStaticCss } from './antd-static-styles';

afterEach(() => {
  document.head.innerHTML = '';
});

// The test browser would fetch the linked files from a server that is not there.
beforeAll(() => {
  const settings = (window as unknown as { happyDOM?: { settings: Record<string, unknown> } }).happyDOM?.settings;
  if (settings) Object.assign(settings, { disableCSSFileLoading: true, disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true });
});

describe("antd's build-time styles", () => {
  it('hold the styles of the shell and the lists and antd’s cache map', () => {
    const css = antdStaticCss();
    for (const component of ['ant-table', 'ant-menu', 'ant-btn', 'ant-select', 'ant-picker', 'ant-pagination', 'ant-input-number'])
      expect(css).toContain(`.${component}`);
    expect(css).toMatch(/\.data-ant-cssinjs-cache-path\{content:"[^"]*Table-Table\|ant-table/);
  });

  it('the shell waits for the file the boot module linked, until it has loaded', async () => {
    const link = document.createElement('link');
    link.setAttribute(antdStylesAttribute, '');
    document.head.appendChild(link);
    let ready = false;
    const waiting = antdStylesReady(5_000).then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    link.dispatchEvent(new Event('load'));
    await waiting;
    expect(ready).toBe(true);
  });

  it('after a sign-in (no boot link), links the file named by the plan, first in <head>; without a plan, waits for nothing', async () => {
    await expect(antdStylesReady(10)).resolves.toBeUndefined();
    expect(document.head.querySelector('link')).toBeNull();
    document.head.innerHTML = `<link rel="stylesheet" href="/assets/index.css"><script type="application/json" id="${bootPlanElementId}">{"antdStyles":"/assets/antd-2.css"}</script>`;
    await antdStylesReady(10); // not loaded in the test browser: never waits longer than asked
    const first = document.head.querySelector('link');
    expect(first?.getAttribute('href')).toBe('/assets/antd-2.css');
    expect(first?.hasAttribute(antdStylesAttribute)).toBe(true);
  });

  it('uses the same names as the boot module', () => {
    expect([antdStylesAttribute, bootPlanElementId]).toEqual([bootAttribute, bootPlanId]);
  });
});
