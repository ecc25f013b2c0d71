/**
 * Layout preferences of the settings side panel (SPEC §2 "Settings side panel") as plain data with pure
 * functions: the reducer holds the panel's interactions (boxed width forces the icon sidebar, fluid and
 * scrollable restore the default, the colored topbar exists only in the horizontal layout), and the
 * persisted form is one versioned JSON object in local storage.
 */
export const layoutOptions = ['vertical', 'horizontal'] as const;
export const modeOptions = ['light', 'dark'] as const;
export const widthOptions = ['fluid', 'boxed', 'scrollable'] as const;
export const topbarThemeOptions = ['light', 'dark', 'colored'] as const;
export const sidebarTypeOptions = ['default', 'compact', 'icon', 'condensed'] as const;
export const sidebarThemeOptions = ['light', 'dark', 'colored', 'winter', 'ladylip', 'plumplate', 'strongbliss', 'greatwhale'] as const;
export const sidebarImageOptions = ['none', 'img1', 'img2', 'img3', 'img4', 'img5'] as const;

export type LayoutType = (typeof layoutOptions)[number];
export type ThemeMode = (typeof modeOptions)[number];
export type LayoutWidth = (typeof widthOptions)[number];
export type TopbarTheme = (typeof topbarThemeOptions)[number];
export type SidebarType = (typeof sidebarTypeOptions)[number];
export type SidebarTheme = (typeof sidebarThemeOptions)[number];
export type SidebarImage = (typeof sidebarImageOptions)[number];

export interface LayoutSettings {
  layout: LayoutType;
  mode: ThemeMode;
  width: LayoutWidth;
  topbarTheme: TopbarTheme;
  sidebarType: SidebarType;
  sidebarTheme: SidebarTheme;
  sidebarImage: SidebarImage;
  preloader: boolean;
  /** The settings side panel ("right sidebar") is open. */
  settingsPanelOpen: boolean;
  /** The window is at the mobile breakpoint (≤ 998 px): the sidebar becomes a drawer. */
  isMobile: boolean;
  /** On wide screens: the sidebar shows in full (false collapses it to its icons). */
  sidebarVisible: boolean;
  /** On mobile: the sidebar drawer is open. Not persisted: a reload starts with it closed. */
  mobileMenuOpen: boolean;
}

export const defaultLayoutSettings: LayoutSettings = {
  layout: 'vertical',
  mode: 'light',
  width: 'fluid',
  topbarTheme: 'dark',
  sidebarType: 'default',
  sidebarTheme: 'dark',
  sidebarImage: 'none',
  preloader: false,
  settingsPanelOpen: false,
  isMobile: false,
  sidebarVisible: true,
  mobileMenuOpen: false,
};

/** Mobile breakpoint for the sidebar toggle (SPEC §9): width 998 or less. */
export const mobileBreakpoint = 998;
/** From this width on the condensed sidebar collapses to its icons and expands on hover. */
export const condensedBreakpoint = 992;

export type LayoutAction =
  | { type: 'setLayout'; layout: LayoutType }
  | { type: 'setMode'; mode: ThemeMode }
  | { type: 'setWidth'; width: LayoutWidth }
  | { type: 'setTopbarTheme'; topbarTheme: TopbarTheme }
  | { type: 'setSidebarType'; sidebarType: SidebarType }
  | { type: 'setSidebarTheme'; sidebarTheme: SidebarTheme }
  | { type: 'setSidebarImage'; sidebarImage: SidebarImage }
  | { type: 'setPreloader'; preloader: boolean }
  | { type: 'setSettingsPanelOpen'; open: boolean }
  | { type: 'setMobile'; isMobile: boolean }
  | { type: 'toggleSidebar' }
  | { type: 'closeMobileMenu' }
  | { type: 'reset' };

/** Applies one action; returns the same object when nothing changed, so no subscriber is woken. */
export function layoutReducer(state: LayoutSettings, action: LayoutAction): LayoutSettings {
  const next = nextSettings(state, action);
  const changed = (Object.keys(next) as Array<keyof LayoutSettings>).some((key) => next[key] !== state[key]);
  return changed ? next : state;
}

function nextSettings(state: LayoutSettings, action: LayoutAction): LayoutSettings {
  switch (action.type) {
    case 'setLayout':
      // The colored topbar exists only in the horizontal layout.
      return {
        ...state,
        layout: action.layout,
        topbarTheme: action.layout === 'vertical' && state.topbarTheme === 'colored' ? 'dark' : state.topbarTheme,
      };
    case 'setMode':
      return { ...state, mode: action.mode };
    case 'setWidth':
      // Boxed leaves no room for a full sidebar: it forces the icon sidebar; fluid and scrollable restore the default.
      return { ...state, width: action.width, sidebarType: action.width === 'boxed' ? 'icon' : 'default' };
    case 'setTopbarTheme':
      if (action.topbarTheme === 'colored' && state.layout !== 'horizontal') return state;
      return { ...state, topbarTheme: action.topbarTheme };
    case 'setSidebarType':
      return { ...state, sidebarType: action.sidebarType, sidebarVisible: true };
    case 'setSidebarTheme':
      return { ...state, sidebarTheme: action.sidebarTheme };
    case 'setSidebarImage':
      return { ...state, sidebarImage: action.sidebarImage };
    case 'setPreloader':
      return { ...state, preloader: action.preloader };
    case 'setSettingsPanelOpen':
      return { ...state, settingsPanelOpen: action.open };
    case 'setMobile':
      if (state.isMobile === action.isMobile) return state;
      return { ...state, isMobile: action.isMobile, mobileMenuOpen: false };
    case 'toggleSidebar':
      return state.isMobile ? { ...state, mobileMenuOpen: !state.mobileMenuOpen } : { ...state, sidebarVisible: !state.sidebarVisible };
    case 'closeMobileMenu':
      return state.mobileMenuOpen ? { ...state, mobileMenuOpen: false } : state;
    case 'reset':
      return { ...defaultLayoutSettings, isMobile: state.isMobile, settingsPanelOpen: state.settingsPanelOpen };
  }
}

/** How the sidebar is drawn right now, from the settings and the window width. */
export type SidebarPresentation = 'none' | 'drawer' | 'default' | 'compact' | 'icon' | 'condensed';

export function sidebarPresentation(settings: LayoutSettings, windowWidth: number): SidebarPresentation {
  if (windowWidth <= mobileBreakpoint) return 'drawer';
  if (settings.layout === 'horizontal') return 'none';
  if (!settings.sidebarVisible) return 'icon';
  if (settings.sidebarType === 'condensed') return windowWidth >= condensedBreakpoint ? 'condensed' : 'default';
  return settings.sidebarType;
}

// Persistence: one versioned object under one key. Unknown versions and bad values fall back to defaults.
export const layoutStorageKey = 'fleetdesk.layout';
export const layoutStorageVersion = 1;

type Persisted = Omit<LayoutSettings, 'mobileMenuOpen'>;

export function serializeLayoutSettings(settings: LayoutSettings): string {
  const { mobileMenuOpen: _transient, ...persisted } = settings;
  return JSON.stringify({ version: layoutStorageVersion, settings: persisted satisfies Persisted });
}

function pick<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

export function parseLayoutSettings(text: string | null | undefined): LayoutSettings {
  if (!text) return defaultLayoutSettings;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return defaultLayoutSettings;
  }
  const envelope = parsed as { version?: unknown; settings?: Record<string, unknown> } | null;
  if (!envelope || envelope.version !== layoutStorageVersion || typeof envelope.settings !== 'object' || !envelope.settings) {
    return defaultLayoutSettings;
  }
  const stored = envelope.settings;
  const d = defaultLayoutSettings;
  const layout = pick(layoutOptions, stored.layout, d.layout);
  const topbarTheme = pick(topbarThemeOptions, stored.topbarTheme, d.topbarTheme);
  return {
    layout,
    mode: pick(modeOptions, stored.mode, d.mode),
    width: pick(widthOptions, stored.width, d.width),
    topbarTheme: topbarTheme === 'colored' && layout === 'vertical' ? 'dark' : topbarTheme,
    sidebarType: pick(sidebarTypeOptions, stored.sidebarType, d.sidebarType),
    sidebarTheme: pick(sidebarThemeOptions, stored.sidebarTheme, d.sidebarTheme),
    sidebarImage: pick(sidebarImageOptions, stored.sidebarImage, d.sidebarImage),
    preloader: flag(stored.preloader, d.preloader),
    settingsPanelOpen: flag(stored.settingsPanelOpen, d.settingsPanelOpen),
    isMobile: flag(stored.isMobile, d.isMobile),
    sidebarVisible: flag(stored.sidebarVisible, d.sidebarVisible),
    mobileMenuOpen: false,
  };
}
