/**
 * A stored photo of an act (`/api/files/{id}`), fetched with the bearer header; a click opens it larger.
 * With `onRemove`, a delete button that asks first.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Image, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileUrl } from '../../fields/file/use-file-url';

interface ActPhotoProps {
  fileId: number;
  alt: string;
  testId: string;
  onRemove?: () => Promise<void>;
}

export function ActPhoto({ fileId, alt, testId, onRemove }: ActPhotoProps) {
  const { t } = useTranslation();
  const { url, failed } = useFileUrl(`/api/files/${fileId}`);
  const picture = failed ? (
    <Typography.Text type="secondary">{t('handover-acts.pdf.photoUnreadable')}</Typography.Text>
  ) : !url ? (
    <Skeleton.Image active style={{ width: 160, height: 160 }} />
  ) : (
    <Image src={url} alt={alt} className="act-page__photo" width={160} height={160} data-testid={testId} />
  );
  if (!onRemove) return picture;
  return (
    <div style={{ position: 'relative', width: 160 }}>
      {picture}
      <Popconfirm
        title={t('handover-acts.page.removePhoto')}
        description={t('crud.confirm.deleteDescription')}
        okText={t('crud.buttons.delete')}
        cancelText={t('crud.buttons.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={onRemove}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('handover-acts.page.removePhoto')}
          style={{ position: 'absolute', top: 6, right: 6 }}
          data-testid={`${testId}-remove`}
        />
      </Popconfirm>
    </div>
  );
}
