/** The file picker of the file kind (see index.tsx): a chunk of its own. */
import { ariaDescribedByIds } from '@rjsf/utils';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../providers/api';
import { messageOf } from '../../providers/api-error';
import type { WidgetProps } from '../types';
import { isBlank } from '../shared';
import { isTooLarge, nameOf } from './limits';

export function FileWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number>();
  const [error, setError] = useState<string>();
  const uploadPath = typeof options.uploadPath === 'string' ? options.uploadPath : undefined;

  function choose(file: File) {
    setError(undefined);
    if (isTooLarge(file)) {
      setError(t('validation.file.tooLarge'));
      return false;
    }
    if (!uploadPath) {
      onChange(file.name);
      return false;
    }
    const body = new FormData();
    body.append('file', file);
    setPercent(0);
    api
      .post<unknown>(uploadPath, body, { onProgress: setPercent })
      .then((answer) => {
        setPercent(100);
        onChange(answer.data ?? file.name);
      })
      .catch((failure) => {
        setPercent(undefined);
        setError(messageOf(failure, t('fields.file.failed')));
      });
    return false;
  }

  return (
    <div id={id} role="group" aria-describedby={ariaDescribedByIds(id)}>
      <Upload beforeUpload={choose} showUploadList={false} disabled={disabled || readonly} maxCount={1}>
        <Button icon={<UploadOutlined />} disabled={disabled || readonly}>
          {t('fields.file.choose')}
        </Button>
      </Upload>
      {!isBlank(value) && <Typography.Text style={{ marginLeft: 8 }}>{nameOf(value)}</Typography.Text>}
      <div>
        <Typography.Text type="secondary">{t('fields.file.limit')}</Typography.Text>
      </div>
      {percent !== undefined && <Progress percent={percent} size="small" />}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
