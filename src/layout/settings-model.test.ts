import { describe, expect, it } from 'vitest';
import {
  defaultLayoutSettings,
  layoutReducer,
  layoutStorageKey,
  parseLayoutSettings,
  serializeLayoutSettings,
  sidebarPresentation,
  type LayoutAction,
  type LayoutSettings,
} from './settings-model';
import { createSettingsStore } from './settings-store';

const apply = (state: LayoutSettings, ...actions: LayoutAction[]) => actions.reduce(layoutReducer, state);

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('layout settings defaults', () => {
  it('start vertical, light, fluid, dark sidebar, default sidebar type, dark topbar, sidebar visible', () => {
    expect(defaultLayoutSettings).toMatchObject({
      layout: 'vertical',
      mode: 'light',
      width: 'fluid',
      sidebarTheme: 'dark',
      sidebarType: 'default',
      topbarTheme: 'dark',
      sidebarVisible: true,
      sidebarImage: 'none',
      preloader: false,
    });
  });
});

describe('layoutReducer', () => {
  it('forces the icon sidebar when the width becomes boxed', () => {
    const state = apply(defaultLayoutSettings, { type: 'setSidebarType', sidebarType: 'compact' }, { type: 'setWidth', width: 'boxed' });
    expect(state.width).toBe('boxed');
    expect(state.sidebarType).toBe('icon');
  });

  it('restores the default sidebar when the width goes back to fluid', () => {
    const state = apply(defaultLayoutSettings, { type: 'setWidth', width: 'boxed' }, { type: 'setWidth', width: 'fluid' });
    expect(state.sidebarType).toBe('default');
  });

  it('restores the default sidebar when the width becomes scrollable', () => {
    const state = apply(defaultLayoutSettings, { type: 'setSidebarType', sidebarType: 'condensed' }, { type: 'setWidth', width: 'scrollable' });
    expect(state).toMatchObject({ width: 'scrollable', sidebarType: 'default' });
  });

  it('offers the colored topbar only in the horizontal layout', () => {
    expect(apply(defaultLayoutSettings, { type: 'setTopbarTheme', topbarTheme: 'colored' }).topbarTheme).toBe('dark');
    const horizontal = apply(defaultLayoutSettings, { type: 'setLayout', layout: 'horizontal' }, { type: 'setTopbarTheme', topbarTheme: 'colored' });
    expect(horizontal.topbarTheme).toBe('colored');
    expect(layoutReducer(horizontal, { type: 'setLayout', layout: 'vertical' }).topbarTheme).toBe('dark');
  });

  it('switches the colour mode and keeps every other option', () => {
    const state = apply(defaultLayoutSettings, { type: 'setSidebarTheme', sidebarTheme: 'winter' }, { type: 'setMode', mode: 'dark' });
    expect(state).toEqual({ ...defaultLayoutSettings, sidebarTheme: 'winter', mode: 'dark' });
  });

  it('toggles the sidebar on wide screens and the drawer on mobile', () => {
    expect(layoutReducer(defaultLayoutSettings, { type: 'toggleSidebar' }).sidebarVisible).toBe(false);
    const mobile = layoutReducer(defaultLayoutSettings, { type: 'setMobile', isMobile: true });
    const opened = layoutReducer(mobile, { type: 'toggleSidebar' });
    expect(opened).toMatchObject({ mobileMenuOpen: true, sidebarVisible: true });
    expect(layoutReducer(opened, { type: 'setMobile', isMobile: false }).mobileMenuOpen).toBe(false);
    expect(layoutReducer(opened, { type: 'closeMobileMenu' }).mobileMenuOpen).toBe(false);
  });

  it('returns the same object when nothing changes, so subscribers are not woken', () => {
    expect(layoutReducer(defaultLayoutSettings, { type: 'setMobile', isMobile: false })).toBe(defaultLayoutSettings);
    expect(layoutReducer(defaultLayoutSettings, { type: 'closeMobileMenu' })).toBe(defaultLayoutSettings);
  });

  it('resets to the defaults but keeps the open panel and the screen size', () => {
    const changed = apply(
      defaultLayoutSettings,
      { type: 'setMode', mode: 'dark' },
      { type: 'setLayout', layout: 'horizontal' },
      { type: 'setSettingsPanelOpen', open: true },
      { type: 'reset' },
    );
    expect(changed).toEqual({ ...defaultLayoutSettings, settingsPanelOpen: true });
  });
});

describe('sidebarPresentation', () => {
  it('becomes a drawer at 998 px and below, whatever the layout', () => {
    expect(sidebarPresentation(defaultLayoutSettings, 998)).toBe('drawer');
    expect(sidebarPresentation({ ...defaultLayoutSettings, layout: 'horizontal' }, 600)).toBe('drawer');
    expect(sidebarPresentation(defaultLayoutSettings, 999)).toBe('default');
  });

  it('draws no sidebar in the horizontal layout on wide screens', () => {
    expect(sidebarPresentation({ ...defaultLayoutSettings, layout: 'horizontal' }, 1400)).toBe('none');
  });

  it('collapses a hidden sidebar to its icons', () => {
    expect(sidebarPresentation({ ...defaultLayoutSettings, sidebarVisible: false }, 1400)).toBe('icon');
  });

  it('draws the condensed sidebar as condensed from 992 px on', () => {
    const condensed = { ...defaultLayoutSettings, sidebarType: 'condensed' as const };
    expect(sidebarPresentation(condensed, 1200)).toBe('condensed');
    expect(sidebarPresentation({ ...defaultLayoutSettings, sidebarType: 'compact' }, 1200)).toBe('compact');
  });
});

describe('persistence', () => {
  it('round-trips every persisted option through one versioned JSON object', () => {
    const changed: LayoutSettings = {
      layout: 'horizontal',
      mode: 'dark',
      width: 'scrollable',
      topbarTheme: 'colored',
      sidebarType: 'compact',
      sidebarTheme: 'greatwhale',
      sidebarImage: 'img4',
      preloader: true,
      settingsPanelOpen: true,
      isMobile: false,
      sidebarVisible: false,
      mobileMenuOpen: true,
    };
    const text = serializeLayoutSettings(changed);
    expect(JSON.parse(text).version).toBe(1);
    expect(parseLayoutSettings(text)).toEqual({ ...changed, mobileMenuOpen: false });
  });

  it('falls back to the defaults for missing, broken or foreign data', () => {
    expect(parseLayoutSettings(null)).toEqual(defaultLayoutSettings);
    expect(parseLayoutSettings('{not json')).toEqual(defaultLayoutSettings);
    expect(parseLayoutSettings(JSON.stringify({ version: 99, settings: { mode: 'dark' } }))).toEqual(defaultLayoutSettings);
  });

  it('keeps valid options and replaces invalid ones one by one', () => {
    const text = JSON.stringify({ version: 1, settings: { mode: 'dark', width: 'huge', sidebarTheme: 'plumplate', preloader: 'yes' } });
    expect(parseLayoutSettings(text)).toEqual({ ...defaultLayoutSettings, mode: 'dark', sidebarTheme: 'plumplate' });
  });

  it('saves each change in storage and a new store (a reload) restores it', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage, 1400);
    store.dispatch({ type: 'setMode', mode: 'dark' });
    store.dispatch({ type: 'setLayout', layout: 'horizontal' });
    expect(storage.items.has(layoutStorageKey)).toBe(true);
    const reloaded = createSettingsStore(storage, 1400);
    expect(reloaded.getState()).toMatchObject({ mode: 'dark', layout: 'horizontal' });
  });

  it('recomputes the mobile flag from the window instead of trusting storage', () => {
    const storage = memoryStorage();
    storage.setItem(layoutStorageKey, serializeLayoutSettings({ ...defaultLayoutSettings, isMobile: true }));
    expect(createSettingsStore(storage, 1400).getState().isMobile).toBe(false);
    expect(createSettingsStore(storage, 800).getState().isMobile).toBe(true);
  });

  it('notifies subscribers on change only', () => {
    const store = createSettingsStore(memoryStorage(), 1400);
    let calls = 0;
    store.subscribe(() => calls++);
    store.dispatch({ type: 'setMode', mode: 'dark' });
    store.dispatch({ type: 'setMode', mode: 'dark' });
    expect(calls).toBe(1);
  });
});
