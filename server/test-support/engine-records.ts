/**
 * Making engine records through the API the way a client does, for tests that iterate over the
 * registry: referenced and parent records are made first (recursively), then the record itself from
 * the schema's sample body. Resources the engine cannot create (no `create` endpoint: hand-written
 * ones) answer null, and so does anything that requires one of them.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { resources } from '../../resources/index';
import type { Endpoint } from '../../resources/types';
import { buildModel, type EngineModel, type EngineResource } from '../engine/model';
import { sampleRecord, type RefIds } from '../engine/sample-record';
import { call } from './api-client';

export const model: EngineModel = buildModel(resources);

export function endpointUrl(endpoint: Endpoint, params: Record<string, number | string>): string {
  return `/api${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`No value for {${name}} in ${endpoint.path}`);
    return String(params[name]);
  })}`;
}

export interface Made {
  resource: EngineResource;
  id: number;
  /** Path parameters that reach this record (parent, pathFields, id). */
  params: Record<string, number>;
  body: Record<string, unknown>;
  record: Record<string, unknown>;
}

export function isCreatable(resource: EngineResource, trail: string[] = []): boolean {
  if (!resource.definition.api.create || trail.includes(resource.name)) return false;
  const parent = resource.definition.parent;
  if (parent && !isCreatable(model.byName.get(parent.resource) as EngineResource, [...trail, resource.name])) return false;
  const required = new Set(resource.loaded.schema.required ?? []);
  const fromPath = new Set(Object.values(resource.pathFields));
  return resource.references.every(
    ({ field, ref }) =>
      (!required.has(field) && !fromPath.has(field)) ||
      ref.resource === resource.name ||
      isCreatable(model.byName.get(ref.resource) as EngineResource, [...trail, resource.name]),
  );
}

let made = 0;

/** A German IBAN of its own, its check digits worked out (ISO 13616 mod 97): the account number is `made`'s. */
function ibanOf(number: number): string {
  const bban = `37040044${String(number % 10_000_000_000).padStart(10, '0')}`;
  // D = 13, E = 14; "DE00" moved to the end, as the check reads it.
  const check = 98 - Number(BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

/**
 * Values that must be unique get their own in each record made, the schema's format kept: logins and e-mails
 * across all tenants (members are the sign-in table), and `x-unique` fields (an employee's passport numbers).
 */
export function uniqueFieldValues(resource: EngineResource): Record<string, string> {
  const unique = `${process.pid}x${++made}`;
  const fields: Record<string, string> = {};
  for (const [field, property] of Object.entries(resource.properties)) {
    if (property.readOnly === true) continue;
    if (property.format === 'login') fields[field] = `member${unique}`;
    else if (property.format === 'email') fields[field] = `member${unique}@example.com`;
    // A VIN is 17 characters of its alphabet (no I, O or Q).
    else if (property['x-unique'] === true && property.format === 'vin') fields[field] = `V${unique}`.toUpperCase().padStart(17, '0');
    else if (property['x-unique'] === true && property.format === 'iban') fields[field] = ibanOf(process.pid * 100_000 + made);
    else if (property['x-unique'] === true && property.type === 'string') fields[field] = `U${unique}`.toUpperCase();
  }
  return fields;
}

/**
 * A body whose `x-not-same-as` pairs hold one value (both drivers the one made employee) loses the member of the pair
 * the caller did not ask for, when the schema lets it go: a test of the second driver keeps the second driver.
 */
function withoutSameTwice(resource: EngineResource, body: Record<string, unknown>, asked: Record<string, unknown>): Record<string, unknown> {
  const required = new Set(resource.loaded.schema.required ?? []);
  for (const [field, property] of Object.entries(resource.properties)) {
    const sibling = property['x-not-same-as'];
    if (typeof sibling !== 'string' || body[field] === undefined || body[field] !== body[sibling]) continue;
    const dropped = [field, sibling].find((name) => !Object.hasOwn(asked, name) && !required.has(name));
    if (dropped) delete body[dropped];
  }
  return body;
}

/** A body the create endpoint takes: the schema's sample, values of its own where they must be unique, `overrides` on top. */
export function sampleBody(resource: EngineResource, refs: RefIds, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return withoutSameTwice(resource, { ...sampleRecord(resource, refs), ...uniqueFieldValues(resource), ...overrides }, overrides);
}

export class RecordMaker {
  /** One record per resource made as a dependency, reused for later ones. */
  private readonly dependencies = new Map<string, Made | null>();
  /** Dependencies being made right now: a reference back to one (members ⇄ departments) is left out, not chased forever. */
  private readonly making = new Set<string>();

  constructor(
    readonly app: FastifyInstance,
    readonly token: string,
  ) {}

  creatable(resource: EngineResource): boolean {
    return isCreatable(resource);
  }

  async dependency(name: string): Promise<Made | null> {
    if (this.making.has(name)) return null;
    if (!this.dependencies.has(name)) {
      const resource = model.byName.get(name) as EngineResource;
      this.making.add(name);
      try {
        this.dependencies.set(name, this.creatable(resource) ? await this.make(resource) : null);
      } finally {
        this.making.delete(name);
      }
    }
    return this.dependencies.get(name) ?? null;
  }

  /** Ids for the references of `resource` (dependencies made on the way). */
  async refs(resource: EngineResource): Promise<RefIds> {
    const refs: RefIds = {};
    for (const { ref } of resource.references) {
      if (ref.resource === resource.name || refs[ref.resource] !== undefined) continue;
      const made = await this.dependency(ref.resource);
      if (made) refs[ref.resource] = made.id;
    }
    return refs;
  }

  /** Path parameters of the create endpoint (parent id, pathFields' referenced ids). */
  async pathParams(resource: EngineResource, refs: RefIds): Promise<Record<string, number>> {
    const params: Record<string, number> = {};
    const parent = resource.definition.parent;
    if (parent) params[parent.param] = (await this.dependency(parent.resource))?.id as number;
    for (const [param, field] of Object.entries(resource.pathFields)) {
      const target = resource.references.find((reference) => reference.field === field);
      if (target) params[param] = refs[target.ref.resource] as number;
    }
    return params;
  }

  /**
   * @param options.refs ids to use for references instead of the shared dependencies (a fresh target);
   * @param options.parentId the parent to make it under instead of the shared one.
   */
  async make(resource: EngineResource, overrides: Record<string, unknown> = {}, options: { refs?: RefIds; parentId?: number } = {}): Promise<Made> {
    const started = !this.making.has(resource.name);
    if (started) this.making.add(resource.name);
    let refs: RefIds;
    try {
      refs = { ...(await this.refs(resource)), ...options.refs };
    } finally {
      if (started) this.making.delete(resource.name);
    }
    const params = await this.pathParams(resource, refs);
    const parent = resource.definition.parent;
    if (parent && options.parentId !== undefined) params[parent.param] = options.parentId;
    const token = this.token;
    const body = sampleBody(resource, refs, overrides);
    const response = await call(this.app, 'POST', endpointUrl(resource.definition.api.create as Endpoint, params), body, { token });
    expect(response.statusCode, `${resource.name}: ${response.body}`).toBe(200);
    const record = response.json<{ data: Record<string, unknown> }>().data;
    const id = record[resource.idField] as number;
    return { resource, id, params: { ...params, id }, body, record };
  }
}
