/** The act left unsaved before (use-kept-draft.ts), offered above a new act's first step: continue it or discard it. */
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { STEPS } from './act-draft';
import type { KeptDraft } from './draft-store';

export function DraftOffer({ kept, onContinue, onDiscard }: { kept: KeptDraft; onContinue: () => void; onDiscard: () => void }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(kept.savedAt));
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="act-draft-offer"
      message={t('handover-acts.draft.offer', { when, current: kept.step + 1, total: STEPS.length })}
      description={
        <>
          {t('handover-acts.draft.replaced')}
          <Flex gap={8} wrap style={{ marginTop: 12 }}>
            <Button type="primary" onClick={onContinue} data-testid="act-draft-continue">
              {t('handover-acts.draft.continue')}
            </Button>
            <Button onClick={onDiscard} data-testid="act-draft-discard">
              {t('handover-acts.draft.discard')}
            </Button>
          </Flex>
        </>
      }
    />
  );
}
