/** The web addresses of the handover acts screens (src/routes.tsx) and of an act's API calls. */
export const ACTS_ROUTE = '/maintenance-acceptance-certificate';

export const actPath = (transportId: number | string, id: number | string) => `${ACTS_ROUTE}/${transportId}/${id}`;

/** The step form; for one vehicle when given. */
export const newActPath = (transportId?: number | string) => `${ACTS_ROUTE}/new${transportId === undefined ? '' : `?transport_id=${transportId}`}`;

/** An act's API path (under `/api`), plus a tail such as `photos` or `pdf`. */
export const actApi = (transportId: number | string, id: number | string, tail = '') =>
  `/transport/${encodeURIComponent(String(transportId))}/handover-acts/${encodeURIComponent(String(id))}${tail ? `/${tail}` : ''}`;
