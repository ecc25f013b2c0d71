/**
 * `/maintenance-acceptance-certificate/:transportId/:id` (issue 13): a handover act with everything in it
 * and its photos, what changed since the vehicle's previous act, its PDF to download (made by the server
 * in the user's language) and, after a confirmation, its deletion.
 */
import { FilePdfOutlined } from '@ant-design/icons';
import { useDelete, useInvalidate, useMany, useOne } from '@refinedev/core';
import { App, Button, Card, Descriptions, Flex, Progress, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { resourceByName } from '../../../resources';
import { recordLabel } from '../../../resources/label';
import { useAccess } from '../../access/use-access';
import { useCalendarDay } from '../../fields/date/calendar-day';
import { downloadFile } from '../../fields/file/use-file-url';
import { PageHeading } from '../../pages/common/page-heading';
import { mutationNotifications, readNotifications } from '../../providers/notifications';
import { ActPhoto } from './act-photo';
import { PhotoInput } from './photo-input';
import { useActPhotos } from './use-act-photos';
import { ChangesCard } from './changes-card';
import { ACTS_ROUTE, actApi } from './paths';
import { useAmount } from './use-amount';
import './handover-acts.css';
import { ConfirmDelete } from '../../crud/confirm-delete';
import { isRecordId, MissingRecord } from '../../crud/missing-record';

type Item = { name: string; present?: boolean };
type Damage = { title: string; description?: string; photo_ids?: number[] };
type Tire = { position: string; pressure?: number; tread_depth?: number };

interface Act {
  id: number;
  transport_id: number;
  date: string;
  transferred_by_id?: number;
  received_by_id?: number;
  fuel_remaining?: number;
  fuel_photo_id?: number;
  mileage?: number;
  mileage_photo_id?: number;
  driver_selfie_id?: number;
  equipment?: Item[];
  damages?: Damage[];
  documents?: Item[];
  tires?: Tire[];
  created_by?: number | null;
}

function PresenceTags({ items, testId }: { items: Item[] | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!items?.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex wrap gap={6} data-testid={testId}>
      {items.map((item, index) => (
        <Tag key={index} color={item.present ? 'green' : 'red'} className="act-presence-tag">
          {item.name}: {t(item.present ? 'handover-acts.pdf.present' : 'handover-acts.pdf.absent')}
        </Tag>
      ))}
    </Flex>
  );
}

export function ActPage() {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const access = useAccess();
  const amount = useAmount();
  const { transportId = '', id = '' } = useParams();
  // An address that names no act by its ids (a mistyped `/1/abc`) is "Not found" without asking: the server's answer
  // to such an id is "the data given is invalid", which told the member nothing about the page.
  const wellFormed = isRecordId(transportId) && isRecordId(id);
  const [downloading, setDownloading] = useState(false);
  const [removing, setRemoving] = useState(false);
  const { result: acts, query } = useMany<Act>({
    resource: 'handover-acts',
    ids: [id],
    meta: { params: { transportId } },
    queryOptions: { enabled: !removing && wellFormed },
    ...readNotifications,
  });
  const { result: vehicle } = useOne({ resource: 'transport', id: transportId, queryOptions: { enabled: wellFormed }, ...readNotifications });
  const act = acts.data[0];
  const people = [act?.transferred_by_id, act?.received_by_id].filter((value): value is number => typeof value === 'number');
  const { result: employees } = useMany({
    resource: 'employees',
    ids: people,
    meta: { labels: true },
    queryOptions: { enabled: people.length > 0 },
    ...readNotifications,
  });
  const { mutateAsync: remove } = useDelete();
  const invalidate = useInvalidate();
  const photoActions = useActPhotos(transportId, id);
  const mayEdit = access.can('handover-acts', 'edit');

  // Deleted, on the way to the list: no "Not found" in between.
  if ((wellFormed && query.isLoading) || (removing && !act)) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (!act) {
    return (
      <div data-testid="act-missing">
        <PageHeading titleKey="handover-acts.titleSingular" parent={{ to: ACTS_ROUTE, titleKey: 'pages.acceptanceCertificate' }} />
        <MissingRecord listRoute={ACTS_ROUTE} />
      </div>
    );
  }
  const vehicleLabel = vehicle ? recordLabel(resourceByName('transport'), vehicle) : '';
  const nameOf = (employeeId: number | undefined) => {
    const employee = employees.data.find((record) => Number(record.id) === employeeId);
    return employee ? recordLabel(resourceByName('employees'), employee) : '—';
  };
  const field = (name: string) => t(`handover-acts.fields.${name}`);

  async function downloadPdf() {
    setDownloading(true);
    try {
      // Named in the member's language, as the server names it ("Acta de entrega 2026-12-02 11.pdf").
      await downloadFile(`/api${actApi(transportId, id, 'pdf')}`, `${t('handover-acts.titleSingular')} ${act.date} ${act.id}.pdf`);
    } catch {
      void message.error(t('handover-acts.page.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  }

  const photos: Array<[string, number | undefined]> = [
    ['fuel_photo', act.fuel_photo_id],
    ['mileage_photo', act.mileage_photo_id],
    ['driver_selfie', act.driver_selfie_id],
  ];

  return (
    <div className="handover-acts" data-testid="act-page">
      <PageHeading titleKey="handover-acts.titleSingular" parent={{ to: ACTS_ROUTE, titleKey: 'pages.acceptanceCertificate' }} />
      <Flex wrap gap={8} justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="act-title">
          {/* A long vehicle name wraps before the date, never inside it (a phone's 390 px). */}
          {vehicleLabel} · <span style={{ whiteSpace: 'nowrap' }}>{day.show(act.date)}</span>
        </Typography.Title>
        <Space wrap>
          <Button type="primary" size="large" icon={<FilePdfOutlined />} loading={downloading} onClick={() => void downloadPdf()} data-testid="act-pdf">
            {t('handover-acts.page.downloadPdf')}
          </Button>
          {access.can('handover-acts', 'delete') && (
            <ConfirmDelete
              testId="act-delete"
              size="large"
              onConfirm={async () => {
                // The lists of acts are read again; this page's own reads of the act and its changes are not, as the act
                // is gone (Refine drops the act's cached reads, which a mounted page would ask again: a 404 behind the
                // move to the list). The vehicle may have got its mileage back.
                setRemoving(true);
                try {
                  await remove({ resource: 'handover-acts', id, meta: { params: { transportId } }, invalidates: ['list'], ...mutationNotifications });
                } catch {
                  setRemoving(false);
                  return;
                }
                void navigate(ACTS_ROUTE);
                void invalidate({ resource: 'transport', id: transportId, invalidates: ['list', 'detail'] });
              }}
            />
          )}
        </Space>
      </Flex>
      <Flex vertical gap={16}>
        <ChangesCard transportId={transportId} id={id} enabled={!removing} />
        <Card title={t('handover-acts.page.details')}>
          <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small" bordered>
            <Descriptions.Item label={t('handover-acts.list.vehicle')}>{vehicleLabel}</Descriptions.Item>
            <Descriptions.Item label={field('date')}>{day.show(act.date)}</Descriptions.Item>
            <Descriptions.Item label={field('transferred_by_id')}>
              <span data-testid="act-transferred-by-name">{nameOf(act.transferred_by_id)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={field('received_by_id')}>
              <span data-testid="act-received-by-name">{nameOf(act.received_by_id)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={field('fuel_remaining')}>
              <span data-testid="act-fuel-value">{act.fuel_remaining === undefined ? '—' : amount(act.fuel_remaining, 'l')}</span>
            </Descriptions.Item>
            <Descriptions.Item label={field('mileage')}>
              <span data-testid="act-mileage-value">{act.mileage === undefined ? '—' : amount(act.mileage, 'km')}</span>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card title={t('handover-acts.page.photos')}>
          <Flex wrap gap={16}>
            {!mayEdit && photos.every(([, fileId]) => fileId === undefined) && (
              <Typography.Text type="secondary">{t('handover-acts.page.noPhotos')}</Typography.Text>
            )}
            {photos.map(([kind, fileId]) => {
              const label = t(`handover-acts.photos.${kind}`);
              const sending = photoActions.progress[kind];
              if (fileId === undefined && !mayEdit) return null;
              return (
                <Flex vertical gap={4} key={kind} style={{ width: 160 }}>
                  {fileId !== undefined ? (
                    <ActPhoto
                      fileId={fileId}
                      alt={label}
                      testId={`act-photo-${kind}`}
                      onRemove={mayEdit ? () => photoActions.removeKindPhoto(kind) : undefined}
                    />
                  ) : sending === undefined ? (
                    <PhotoInput
                      label={t('handover-acts.steps.addPhoto')}
                      selfie={kind === 'driver_selfie'}
                      onPhotos={([file]) => void photoActions.addKindPhoto(kind, file)}
                      testId={`act-add-${kind}`}
                    />
                  ) : (
                    <Progress percent={sending} size="small" data-testid={`act-sending-${kind}`} />
                  )}
                  <Typography.Text type="secondary">{label}</Typography.Text>
                </Flex>
              );
            })}
          </Flex>
        </Card>
        <Card title={field('equipment')}>
          <PresenceTags items={act.equipment} testId="act-equipment-list" />
        </Card>
        <Card title={field('damages')} data-testid="act-damages-list">
          {!act.damages?.length && <Typography.Text type="secondary">—</Typography.Text>}
          {act.damages?.map((damage, index) => (
            <div key={index} className="act-row" data-testid={`act-damage-view-${index}`}>
              <Typography.Text strong>{damage.title}</Typography.Text>
              {damage.description && <Typography.Text>{damage.description}</Typography.Text>}
              <Flex wrap gap={8}>
                {damage.photo_ids?.map((fileId) => (
                  <ActPhoto
                    key={fileId}
                    fileId={fileId}
                    alt={damage.title}
                    testId={`act-damage-photo-${fileId}`}
                    onRemove={mayEdit ? () => photoActions.removeDamagePhoto(fileId) : undefined}
                  />
                ))}
              </Flex>
              {mayEdit &&
                (photoActions.progress[`damage-${index}`] === undefined ? (
                  <PhotoInput
                    label={t('handover-acts.steps.addPhoto')}
                    multiple
                    onPhotos={(files) => void photoActions.addDamagePhotos(index, files)}
                    testId={`act-add-damage-photo-${index}`}
                  />
                ) : (
                  <Progress percent={photoActions.progress[`damage-${index}`]} size="small" />
                ))}
            </div>
          ))}
        </Card>
        <Card title={field('documents')}>
          <PresenceTags items={act.documents} testId="act-documents-list" />
        </Card>
        <Card title={field('tires')}>
          {!act.tires?.length ? (
            <Typography.Text type="secondary">—</Typography.Text>
          ) : (
            <Descriptions column={1} size="small" bordered data-testid="act-tires-list">
              {act.tires.map((tire, index) => (
                <Descriptions.Item key={index} label={tire.position}>
                  {[tire.pressure === undefined ? null : amount(tire.pressure, 'bar'), tire.tread_depth === undefined ? null : amount(tire.tread_depth, 'mm')]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
        </Card>
      </Flex>
    </div>
  );
}
