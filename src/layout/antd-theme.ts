/** antd's theme of the signed-in app, by colour mode: the shell applies it, the build extracts its styles. */
import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from './settings-model';
import { brandPrimary } from './theme-colors';

/**
 * antd's light defaults fall below WCAG AA's 4.5:1 for text (axe, issue 16's audit): grey secondary text (#8c8c8c,
 * 3.3:1), the error red of Delete buttons and messages (#ff4d4f, 3.3:1), the brand's hover (3.5:1) and the text of the
 * status tags (green "Valid", orange "Expiring soon", volcano, gold "Primary": 2.8–4.4:1 on their tints).
 */
const readableOnLight = {
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  // Placeholders name a filter that has no label of its own (the audit log's Action filter): antd's 0.25 is 1.9:1.
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  colorError: '#cf1322',
  colorPrimaryHover: '#2448c4',
  green7: '#237804',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  gold7: '#874d00',
};

/**
 * The same for the dark mode (axe, on the dark pages): the brand blue is too dark for text on a dark ground (2.6:1 for
 * links and the selected tab), secondary text just under (4.46:1), and the tags' text of antd's dark palette (purple
 * "Viewed" 3.4:1) and the error red (4.1:1). Buttons keep the brand blue behind their white text.
 */
const readableOnDark = {
  colorError: '#ff7875',
  colorTextDescription: 'rgba(255, 255, 255, 0.55)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
  colorLink: '#8aa4ff', // the light pages' link colour in the dark mode (base.css --fd-link)
  colorLinkHover: '#a3bbff',
  colorLinkActive: '#5b82f5',
  green7: '#73d13d',
  orange7: '#ffa940',
  volcano7: '#ff7a45',
  gold7: '#ffc53d',
  purple7: '#b37feb',
  red7: '#ff7875',
  blue7: '#69b1ff',
  cyan7: '#5cdbd3',
  magenta7: '#ff85c0',
  geekblue7: '#85a5ff',
};

export function antdTheme(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: brandPrimary,
      colorInfo: brandPrimary,
      borderRadius: 6,
      // antd's dark layout is pure black: a softer dark is easier on the eyes in a long working day.
      ...(mode === 'dark' ? { colorBgLayout: '#0f1218', colorBgContainer: '#171b22', colorBgElevated: '#1f242c', ...readableOnDark } : readableOnLight),
    },
    // The selected tab's text in the link's colour where the brand blue would be too dark to read; a filled danger
    // button (a delete's OK) with dark text on the lighter red, which white is not readable on.
    ...(mode === 'dark'
      ? {
          components: {
            Button: { dangerColor: '#1f1f1f' },
            Tabs: { itemSelectedColor: readableOnDark.colorLink, itemActiveColor: readableOnDark.colorLink, itemHoverColor: readableOnDark.colorLinkHover },
          },
        }
      : {}),
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
