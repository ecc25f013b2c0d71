/**
 * The error answers an operation declares, all with the one `Error` schema (`{ message, errors? }` in the
 * request's language, plugins/errors.ts), by what the route does: the statuses of docs/architecture.md, so a
 * client generated from the document knows every failure it must show (SPEC §8: the server's message).
 */
type Json = Record<string, unknown>;

export const ERROR_SCHEMA: Json = {
  type: 'object',
  description: 'Every failure: the message to show, in the language of `Accept-Language`, and the messages per field of a 422.',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', description: 'Messages per field (422)', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

export const errorResponse = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export interface ErrorTraits {
  /** Needs a signed-in member (401), with a right (403). */
  signedIn?: boolean;
  /** POST, PUT, PATCH or DELETE: the `X-CSRF-Token` header is required (403 without it). */
  changes?: boolean;
  /** Ids in the path: 404 for a missing one or another tenant's. */
  pathIds?: boolean;
  /** A JSON body (malformed 400, over 1 MB 413, another media type 415, invalid 422). */
  jsonBody?: boolean;
  /** A multipart form with files (too large 413, a file of another type 415, invalid 422). */
  upload?: boolean;
  /** Query parameters that are checked (unknown or invalid: 422). */
  query?: boolean;
  /** Rate limited per address (429). */
  limited?: boolean;
  /** Specific descriptions that replace the general one of a status (e.g. 409 of an update: a stale version). */
  specific?: Record<number, string>;
}

/** The 4xx answers (and the unexpected `default`) an operation with these traits can give. */
export function errorResponses(traits: ErrorTraits): Record<string, Json> {
  const descriptions: Record<number, string> = {
    // Any request can be refused before routing (a URL that is not valid UTF-8, a malformed body).
    400: traits.jsonBody ? 'Malformed request or JSON body' : 'Malformed request',
  };
  if (traits.signedIn) descriptions[401] = 'Not signed in, or the token was revoked or its member disabled';
  if (traits.signedIn || traits.changes)
    descriptions[403] = [traits.signedIn ? 'Missing right' : '', traits.changes ? 'no `X-CSRF-Token` header' : ''].filter(Boolean).join(', or ');
  if (traits.pathIds) descriptions[404] = 'Not found (also another tenant’s id)';
  if (traits.jsonBody || traits.upload) descriptions[413] = traits.upload ? 'A file over its size limit' : 'Body over 1 MB';
  if (traits.jsonBody || traits.upload) descriptions[415] = traits.upload ? 'Not a multipart form, or a file of a type not accepted' : 'Not a JSON body';
  if (traits.jsonBody || traits.upload || traits.query) descriptions[422] = 'Invalid data, with messages per field';
  if (traits.limited) descriptions[429] = 'Too many attempts: try again in the seconds the message says';
  Object.assign(descriptions, traits.specific);
  const responses: Record<string, Json> = {};
  for (const [status, description] of Object.entries(descriptions)) responses[status] = errorResponse(description);
  responses.default = errorResponse('Unexpected error (500), with a generic message');
  return responses;
}
