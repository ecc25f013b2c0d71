/**
 * Stand-in for `react-markdown`, which @refinedev/antd imports at its top level for its MarkdownField.
 * Fleetdesk shows no markdown, so the real library (~40 KB gzip with remark) is aliased to this stub in
 * vite.config.ts; should markdown ever be shown, it renders as plain text instead of failing.
 */
import type { ReactNode } from 'react';

export default function ReactMarkdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
