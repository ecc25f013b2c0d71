/**
 * What deleting a document type or one of its statuses takes with it (SPEC §4 cascades), asked of the
 * server when the confirmation opens: "This also deletes 3 employee documents."
 */
import { useApiUrl, useCustom } from '@refinedev/core';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { silentNotifications } from '../../providers/notifications';

export type DeleteTarget = { kind: 'type'; typeId: number } | { kind: 'status'; typeId: number; statusId: number };

interface Usage {
  employee_documents: number;
}

export function DeleteImpact({ target }: { target: DeleteTarget }) {
  const { t } = useTranslation();
  const apiUrl = useApiUrl();
  const url = target.kind === 'type' ? `${apiUrl}/documents/${target.typeId}/usage` : `${apiUrl}/documents/${target.typeId}/status/${target.statusId}/usage`;
  const { query } = useCustom<Usage>({ url, method: 'get', queryOptions: { staleTime: 0, gcTime: 0 }, ...silentNotifications });
  if (query.isLoading) return <Spin size="small" />;
  const count = query.data?.data.employee_documents;
  if (typeof count !== 'number') return null;
  return (
    <Typography.Text type={count > 0 ? 'danger' : 'secondary'} data-testid="delete-impact">
      {t('hrDocuments.deleteImpact', { count })}
    </Typography.Text>
  );
}
