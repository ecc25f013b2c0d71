/**
 * The Import dialog of a list (docs/import-export.md): choose a file → a dry run (nothing written) shows
 * the rows read, the column → field mapping to correct and check again, the errors per row, and the
 * choice of all rows or nothing / only the valid rows → the import, with its progress → a summary.
 * A real import that created records refreshes the resource's lists through Refine's invalidation.
 */
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../resources';
import { isApiError } from '../../providers/api-error';
import { useResourceTitles } from '../field-value';
import { FileStep } from './file-step';
import { ImportSummary } from './import-summary';
import { mappingOf, type ImportAnswer, type ImportMapping, type ImportMode } from './import-types';
import { ReviewStep } from './review-step';
import { SendingProgress } from './sending-progress';
import { useImport, type ImportRequest } from './use-import';

interface Props {
  resource: ResourceDefinition;
  /** `POST` here: the list's path + `/import`. */
  path: string;
  onClose: () => void;
}

/** A refusal's lines: the server's message and its per-part messages (`errors.file`, `errors.mapping`). */
function refusalLines(error: unknown): string[] {
  if (!isApiError(error)) return [error instanceof Error ? error.message : String(error)];
  const details = Object.values(error.fieldErrors).flat();
  return [error.message, ...details.filter((line) => line !== error.message)];
}

export function ImportDialog({ resource, path, onClose }: Props) {
  const { t } = useTranslation();
  const { title } = useResourceTitles(resource);
  const invalidate = useInvalidate();
  const { send, sending } = useImport(path);
  const [file, setFile] = useState<File | null>(null);
  /** The last dry run's answer, and the mapping it was checked with. */
  const [checked, setChecked] = useState<{ answer: ImportAnswer; mapping: ImportMapping } | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [mode, setMode] = useState<ImportMode>('all');
  // Rows already there (a file brought in twice) are left out unless the member asks for them.
  const [skipExisting, setSkipExisting] = useState(true);
  const [done, setDone] = useState<ImportAnswer | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);

  const changed = checked !== null && JSON.stringify(mapping) !== JSON.stringify(checked.mapping);
  const errors = checked ? checked.answer.errors.length + checked.answer.more_errors : 0;
  // Nothing to import, or a choice the last check does not cover.
  const runDisabled = !checked || changed || (mode === 'all' && errors > 0) || checked.answer.valid === 0;

  async function run(chosen: File, request: ImportRequest) {
    setRefusal(null);
    try {
      const answer = await send(chosen, request);
      if (request.dryRun) {
        const used = mappingOf(answer);
        setChecked({ answer, mapping: used });
        setMapping(used);
      } else {
        setDone(answer);
        if (answer.created > 0) void invalidate({ resource: resource.name, invalidates: ['list', 'many'] });
      }
    } catch (error) {
      setRefusal(refusalLines(error));
    }
  }

  function choose(chosen: File) {
    setFile(chosen);
    setChecked(null);
    void run(chosen, { dryRun: true, mode: 'all' });
  }

  const closable = !(sending && !sending.dryRun);
  const step = sending ? 'sending' : done ? 'done' : checked && file ? 'review' : 'file';
  // The control that had the focus (the file picker) goes with its step: the focus would fall to the page, out of
  // the dialog, where Escape no longer closes it. The new step's content takes it instead.
  const stepContent = useRef<HTMLDivElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current && !stepContent.current?.contains(document.activeElement)) stepContent.current?.focus();
  }, [step]);
  const footer =
    step === 'review' ? (
      <>
        <Button onClick={onClose}>{t('crud.buttons.cancel')}</Button>
        <Button
          type="primary"
          disabled={runDisabled}
          data-testid="import-run"
          onClick={() => file && void run(file, { dryRun: false, mode, existing: skipExisting ? 'skip' : 'create', mapping })}
        >
          {t('importExport.import.run')}
        </Button>
      </>
    ) : step === 'done' ? (
      <Button type="primary" onClick={onClose} data-testid="import-close">
        {t('importExport.import.close')}
      </Button>
    ) : (
      <Button onClick={onClose} disabled={!closable}>
        {t('crud.buttons.cancel')}
      </Button>
    );

  return (
    <Modal
      open
      title={t('importExport.import.title', { resource: title })}
      width={760}
      onCancel={() => closable && onClose()}
      closable={closable}
      maskClosable={false}
      footer={footer}
      destroyOnHidden
      data-testid="import-dialog"
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="import-refusal"
          message={refusal[0]}
          description={refusal.length > 1 ? refusal.slice(1).join('\n') : undefined}
        />
      )}
      <div ref={stepContent} tabIndex={-1} className="import-dialog__step" data-testid="import-step">
        {step === 'file' && <FileStep onFile={choose} />}
        {step === 'sending' && sending && <SendingProgress dryRun={sending.dryRun} percent={sending.percent} />}
        {step === 'review' && checked && file && (
          <ReviewStep
            fileName={file.name}
            answer={checked.answer}
            mapping={mapping}
            onMapping={setMapping}
            changed={changed}
            onCheckAgain={() => void run(file, { dryRun: true, mode, mapping })}
            mode={mode}
            onMode={setMode}
            skipExisting={skipExisting}
            onSkipExisting={setSkipExisting}
          />
        )}
        {step === 'done' && done && <ImportSummary answer={done} />}
      </div>
    </Modal>
  );
}
