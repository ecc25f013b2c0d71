/**
 * /settings: the interface language and the layout preferences (the settings panel's own controls), the
 * member's e-mail reminders, and for administrators the mails that could not be sent.
 */
import { Card, Col, Radio, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../i18n/i18n';
import { offeredLanguages, type LanguageCode } from '../../i18n/languages';
import { useAccess } from '../../access/use-access';
import { LayoutSettingsControls } from '../../layout/layout-settings-controls';
import { PageHeading } from '../common/page-heading';
import { FailedMailCard } from './failed-mail-card';
import { ReminderSettingsCard } from './reminder-settings-card';
import { useSaveEmailLanguage } from './use-reminder-settings';

export function SettingsPage() {
  const { t } = useTranslation();
  const { administrator } = useAccess();
  const current = currentLanguage() as LanguageCode;
  const offered = offeredLanguages(current);
  // The card says it: the language chosen here is also the one the reminder e-mails are written in.
  const saveEmailLanguage = useSaveEmailLanguage();
  const choose = (language: string) => {
    void changeLanguage(language);
    void saveEmailLanguage(language);
  };
  return (
    <>
      <PageHeading titleKey="pages.settings" />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card title={t('preferences.language.title')} data-testid="settings-page-language">
            <Typography.Paragraph type="secondary">{t('preferences.language.description')}</Typography.Paragraph>
            <Radio.Group value={current} onChange={(event) => choose(event.target.value as string)} aria-label={t('preferences.language.title')}>
              {offered.map((language) => (
                <Radio key={language.code} value={language.code} className="fd-preferences__language">
                  <span lang={language.code} data-testid={`settings-page-language-${language.code}`}>
                    {language.nativeName}
                  </span>
                </Radio>
              ))}
            </Radio.Group>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('preferences.layout.title')}>
            <Typography.Paragraph type="secondary">{t('preferences.layout.description')}</Typography.Paragraph>
            <LayoutSettingsControls testIdPrefix="settings-page" />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <ReminderSettingsCard />
        </Col>
        {administrator && (
          <Col xs={24} lg={14}>
            <FailedMailCard />
          </Col>
        )}
      </Row>
    </>
  );
}
