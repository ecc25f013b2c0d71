/**
 * The controls of every layout option (SPEC §2 "Settings side panel"), shared by the settings panel and
 * the /settings page. Options that exist only in one layout are shown only there. `testIdPrefix` keeps
 * test ids unique when both are on screen: `<prefix>-<option>-<value>`, for example `settings-mode-dark`.
 */
import { Button, Radio, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  layoutOptions,
  modeOptions,
  sidebarImageOptions,
  sidebarThemeOptions,
  sidebarTypeOptions,
  topbarThemeOptions,
  widthOptions,
  type LayoutAction,
  type SidebarImage,
  type SidebarTheme,
} from './settings-model';
import { useLayoutSettings } from './settings-store';
import { sidebarImageUrl, sidebarSurfaces } from './theme-colors';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div className="fd-settings__section" data-testid={testId} role="group" aria-label={title}>
      <Typography.Text strong className="fd-settings__title">
        {title}
      </Typography.Text>
      {children}
    </div>
  );
}

function ButtonChoice<T extends string>(props: { name: string; testIdPrefix: string; options: readonly T[]; value: T; onChange: (value: T) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as T)}
      className="fd-settings__choice"
    >
      {props.options.map((option) => (
        <Radio.Button key={option} value={option}>
          <span data-testid={`${props.testIdPrefix}-${props.name}-${option}`}>{t(`settings.${props.name}.${option}`)}</span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}

export function LayoutSettingsControls({ testIdPrefix = 'settings' }: { testIdPrefix?: string }) {
  const { t } = useTranslation();
  const [settings, dispatch] = useLayoutSettings();
  const choice = <T extends string>(name: string, options: readonly T[], value: T, action: (value: T) => LayoutAction) => (
    <Section title={t(`settings.${name}.title`)} testId={`${testIdPrefix}-${name}`}>
      <ButtonChoice name={name} testIdPrefix={testIdPrefix} options={options} value={value} onChange={(next) => dispatch(action(next))} />
    </Section>
  );
  const vertical = settings.layout === 'vertical';
  const topbarThemes = vertical ? topbarThemeOptions.filter((option) => option !== 'colored') : topbarThemeOptions;

  return (
    <div className="fd-settings">
      {choice('layout', layoutOptions, settings.layout, (layout) => ({ type: 'setLayout', layout }))}
      {choice('mode', modeOptions, settings.mode, (mode) => ({ type: 'setMode', mode }))}
      {choice('width', widthOptions, settings.width, (width) => ({ type: 'setWidth', width }))}
      {choice('topbarTheme', topbarThemes, settings.topbarTheme, (topbarTheme) => ({ type: 'setTopbarTheme', topbarTheme }))}
      {vertical && choice('sidebarType', sidebarTypeOptions, settings.sidebarType, (sidebarType) => ({ type: 'setSidebarType', sidebarType }))}
      {vertical && (
        <Section title={t('settings.sidebarTheme.title')} testId={`${testIdPrefix}-sidebarTheme`}>
          <Radio.Group
            className="fd-settings__swatches"
            value={settings.sidebarTheme}
            onChange={(event) => dispatch({ type: 'setSidebarTheme', sidebarTheme: event.target.value as SidebarTheme })}
          >
            {sidebarThemeOptions.map((option) => (
              <Radio key={option} value={option} className="fd-settings__swatch">
                <span className="fd-settings__swatch-color" style={{ background: sidebarSurfaces[option].background }} aria-hidden="true" />
                <span data-testid={`${testIdPrefix}-sidebarTheme-${option}`}>{t(`settings.sidebarTheme.${option}`)}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Section>
      )}
      {vertical && (
        <Section title={t('settings.sidebarImage.title')} testId={`${testIdPrefix}-sidebarImage`}>
          <Radio.Group
            className="fd-settings__images"
            value={settings.sidebarImage}
            onChange={(event) => dispatch({ type: 'setSidebarImage', sidebarImage: event.target.value as SidebarImage })}
          >
            {sidebarImageOptions.map((option) => {
              const url = sidebarImageUrl(option);
              return (
                <Radio key={option} value={option} className="fd-settings__image">
                  <span className="fd-settings__image-thumb" style={url ? { backgroundImage: `url(${url})` } : undefined} aria-hidden="true" />
                  <span data-testid={`${testIdPrefix}-sidebarImage-${option}`}>{t(`settings.sidebarImage.${option}`)}</span>
                </Radio>
              );
            })}
          </Radio.Group>
        </Section>
      )}
      <Section title={t('settings.preloader.title')} testId={`${testIdPrefix}-preloaderSection`}>
        <div className="fd-settings__switch">
          <Switch
            checked={settings.preloader}
            onChange={(preloader) => dispatch({ type: 'setPreloader', preloader })}
            aria-label={t('settings.preloader.title')}
            data-testid={`${testIdPrefix}-preloader`}
          />
          <Typography.Text type="secondary">{t('settings.preloader.description')}</Typography.Text>
        </div>
      </Section>
      <Button onClick={() => dispatch({ type: 'reset' })} data-testid={`${testIdPrefix}-reset`} block>
        {t('settings.reset')}
      </Button>
    </div>
  );
}
