/**
 * Colours of the shell: the brand, the topbar themes and the eight sidebar colours (SPEC §2), with the
 * named gradients drawn from the webgradients palette they are named after, tuned for readable text.
 */
import type { SidebarImage, SidebarTheme, ThemeMode, TopbarTheme } from './settings-model';

export const brandPrimary = '#2f5bea';
const darkChrome = '#2a3042';

export interface SurfaceStyle {
  /** CSS background (a colour or a gradient). */
  background: string;
  /** Text on it: dark text on light surfaces, light text on dark ones. */
  tone: 'light' | 'dark';
}

export const sidebarSurfaces: Record<SidebarTheme, SurfaceStyle> = {
  light: { background: '#ffffff', tone: 'light' },
  dark: { background: darkChrome, tone: 'dark' },
  colored: { background: brandPrimary, tone: 'dark' },
  winter: { background: 'linear-gradient(165deg, #203a43 0%, #2c5364 55%, #3f7f93 100%)', tone: 'dark' },
  ladylip: { background: 'linear-gradient(165deg, #ff9a9e 0%, #fecfef 100%)', tone: 'light' },
  plumplate: { background: 'linear-gradient(165deg, #5b6fd6 0%, #764ba2 100%)', tone: 'dark' },
  strongbliss: { background: 'linear-gradient(165deg, #f78ca0 0%, #f9748f 35%, #fe9a8b 100%)', tone: 'light' },
  greatwhale: { background: 'linear-gradient(165deg, #6991c7 0%, #a3bded 100%)', tone: 'light' },
};

/** The "light" surfaces follow the colour mode: in dark mode they become the dark container colour. */
export function sidebarSurface(theme: SidebarTheme, mode: ThemeMode): SurfaceStyle {
  if (theme === 'light' && mode === 'dark') return { background: '#171b22', tone: 'dark' };
  return sidebarSurfaces[theme];
}

export function topbarSurface(theme: TopbarTheme, mode: ThemeMode): SurfaceStyle {
  if (theme === 'dark') return { background: darkChrome, tone: 'dark' };
  if (theme === 'colored') return { background: brandPrimary, tone: 'dark' };
  return mode === 'dark' ? { background: '#171b22', tone: 'dark' } : { background: '#ffffff', tone: 'light' };
}

export function sidebarImageUrl(image: SidebarImage): string | null {
  return image === 'none' ? null : `/images/sidebar/${image}.svg`;
}
