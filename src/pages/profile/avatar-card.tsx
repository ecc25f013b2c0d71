/**
 * The avatar with its upload: images only and at most 5 MB, checked before sending; the upload shows
 * its progress and, when done, the new avatar replaces the old one everywhere (header included).
 */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../layout/user-avatar';
import { toast } from '../../providers/toast';
import type { User } from '../../session/user';
import { avatarFileProblem, avatarTypes, uploadAvatar } from './profile-actions';

export function AvatarCard({ user }: { user: User | null }) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const fullName = [user?.name, user?.last_name].filter(Boolean).join(' ') || t('header.defaultUserName');

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = avatarFileProblem(file);
    if (!problem) return true;
    toast('error', t(problem));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    setPercent(0);
    uploadAvatar(file as File, (value) => {
      setPercent(value);
      onProgress?.({ percent: value });
    })
      .then((avatar) => onSuccess?.(avatar))
      .catch((error: Error) => onError?.(error))
      .finally(() => setPercent(null));
  };

  return (
    <Card title={t('personalInfo.avatar.title')} className="fd-avatar-card">
      <div className="fd-avatar-card__body">
        <div data-testid="profile-avatar">
          <UserAvatar path={user?.avatar} size={112} alt={t('header.avatarAlt')} />
        </div>
        <Typography.Title level={4} style={{ margin: '12px 0 0' }}>
          {fullName}
        </Typography.Title>
        {user?.job_position && <Typography.Text type="secondary">{user.job_position}</Typography.Text>}
        {user?.company && <Typography.Text type="secondary">{user.company.name}</Typography.Text>}
        <div data-testid="avatar-upload" className="fd-avatar-card__upload">
          <Upload accept={avatarTypes.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest} maxCount={1}>
            <Button icon={<UploadOutlined />} loading={percent !== null} data-testid="avatar-upload-button">
              {t('personalInfo.avatar.upload')}
            </Button>
          </Upload>
        </div>
        {percent !== null && <Progress percent={percent} size="small" data-testid="avatar-upload-progress" aria-label={t('personalInfo.avatar.progress')} />}
        <Typography.Text type="secondary" className="fd-avatar-card__hint">
          {t('personalInfo.avatar.hint')}
        </Typography.Text>
      </div>
    </Card>
  );
}
