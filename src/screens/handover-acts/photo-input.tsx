/**
 * A photo taken with the phone's camera (issue 13): `capture` opens the back camera (`environment`) or the
 * front one for a selfie (`user`); on a computer it is a file picker. The photo is downscaled at once
 * (downscale.ts) and shown as a thumbnail; it stays in the browser until the act is saved.
 */
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotImage, isTooLarge } from '../../fields/file/limits';
import { downscalePhoto } from './downscale';

export function Thumb({ file, alt, onRemove, testId }: { file: File; alt: string; onRemove?: () => void; testId: string }) {
  const { t } = useTranslation();
  // The object URL lives as long as the file is shown; it is let go once the browser has drawn the image.
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  return (
    <div style={{ position: 'relative', width: 96 }} data-testid={testId}>
      <img src={url} alt={alt} className="act-thumb" onLoad={() => URL.revokeObjectURL(url)} />
      {onRemove && (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('handover-acts.photo.remove')}
          onClick={onRemove}
          style={{ position: 'absolute', top: 4, right: 4 }}
          data-testid={`${testId}-remove`}
        />
      )}
    </div>
  );
}

interface PhotoInputProps {
  label: string;
  /** The front camera, for the driver's selfie. */
  selfie?: boolean;
  /** Several photos at once (a damage's). */
  multiple?: boolean;
  onPhotos: (files: File[]) => void;
  testId: string;
}

/** The camera button; hands over the downscaled photos. */
export function PhotoInput({ label, selfie = false, multiple = false, onPhotos, testId }: PhotoInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function chosen(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    // Said at once, naming the file: the act's save would otherwise refuse it after the last step.
    const notImage = files.find(isNotImage);
    if (notImage) {
      setError(`${notImage.name}: ${t('validation.file.imageOnly')}`);
      return;
    }
    setBusy(true);
    setError(null);
    const photos = await Promise.all(files.map(downscalePhoto));
    setBusy(false);
    if (photos.some(isTooLarge)) {
      setError(t('validation.file.tooLarge'));
      return;
    }
    onPhotos(photos);
  }

  return (
    <div className="act-photo-input">
      <label htmlFor={id} className="act-photo-input__button" data-testid={`${testId}-button`}>
        <CameraOutlined />
        <span>{busy ? t('handover-acts.photo.preparing') : label}</span>
        <input
          id={id}
          type="file"
          accept="image/*"
          capture={selfie ? 'user' : 'environment'}
          multiple={multiple}
          onChange={(event) => {
            void chosen(event.target.files);
            event.target.value = '';
          }}
          data-testid={testId}
        />
      </label>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
