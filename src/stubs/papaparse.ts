/**
 * Stand-in for `papaparse`, which @refinedev/core imports at its top level for its CSV import and export
 * hooks (useImport, useExport). Fleetdesk uses neither: the shell does not download a CSV parser.
 */
function unavailable(): never {
  throw new Error('CSV import and export are not part of Fleetdesk (papaparse is stubbed in vite.config.ts)');
}

export default { parse: unavailable, unparse: unavailable };
