/**
 * A member's access rights (`type: "array"` of `format: "permission"` strings, `x-widget: "permissions"`):
 * edited as a matrix of the registry's permission keys × view/create/update/delete, the named rights,
 * and presets (Dispatcher, HR manager …) that fill the matrix; shown as one tag per key. Everything is
 * derived from resources/permissions.ts, so a new resource gets its row without code here. A member can
 * grant only rights they hold (the server refuses the rest): those are drawn but disabled.
 */
import { ariaDescribedByIds } from '@rjsf/utils';
import { Alert, Button, Checkbox, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS,
  allPermissions,
  NAMED_RIGHTS,
  permissionKeys,
  permissionName,
  PRESET_NAMES,
  presetPermissions,
  viewRightOf,
} from '../../../resources/permissions';
import { useAccess } from '../../access/use-access';
import type { DisplayProps, FieldKind, PropertySchema, WidgetProps } from '../types';
import { Blank, hasType } from '../shared';
import './permissions.css';

export const keyLabelKey = (key: string) => `permissions.keys.${key}`;
export const namedLabelKey = (right: string) => `permissions.named.${right}`;

function rightsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The rights in the registry's order, rights the registry no longer knows kept at the end. */
export function orderedRights(rights: Iterable<string>): string[] {
  const set = new Set(rights);
  const known = allPermissions();
  return [...known.filter((right) => set.has(right)), ...[...set].filter((right) => !known.includes(right))];
}

/**
 * A preset applied by a member who may grant `grantable` rights: the preset's grantable rights, plus the
 * rights already held that the member cannot change (they can neither grant nor take those away).
 */
export function applyPreset(name: string, current: readonly string[], grantable: (right: string) => boolean): string[] {
  const fixed = current.filter((right) => !grantable(right));
  return orderedRights([...presetPermissions(name).filter(grantable), ...fixed]);
}

function PermissionsDisplay({ value }: DisplayProps) {
  const { t } = useTranslation();
  const rights = new Set(rightsOf(value));
  if (rights.size === 0) return <Blank />;
  const tags = permissionKeys()
    .map((key) => {
      const actions = ACTIONS.filter((action) => rights.has(permissionName(key, action)));
      return actions.length === 0
        ? null
        : `${t(keyLabelKey(key), { defaultValue: key })}: ${actions.map((action) => t(`permissions.actions.${action}`)).join(', ')}`;
    })
    .filter((text): text is string => text !== null);
  const named = NAMED_RIGHTS.filter((right) => rights.has(right)).map((right) => t(namedLabelKey(right), { defaultValue: right }));
  return (
    <Space size={[4, 4]} wrap>
      {[...tags, ...named].map((text) => (
        <Tag key={text}>{text}</Tag>
      ))}
    </Space>
  );
}

function PermissionsWidget({ id, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const { t } = useTranslation();
  const access = useAccess();
  const rights = rightsOf(value);
  const selected = new Set(rights);
  const locked = Boolean(disabled || readonly);
  const grantable = (right: string) => !locked && access.holds(right);
  const formData = (registry?.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  const isAdministrator = formData?.administrator === true;

  const change = (next: Set<string>) => onChange(orderedRights(next));
  // Creating, editing or deleting comes with viewing the same area (the server refuses the one without the other):
  // ticking one ticks View, and unticking View unticks the rest of the row.
  const toggle = (right: string, on: boolean) => {
    const next = new Set(selected);
    const view = viewRightOf(right);
    if (on) {
      next.add(right);
      if (view && grantable(view)) next.add(view);
    } else {
      next.delete(right);
      for (const other of next) if (viewRightOf(other) === right && grantable(other)) next.delete(other);
    }
    change(next);
  };
  const toggleRow = (key: string, on: boolean) => {
    const next = new Set(selected);
    for (const action of ACTIONS) {
      const right = permissionName(key, action);
      if (!grantable(right)) continue;
      if (on) next.add(right);
      else next.delete(right);
    }
    change(next);
  };
  const actionLabel = (action: string) => t(`permissions.actions.${action}`);

  return (
    <div className="fd-permissions" id={id} role="group" aria-describedby={ariaDescribedByIds(id)} data-testid="permissions-widget">
      <Alert
        type="info"
        showIcon
        className="fd-permissions__note"
        message={isAdministrator ? t('permissions.isAdministrator') : t('permissions.administratorsHoldAll')}
        description={access.administrator ? undefined : t('permissions.grantOnlyHeld')}
      />
      <Space wrap className="fd-permissions__presets" role="group" aria-label={t('permissions.presetsLabel')}>
        <Typography.Text type="secondary">{t('permissions.presetsLabel')}:</Typography.Text>
        {PRESET_NAMES.map((name) => (
          <Button
            key={name}
            size="small"
            disabled={locked}
            data-testid={`permissions-preset-${name}`}
            onClick={() => onChange(applyPreset(name, rights, grantable))}
          >
            {t(`permissions.presets.${name}`, { defaultValue: name })}
          </Button>
        ))}
        <Button
          size="small"
          type="text"
          disabled={locked}
          data-testid="permissions-clear"
          onClick={() => change(new Set(rights.filter((right) => !grantable(right))))}
        >
          {t('permissions.clear')}
        </Button>
      </Space>
      {/* On a phone the matrix scrolls inside the dialog, not the dialog across the screen. */}
      <div className="fd-permissions__scroll">
        <table className="fd-permissions__matrix">
          <caption className="fd-permissions__caption">{t('permissions.matrixCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('permissions.area')}</th>
              {ACTIONS.map((action) => (
                <th scope="col" key={action}>
                  {actionLabel(action)}
                </th>
              ))}
              <th scope="col">{t('permissions.all')}</th>
            </tr>
          </thead>
          <tbody>
            {permissionKeys().map((key) => {
              const keyLabel = t(keyLabelKey(key), { defaultValue: key });
              const row = ACTIONS.map((action) => permissionName(key, action));
              const count = row.filter((right) => selected.has(right)).length;
              return (
                <tr key={key}>
                  <th scope="row">{keyLabel}</th>
                  {row.map((right, index) => (
                    <td key={right}>
                      <Checkbox
                        checked={selected.has(right)}
                        disabled={!grantable(right)}
                        aria-label={`${keyLabel}: ${actionLabel(ACTIONS[index])}`}
                        data-testid={`permission-${right}`}
                        onChange={(event) => toggle(right, event.target.checked)}
                      />
                    </td>
                  ))}
                  <td>
                    <Checkbox
                      checked={count === row.length}
                      indeterminate={count > 0 && count < row.length}
                      disabled={!row.some(grantable)}
                      aria-label={t('permissions.allOf', { area: keyLabel })}
                      data-testid={`permission-row-${key}`}
                      onChange={(event) => toggleRow(key, event.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <fieldset className="fd-permissions__named">
        <legend>{t('permissions.namedRights')}</legend>
        {NAMED_RIGHTS.map((right) => (
          <div key={right}>
            <Checkbox
              checked={selected.has(right)}
              disabled={!grantable(right)}
              data-testid={`permission-${right}`}
              onChange={(event) => toggle(right, event.target.checked)}
            >
              {t(namedLabelKey(right), { defaultValue: right })}
            </Checkbox>
            <Typography.Text type="secondary" className="fd-permissions__hint">
              {t(`permissions.namedHints.${right}`, { defaultValue: '' })}
            </Typography.Text>
          </div>
        ))}
      </fieldset>
    </div>
  );
}

export function isPermissionList(schema: PropertySchema): boolean {
  const items = schema.items;
  return schema['x-widget'] === 'permissions' || (hasType(schema, 'array') && items?.format === 'permission');
}

export const permissionsKind: FieldKind = {
  name: 'permissions',
  match: isPermissionList,
  Display: PermissionsDisplay,
  Widget: PermissionsWidget,
};
