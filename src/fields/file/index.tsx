/**
 * Files (`x-widget: "file"` / `"files"`): picks a file, refuses one above 5 MB (5,242,880 bytes, SPEC §9)
 * with the translated message, and uploads it with a progress bar when the form gives an upload path
 * (`ui:options.uploadPath`); the value is then what the server answers (its file id or name). Without an
 * upload path (the multipart endpoints come with their screens) the value stays the chosen file's name.
 */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../providers/api';
import { messageOf } from '../../providers/api-error';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, isBlank } from '../shared';

export const maxFileBytes = 5_242_880;

export function isTooLarge(file: { size: number }): boolean {
  return file.size > maxFileBytes;
}

function nameOf(value: unknown): string {
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return String(record.name ?? record.file_name ?? record.id ?? '');
  }
  return String(value);
}

function FileDisplay({ value }: DisplayProps) {
  if (isBlank(value) || (Array.isArray(value) && value.length === 0)) return <Blank />;
  const items = Array.isArray(value) ? value : [value];
  return <>{items.map(nameOf).join(', ')}</>;
}

function FileWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
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
      .upload<unknown>(uploadPath, body, setPercent)
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
    <div id={id}>
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

export const fileKind: FieldKind = {
  name: 'file',
  match: (schema) => schema['x-widget'] === 'file' || schema['x-widget'] === 'files',
  Display: FileDisplay,
  Widget: FileWidget,
};
