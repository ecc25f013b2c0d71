/** antd's theme of the signed-in app, by colour mode: the shell applies it, the build extracts its styles. */
import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './settings-model';
import { brandPrimary } from './theme-colors';

export function antdTheme(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: brandPrimary,
      colorInfo: brandPrimary,
      borderRadius: 6,
      // antd's dark layout is pure black: a softer dark is easier on the eyes in a long working day.
      ...(mode === 'dark' ? { colorBgLayout: '#0f1218', colorBgContainer: '#171b22', colorBgElevated: '#1f242c' } : {}),
    },
  };
}

/** The navigation menu's theme inside the shell's: light text on a dark sidebar or top bar, or dark on a light one. */
export function menuTheme(tone: 'light' | 'dark'): ThemeConfig {
  const onDark = tone === 'dark';
  return {
    algorithm: onDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    components: {
      Menu: {
        itemBg: 'transparent',
        subMenuItemBg: onDark ? 'rgba(0, 0, 0, 0.14)' : 'rgba(255, 255, 255, 0.22)',
        ...(onDark
          ? {
              itemSelectedBg: 'rgba(255, 255, 255, 0.16)',
              itemSelectedColor: '#ffffff',
              subMenuItemSelectedColor: '#ffffff',
              itemColor: 'rgba(255, 255, 255, 0.78)',
            }
          : {}),
        ...(onDark ? { horizontalItemSelectedColor: '#ffffff' } : {}),
      },
    },
  };
}
