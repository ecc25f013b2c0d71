import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { auditSections } from './audit-sections';

describe("the audit log's sections", () => {
  it.each(['en', 'de', 'uk', 'el', 'es', 'it'])('are told apart by their names in %s', async (language) => {
    const i18n = await initTestI18n();
    await i18n.changeLanguage(language);
    const labels = auditSections(i18n.t).map((section) => section.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
    await i18n.changeLanguage('en');
  });
});
