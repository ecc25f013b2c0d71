/** The bulk generator's accounts (the benchmark signs in as the large tenant's owner). */
export const BULK_LOGIN = 'bulk.large.owner';
export const BULK_PASSWORD = 'fleetdesk-bulk-2024';
export const SMALL_PASSWORD = 'fleetdesk-small-2024';
