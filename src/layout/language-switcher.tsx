/**
 * Header language switcher: Español, Deutsch, Italiano, Українська, English (native names, SPEC §1), and Ελληνικά while
 * it is the language. By keyboard: Enter, Space or Arrow down opens it with the focus on its menu (the arrows choose),
 * and once a language is chosen the focus is back on the button, not at the page's start.
 */
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { nativeLanguageNames, offeredLanguages, type LanguageCode } from '../i18n/languages';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = currentLanguage() as LanguageCode;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      autoFocus
      menu={{
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => {
          setOpen(false);
          void changeLanguage(key);
          // After the key that chose has done its work: focused at once, the button took that Enter's click and opened
          // the menu again.
          window.setTimeout(() => button.current?.focus(), 0);
        },
        items: offeredLanguages(current).map((language) => ({
          key: language.code,
          label: (
            <span lang={language.code} data-testid={`language-option-${language.code}`}>
              {language.nativeName}
            </span>
          ),
        })),
      }}
    >
      <Button
        ref={button}
        type="text"
        className="fd-header__button"
        icon={<GlobalOutlined />}
        // The visible language's name is in the button's name too (WCAG 2.5.3), after what the button is for.
        aria-label={`${t('header.language')}: ${nativeLanguageNames[current]}`}
        data-testid="language-switcher"
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <span className="fd-header__hide-small">{nativeLanguageNames[current]}</span>
      </Button>
    </Dropdown>
  );
}
