/** The panels of a resource's list page (`listPanels`), side by side above the list (stacked on a phone). */
import { Col, Row, Skeleton } from 'antd';
import { Suspense } from 'react';
import type { ResourceDefinition } from '../../../resources';
import { listPanels } from './registry';

export function ListPanels({ resource }: { resource: ResourceDefinition }) {
  const names = resource.listPanels ?? [];
  if (names.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="list-panels">
      {names.map((name) => {
        const Panel = listPanels[name];
        return (
          <Col key={name} xs={24} lg={24 / Math.min(names.length, 2)}>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
              <Panel resource={resource} />
            </Suspense>
          </Col>
        );
      })}
    </Row>
  );
}
