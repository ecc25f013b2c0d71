/** A stored photo of an act (`/api/files/{id}`), fetched with the bearer header; a click opens it larger. */
import { Image, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFileUrl } from '../../fields/file/use-file-url';

export function ActPhoto({ fileId, alt, testId }: { fileId: number; alt: string; testId: string }) {
  const { t } = useTranslation();
  const { url, failed } = useFileUrl(`/api/files/${fileId}`);
  if (failed) return <Typography.Text type="secondary">{t('handover-acts.pdf.photoUnreadable')}</Typography.Text>;
  if (!url) return <Skeleton.Image active style={{ width: 160, height: 160 }} />;
  return <Image src={url} alt={alt} className="act-page__photo" width={160} height={160} data-testid={testId} />;
}
