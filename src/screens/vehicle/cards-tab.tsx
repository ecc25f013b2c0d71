/**
 * The vehicle's fuel and road cards: the generic list of `cards` scoped to the vehicle (days left shown;
 * "New" makes a card already linked to it), "Link a card" picks one of the cards linked to no vehicle
 * (`transport_id_empty=true`) and links it, "Detach" (after a confirmation) clears the card's vehicle and
 * keeps the card. Linking and detaching are the card's generic update with its version (a card changed
 * meanwhile answers 409).
 */
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useSelect, useUpdate, type BaseRecord } from '@refinedev/core';
import { Button, Form, Modal, Popconfirm, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceByName } from '../../../resources';
import { useAccess } from '../../access/use-access';
import { CrudList } from '../../crud/crud-list';
import { idOf, labelOf } from '../../crud/schemas';
import { mutationNotifications, readNotifications } from '../../providers/notifications';

type Row = Record<string, unknown>;

function LinkCardModal({ transportId, onClose }: { transportId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const cards = resourceByName('cards');
  const [picked, setPicked] = useState<string>();
  const { mutate: update, mutation } = useUpdate();
  const { query, options, onSearch } = useSelect<BaseRecord>({
    resource: cards.name,
    optionValue: (card) => String(card.card_id as number),
    optionLabel: (card) => labelOf(cards, card),
    filters: [{ field: 'transport_id_empty', operator: 'eq', value: 'true' }],
    // The list's free-text search (the serial number), not a filter on the label's field.
    onSearch: (value) => [{ field: 'search', operator: 'contains', value }],
    pagination: { pageSize: 50, mode: 'server' },
    debounce: 300,
    ...readNotifications,
  });
  const card = (query.data?.data ?? []).find((row) => String(row.card_id as number) === picked);

  function link() {
    if (!card || !picked) return;
    update(
      {
        resource: cards.name,
        id: picked,
        values: { transport_id: transportId, version: card.version as number },
        meta: { record: card },
        ...mutationNotifications,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal
      open
      title={t('vehicle.cards.linkTitle')}
      okText={t('vehicle.cards.link')}
      cancelText={t('crud.buttons.cancel')}
      okButtonProps={{ disabled: !card, loading: mutation.isPending, id: 'vehicle-card-link-confirm' }}
      onOk={link}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('vehicle.cards.unlinked')} htmlFor="vehicle-card-link-select">
          <Select
            id="vehicle-card-link-select"
            showSearch
            filterOption={false}
            onSearch={onSearch}
            options={options}
            value={picked}
            onChange={setPicked}
            loading={query.isFetching}
            placeholder={t('vehicle.cards.pick')}
            notFoundContent={t('vehicle.cards.noneUnlinked')}
            data-testid="vehicle-card-link-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DetachButton({ card }: { card: Row }) {
  const { t } = useTranslation();
  const cards = resourceByName('cards');
  const id = idOf(cards, card) ?? '';
  const { mutate: update } = useUpdate();
  return (
    <Popconfirm
      title={t('vehicle.cards.detachTitle')}
      description={t('vehicle.cards.detachDescription', { card: labelOf(cards, card) })}
      okText={t('vehicle.cards.detach')}
      cancelText={t('crud.buttons.cancel')}
      onConfirm={() =>
        update({ resource: cards.name, id, values: { transport_id: null, version: card.version }, meta: { record: card }, ...mutationNotifications })
      }
    >
      <Tooltip title={t('vehicle.cards.detach')}>
        <Button size="small" icon={<DisconnectOutlined />} aria-label={t('vehicle.cards.detach')} data-testid={`vehicle-card-detach-${id}`} />
      </Tooltip>
    </Popconfirm>
  );
}

export function CardsTab({ transportId }: { transportId: string }) {
  const { t } = useTranslation();
  const cards = resourceByName('cards');
  const access = useAccess();
  const [linking, setLinking] = useState(false);
  const canLink = access.can(cards, 'edit');
  return (
    <div data-testid="vehicle-cards">
      <CrudList
        resource={cards}
        scope={{ transport_id: Number(transportId) }}
        extraActions={
          canLink && (
            <Button icon={<LinkOutlined />} onClick={() => setLinking(true)} data-testid="vehicle-card-link">
              {t('vehicle.cards.link')}
            </Button>
          )
        }
        rowActions={canLink ? (card) => <DetachButton card={card} /> : undefined}
      />
      {linking && <LinkCardModal transportId={Number(transportId)} onClose={() => setLinking(false)} />}
    </div>
  );
}
