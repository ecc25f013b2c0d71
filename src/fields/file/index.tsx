/**
 * Files (`x-widget: "file"` / `"files"`): picks a file, refuses one above 5 MB (5,242,880 bytes, SPEC §9)
 * with the translated message, and uploads it with a progress bar when the form gives an upload path
 * (`ui:options.uploadPath`); the value is then what the server answers (its file id or name). Without an
 * upload path (the multipart endpoints come with their screens) the value stays the chosen file's name.
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { DisplayProps, FieldKind, WidgetProps } from '../types';
import { Blank, isBlank } from '../shared';
import { nameOf } from './limits';

export { isTooLarge, maxFileBytes } from './limits';

function FileDisplay({ value }: DisplayProps) {
  if (isBlank(value) || (Array.isArray(value) && value.length === 0)) return <Blank />;
  const items = Array.isArray(value) ? value : [value];
  return <>{items.map(nameOf).join(', ')}</>;
}

// The picker is a chunk of its own (antd's Upload and Progress): only a form with a file field loads it,
// not the lists and show pages that draw file names.
const LazyFileWidget = lazy(() => import('./widget').then((module) => ({ default: module.FileWidget })));

function FileWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <LazyFileWidget {...props} />
    </Suspense>
  );
}

export const fileKind: FieldKind = {
  name: 'file',
  match: (schema) => schema['x-widget'] === 'file' || schema['x-widget'] === 'files',
  Display: FileDisplay,
  Widget: FileWidget,
};
