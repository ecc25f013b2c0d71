/**
 * `/maintenance-acceptance-certificate/new[?transport_id=]` (issue 13): a handover act made step by step on
 * a phone. Each step is checked before the next (act-draft.ts); the last saves the act, then sends its
 * photos with their progress (use-save-act.ts). A refusal of the server (a mileage below the vehicle's,
 * say) goes back to the step of the field, with the server's message under it. Once the act is saved the
 * form gives way to the uploads: a failed photo can be tried again, and the act is kept either way.
 */
import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import { useGetIdentity, useOne, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, List, Progress, Typography } from 'antd';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../pages/common/page-heading';
import { silentNotifications } from '../../providers/notifications';
import type { User } from '../../session/user';
import {
  errorsAfterChange,
  firstInvalidStep,
  serverStepErrors,
  STEPS,
  stepErrors,
  stepOfField,
  today,
  type ActDraft,
  type Step,
  type StepErrors,
} from './act-draft';
import { DamagesStep, DocumentsStep, EquipmentStep, TiresStep } from './act-list-steps';
import { FuelStep, MileageStep, PeopleStep, SelfieStep, VehicleStep, type StepProps } from './act-steps';
import { actPath } from './paths';
import { useDefaultEquipment, useOnBoard } from './use-act-prefill';
import { useSaveAct, type UploadState } from './use-save-act';
import './handover-acts.css';
import { useLeaveWarning } from '../../forms/use-leave-warning';
import { DraftOffer } from './draft-offer';
import { draftOwner } from './draft-store';
import { useKeptDraft } from './use-kept-draft';

const STEP_VIEWS: Record<Step, ComponentType<StepProps>> = {
  vehicle: VehicleStep,
  people: PeopleStep,
  fuel: FuelStep,
  mileage: MileageStep,
  selfie: SelfieStep,
  equipment: EquipmentStep,
  damages: DamagesStep,
  documents: DocumentsStep,
  tires: TiresStep,
};

const TIRE_POSITIONS = ['frontLeft', 'frontRight', 'rearLeft', 'rearRight'];

const idOf = (text: string | null) => (text && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined);

function UploadsPanel({ uploads, onRetry, onOpen }: { uploads: UploadState[]; onRetry: (key: string) => void; onOpen: () => void }) {
  const { t } = useTranslation();
  const failed = uploads.some((state) => state.status === 'failed');
  return (
    <Card title={t('handover-acts.save.photosTitle')} data-testid="act-uploads">
      {failed && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('handover-acts.save.actKept')} />}
      <List
        dataSource={uploads}
        renderItem={(state) => (
          <List.Item
            data-testid={`act-upload-${state.upload.key}`}
            actions={
              state.status === 'failed'
                ? [
                    <Button
                      key="retry"
                      icon={<ReloadOutlined />}
                      onClick={() => onRetry(state.upload.key)}
                      data-testid={`act-upload-retry-${state.upload.key}`}
                    >
                      {t('handover-acts.save.retry')}
                    </Button>,
                  ]
                : []
            }
          >
            <div style={{ width: '100%' }}>
              <Typography.Text>{state.upload.label ?? t(state.upload.labelKey ?? '')}</Typography.Text>
              <Progress
                percent={state.percent}
                status={state.status === 'failed' ? 'exception' : state.status === 'done' ? 'success' : 'active'}
                aria-label={state.upload.label ?? t(state.upload.labelKey ?? '')}
              />
              {state.error && <Typography.Text type="danger">{state.error}</Typography.Text>}
            </div>
          </List.Item>
        )}
      />
      <Button type="primary" size="large" block onClick={onOpen} data-testid="act-open-saved">
        {t('handover-acts.save.openAct')}
      </Button>
    </Card>
  );
}

/** What a step's history entry holds: the step it was left from, and how many entries the steps have added. */
type StepEntry = { actStep?: number; actDepth?: number };

/** `?step=3` → 2; anything else (none, 0, past the last, letters) → the first step. */
function stepIndexOf(text: string | null): number {
  const step = Number(text);
  return Number.isInteger(step) && step >= 1 && step <= STEPS.length ? step - 1 : 0;
}

export function NewActPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const { data: identity } = useGetIdentity<User>();
  const author = identity ? [identity.name, identity.last_name].filter(Boolean).join(' ') || identity.login : '';
  const [draft, setDraft] = useState<ActDraft>(() => ({
    transport_id: idOf(search.get('transport_id')),
    date: today(),
    equipment: [],
    damages: [],
    documents: [],
    tires: TIRE_POSITIONS.map((position) => ({ position: t(`handover-acts.tirePositions.${position}`), key: position })),
  }));
  // The step is in the address (`?step=4`), one history entry a step: the phone's Back goes to the step before, as the
  // Back button does, instead of leaving the act (and its photos) behind.
  const stepIndex = stepIndexOf(search.get('step'));
  const [errors, setErrors] = useState<StepErrors>({});
  const { save, retry, saved, uploads, saving } = useSaveAct();
  const step = STEPS[stepIndex];
  // An act half filled in (photos taken in the yard) is not lost to a menu link, a reload or a closed tab without a
  // question; Back between its steps stays on the page and keeps it.
  const [edited, setEdited] = useState(false);
  const leaveQuestion = useLeaveWarning(edited && !saved);
  const change = (patch: Partial<ActDraft>) => {
    setEdited(true);
    setDraft((current) => ({ ...current, ...patch }));
    // A step that has said what is wrong says it again as the member corrects it (one change per event: the draft of
    // this render is the one changed).
    if (Object.keys(errors).length > 0) setErrors(errorsAfterChange(errors, stepErrors(step, { ...draft, ...patch }, new Date(), facts), Object.keys(patch)));
    touched.current = { ...touched.current, ...Object.fromEntries(Object.keys(patch).map((field) => [field, true])) };
  };

  // The lists start from the tenant's defaults and the vehicle's documents, until the member edits them.
  const touched = useRef<Record<string, boolean>>({});
  const markTouched = (fields: string[]) => {
    touched.current = { ...touched.current, ...Object.fromEntries(fields.map((field) => [field, true])) };
  };
  const equipment = useDefaultEquipment();
  const onBoard = useOnBoard(draft.transport_id);
  // The vehicle's last known mileage: the floor of an act of today, checked at its step.
  const { result: vehicle, query: vehicleQuery } = useOne<{ mileage?: number; fuel_tank_capacity?: number }>({
    resource: 'transport',
    id: draft.transport_id ?? '',
    queryOptions: { enabled: draft.transport_id !== undefined },
    ...silentNotifications,
  });
  const tank = vehicle?.fuel_tank_capacity;
  const facts = {
    vehicleMileage: typeof vehicle?.mileage === 'number' ? vehicle.mileage : undefined,
    // The vehicle's tank is in m³ (SPEC §3), the act's fuel in litres; an unknown or empty capacity checks nothing.
    vehicleTankLitres: typeof tank === 'number' && tank > 0 ? Math.round(tank * 1000 * 1000) / 1000 : undefined,
    // A vehicle the link names that is not there (deleted meanwhile): said at the first step, not by the save after the last.
    vehicleGone: vehicleQuery.error?.statusCode === 404,
  };
  useEffect(() => {
    if (equipment.items && !touched.current.equipment) setDraft((current) => ({ ...current, equipment: equipment.items ?? [] }));
  }, [equipment.items]);
  useEffect(() => {
    if (onBoard.items && !touched.current.documents) setDraft((current) => ({ ...current, documents: onBoard.items ?? [] }));
  }, [onBoard.items]);

  // How many history entries the steps have added since the first step: once the act is saved they are walked back
  // and the first step's entry becomes the act's page, so that Back from the act leaves it instead of walking
  // through the empty steps of a new act.
  const stepState = location.state as StepEntry | null;
  const depth = stepState?.actDepth ?? 0;
  const goTo = (index: number, { replace = false }: { replace?: boolean } = {}) => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('step', String(index + 1));
        return next;
      },
      { replace, state: { actStep: stepIndex, actDepth: replace ? depth : depth + 1 } satisfies StepEntry },
    );
    window.scrollTo({ top: 0 });
  };
  const opening = useRef<string | null>(null);
  const openSaved = (path: string) => {
    if (depth === 0) {
      void navigate(path, { replace: true });
      return;
    }
    opening.current = path;
    void navigate(-depth);
  };
  // Kept in the browser as it is filled in: a reload (a phone that dropped the tab for the camera) offers it again.
  const kept = useKeptDraft(identity ? draftOwner(identity) : undefined, { draft, step: stepIndex, edited, saved: Boolean(saved) });
  const continueKept = () => {
    const offered = kept.offer;
    if (!offered) return;
    kept.accept();
    // Its lists are the member's own now: the prefills for its vehicle must not replace them.
    markTouched(['equipment', 'documents']);
    setDraft(offered.draft);
    setEdited(true);
    setErrors({});
    if (offered.step > 0) goTo(Math.min(offered.step, STEPS.length - 1), { replace: true });
  };
  // Arrived back at the first step's entry after a save: it becomes the act's page.
  useEffect(() => {
    if (opening.current !== null && depth === 0) {
      const path = opening.current;
      opening.current = null;
      void navigate(path, { replace: true });
    }
  }, [depth, location.key, navigate]);
  // A step the member did not come to from the one before (a reload at `?step=5`, a typed address): the first step.
  useEffect(() => {
    if (stepIndex > 0 && !edited) goTo(0, { replace: true });
    // Only when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new step's title takes the focus (not the step's first field, which on a phone would open the keyboard at once):
  // Tab goes on from there, and a screen reader says which step this is. Not when the page opens.
  const stepHeading = useRef<HTMLElement>(null);
  const shownStep = useRef(stepIndex);
  useEffect(() => {
    if (shownStep.current === stepIndex) return;
    shownStep.current = stepIndex;
    stepHeading.current?.focus();
  }, [stepIndex]);
  // The Back button: the browser's own Back when the step before is the entry before (so both agree), else that step.
  const back = () => {
    if (stepState?.actStep === stepIndex - 1) void navigate(-1);
    else goTo(stepIndex - 1, { replace: true });
  };

  async function next() {
    const found = stepErrors(step, draft, new Date(), facts);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (stepIndex < STEPS.length - 1) {
      goTo(stepIndex + 1);
      return;
    }
    const invalid = firstInvalidStep(draft, new Date(), facts);
    if (invalid) {
      setErrors(stepErrors(invalid, draft, new Date(), facts));
      goTo(STEPS.indexOf(invalid));
      return;
    }
    try {
      const { act, allSent } = await save(draft);
      if (allSent) openSaved(actPath(act.transportId, act.id));
    } catch (error) {
      const refused = serverStepErrors((error as HttpError).errors as Record<string, string[]> | undefined);
      const fields = Object.keys(refused);
      if (fields.length > 0) {
        setErrors(refused);
        goTo(STEPS.indexOf(stepOfField(fields[0])));
      }
    }
  }

  if (saved) {
    return (
      <div className="handover-acts act-form" data-testid="act-saved">
        <PageHeading titleKey="handover-acts.save.savedTitle" />
        <UploadsPanel
          uploads={uploads}
          onRetry={(key) =>
            void retry(key).then((allSent) => {
              if (allSent) openSaved(actPath(saved.transportId, saved.id));
            })
          }
          onOpen={() => openSaved(actPath(saved.transportId, saved.id))}
        />
      </div>
    );
  }

  const View = STEP_VIEWS[step];
  const last = stepIndex === STEPS.length - 1;
  return (
    <div className="handover-acts act-form" data-testid="act-form">
      {leaveQuestion}
      <PageHeading titleKey="handover-acts.new" parent={{ to: '/maintenance-acceptance-certificate', titleKey: 'pages.acceptanceCertificate' }} />
      {kept.offer && <DraftOffer kept={kept.offer} onContinue={continueKept} onDiscard={kept.discard} />}
      <div className="act-form__progress">
        <Typography.Text type="secondary" data-testid="act-step-count">
          {t('handover-acts.steps.count', { current: stepIndex + 1, total: STEPS.length })}
        </Typography.Text>
        <Progress
          percent={Math.round(((stepIndex + 1) / STEPS.length) * 100)}
          showInfo={false}
          aria-label={t('handover-acts.steps.count', { current: stepIndex + 1, total: STEPS.length })}
        />
        <Typography.Title level={4} style={{ marginTop: 4 }} data-testid={`act-step-${step}`} ref={stepHeading} tabIndex={-1} className="act-form__step-title">
          {t(`handover-acts.steps.titles.${step}`)}
        </Typography.Title>
      </div>
      <Form
        layout="vertical"
        component="div"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT' && (event.target as HTMLInputElement).type !== 'file') {
            event.preventDefault();
            void next();
          }
        }}
      >
        <View draft={draft} change={change} errors={errors} author={author} vehicleMileage={facts.vehicleMileage} />
      </Form>
      <Flex gap={12} className="act-form__nav">
        <Button
          size="large"
          icon={<ArrowLeftOutlined />}
          disabled={stepIndex === 0 || saving}
          onClick={() => {
            setErrors({});
            back();
          }}
          data-testid="act-back"
        >
          {t('handover-acts.steps.back')}
        </Button>
        <Button
          type="primary"
          size="large"
          icon={last ? <CheckOutlined /> : <ArrowRightOutlined />}
          iconPosition={last ? 'start' : 'end'}
          loading={saving}
          onClick={() => void next()}
          data-testid={last ? 'act-save' : 'act-next'}
        >
          {last ? t('handover-acts.steps.save') : t('handover-acts.steps.next')}
        </Button>
      </Flex>
    </div>
  );
}
