import { defineResource, idFirstApi } from './types';

/**
 * Insurances of a trailer, the Insurances tab. SPEC §7 gives no path for them: `/trailers/{trailerId}/insurances`
 * (id-first, like the employee sub-resources) is invented here.
 */
export const trailerInsurances = defineResource({
  name: 'trailer-insurances',
  schema: 'trailer-insurance',
  api: idFirstApi('/trailers/{trailerId}/insurances'),
  parent: { resource: 'trailers', param: 'trailerId', field: 'trailer_id' },
  label: ['insurer', 'policy_number'],
  defaultSort: { field: 'end_date', order: 'desc' },
  permission: 'trailers',
});
