/**
 * References between resources, over every x-ref of the registry: a reference to another tenant's
 * record is refused like a missing one, and deleting a referenced record applies its rule (restrict,
 * set-null, cascade), as does deleting a parent for its children.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../resources/types';
import { call, expectErrorShape, registerUser, type RegisteredUser } from '../test-support/api-client';
import { databases } from '../test-support/databases';
import { endpointUrl, isCreatable, model, RecordMaker } from '../test-support/engine-records';
import { en } from '../test-support/locale-text';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { derivedColumn } from './derived-fields';
import type { EngineResource, ReferenceField } from './model';

interface Case {
  label: string;
  resource: EngineResource;
  reference: ReferenceField;
  target: EngineResource;
}

const cases: Case[] = model.resources.flatMap((resource) =>
  resource.references
    .map((reference) => ({ resource, reference, target: model.byName.get(reference.ref.resource) as EngineResource }))
    .filter(
      ({ resource, target }) => target !== resource && isCreatable(resource) && isCreatable(target) && resource.definition.parent?.resource !== target.name,
    )
    .map((entry) => ({ ...entry, label: `${entry.resource.name}.${entry.reference.field} → ${entry.target.name} (${entry.reference.ref.onDelete})` })),
);

const children = model.resources.filter((resource) => resource.definition.parent && isCreatable(resource));

describe.each(databases)('references on %s', (kind) => {
  let test: TestApp;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let maker: RecordMaker;
  let strangerMaker: RecordMaker;

  beforeAll(async () => {
    test = await startTestApp(kind);
    owner = await registerUser(test.app);
    stranger = await registerUser(test.app);
    maker = new RecordMaker(test.app, owner.token);
    strangerMaker = new RecordMaker(test.app, stranger.token);
  });
  afterAll(async () => test?.close());

  /** The stored record, with derived fields read the way the engine reads them (a department's members live on the members). */
  const row = async (resource: EngineResource, id: number) => {
    const derived = derivedColumn(resource.derived);
    const found = (await test.database.pool.query(`SELECT data${derived ? `, ${derived}` : ''} FROM "${resource.table}" WHERE id = $1`, [id])).rows[0] as
      { data: Record<string, unknown>; derived?: Record<string, unknown> } | undefined;
    return found && { data: { ...found.data, ...found.derived } };
  };

  /** What the delete question is told a delete of the record would do (delete-impact.ts). */
  const impact = async (target: EngineResource, id: number) => {
    const response = await call(test.app, 'GET', `/api/delete-impact/${target.name}/${id}`, undefined, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Array<{ resource: string; effect: string; count: number }> }>().data;
  };
  const EFFECT = { restrict: 'blocks', 'set-null': 'cleared', cascade: 'deleted' } as const;

  it('covers references of the registry', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((entry) => [entry.label, entry] as const))(
    '%s: another tenant’s record is refused like a missing one',
    async (_label, { resource, reference, target }) => {
      const foreign = await strangerMaker.make(target);
      const refs = await maker.refs(resource);
      const params = await maker.pathParams(resource, refs);
      const fromPath = Object.entries(resource.pathFields).find(([, field]) => field === reference.field);
      if (fromPath) {
        // A reference the path supplies (`/employees/{companyId}/store`): a foreign id there is a 404.
        const response = await call(
          test.app,
          'POST',
          endpointUrl(resource.definition.api.create as Endpoint, { ...params, [fromPath[0]]: foreign.id }),
          {},
          { token: owner.token },
        );
        expect(response.statusCode).toBe(404);
        return;
      }
      const { body } = await maker.make(resource);
      for (const value of reference.many ? [[foreign.id], [987_654_321]] : [foreign.id, 987_654_321]) {
        const response = await call(
          test.app,
          'POST',
          endpointUrl(resource.definition.api.create as Endpoint, params),
          { ...body, [reference.field]: value },
          { token: owner.token },
        );
        expect(response.statusCode, response.body).toBe(422);
        expect(expectErrorShape(response).errors?.[reference.field]).toEqual([en('validation.refMissing')]);
      }
    },
  );

  it.each(cases.filter((entry) => entry.target.definition.api.delete).map((entry) => [entry.label, entry] as const))(
    '%s: deleting the referenced record applies the rule in one transaction',
    async (_label, { resource, reference, target }) => {
      const referenced = await maker.make(target);
      const fromPath = Object.values(resource.pathFields).includes(reference.field);
      const overrides = fromPath ? {} : { [reference.field]: reference.many ? [referenced.id] : referenced.id };
      const referencing = await maker.make(resource, overrides, { refs: { [target.name]: referenced.id } });
      expect(referencing.record[reference.field]).toEqual(reference.many ? [referenced.id] : referenced.id);
      // Told before it happens, by the rule that then applies.
      const told = (await impact(target, referenced.id)).find((line) => line.resource === resource.name && line.effect === EFFECT[reference.ref.onDelete]);
      expect(told?.count).toBeGreaterThanOrEqual(1);

      const response = await call(test.app, 'DELETE', endpointUrl(target.definition.api.delete as Endpoint, referenced.params), undefined, {
        token: owner.token,
      });
      const after = await row(resource, referencing.id);
      switch (reference.ref.onDelete) {
        case 'restrict':
          expect(response.statusCode, response.body).toBe(409);
          expect(expectErrorShape(response).message).toBe(en('errors.inUse'));
          expect(await row(target, referenced.id)).toBeDefined();
          expect(after?.data[reference.field]).toEqual(referencing.record[reference.field]);
          break;
        case 'set-null':
          expect(response.statusCode, response.body).toBe(200);
          expect(await row(target, referenced.id)).toBeUndefined();
          if (reference.many) expect(after?.data[reference.field]).toEqual([]);
          else expect(after?.data).not.toHaveProperty(reference.field);
          break;
        case 'cascade':
          expect(response.statusCode, response.body).toBe(200);
          expect(await row(target, referenced.id)).toBeUndefined();
          expect(after).toBeUndefined();
          break;
      }
    },
  );

  it.each(
    children
      .filter((child) => model.byName.get(child.definition.parent?.resource as string)?.definition.api.delete)
      .map((child) => [child.name, child] as const),
  )('%s: deleting the parent deletes the record', async (_name, child) => {
    const parentResource = model.byName.get(child.definition.parent?.resource as string) as EngineResource;
    const parent = await maker.make(parentResource);
    const made = await maker.make(child, {}, { parentId: parent.id });
    expect(await impact(parentResource, parent.id)).toContainEqual({ resource: child.name, effect: 'deleted', count: 1 });
    const response = await call(test.app, 'DELETE', endpointUrl(parentResource.definition.api.delete as Endpoint, parent.params), undefined, {
      token: owner.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await row(child, made.id)).toBeUndefined();
    if (child.definition.api.list) {
      const listed = await call(test.app, 'GET', endpointUrl(child.definition.api.list, made.params), undefined, { token: owner.token });
      expect(listed.statusCode).toBe(404);
    }
  });

  // Cascades whose referencing resource has no generated create endpoint (repairs, employee documents, vehicle
  // documents are written by hand-written routes): the referencing row is put in with SQL.
  const directCascades = model.resources.flatMap((resource) =>
    resource.references
      .filter(({ ref }) => ref.onDelete === 'cascade')
      .map((reference) => ({ resource, reference, target: model.byName.get(reference.ref.resource) as EngineResource }))
      .filter(
        ({ resource, target }) =>
          target !== resource &&
          isCreatable(target) &&
          target.definition.api.delete &&
          (!resource.definition.parent || isCreatable(model.byName.get(resource.definition.parent.resource) as EngineResource)),
      ),
  );

  it.each(directCascades.map((entry) => [`${entry.resource.name}.${entry.reference.field} → ${entry.target.name}`, entry] as const))(
    '%s (cascade): deleting the referenced record deletes the referencing one',
    async (_label, { resource, reference, target }) => {
      const referenced = await maker.make(target);
      const tenant = (await test.database.pool.query('SELECT tenant_id FROM users WHERE id = $1', [owner.user.id])).rows[0] as { tenant_id: number };
      const parent = resource.definition.parent ? await maker.make(model.byName.get(resource.definition.parent.resource) as EngineResource) : null;
      const data = { [reference.field]: reference.many ? [referenced.id] : referenced.id };
      const inserted = parent
        ? await test.database.pool.query(`INSERT INTO "${resource.table}" (tenant_id, parent_id, data) VALUES ($1, $2, $3) RETURNING id`, [
            tenant.tenant_id,
            parent.id,
            JSON.stringify(data),
          ])
        : await test.database.pool.query(`INSERT INTO "${resource.table}" (tenant_id, data) VALUES ($1, $2) RETURNING id`, [
            tenant.tenant_id,
            JSON.stringify(data),
          ]);
      const id = Number((inserted.rows[0] as { id: number }).id);
      const response = await call(test.app, 'DELETE', endpointUrl(target.definition.api.delete as Endpoint, referenced.params), undefined, {
        token: owner.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await row(resource, id)).toBeUndefined();
    },
  );

  it('rolls the whole delete back when one rule refuses: children deleted first come back', async () => {
    // A resource with a child and a restricting reference to it (a company with a bank account and an employee).
    const restricted = cases.find(
      (entry) =>
        entry.reference.ref.onDelete === 'restrict' &&
        entry.target.definition.api.delete &&
        children.some((child) => child.definition.parent?.resource === entry.target.name),
    );
    expect(restricted, 'the registry has a restricting reference to a resource with children').toBeDefined();
    if (!restricted) return;
    const { resource, reference, target } = restricted;
    const referenced = await maker.make(target);
    const child = children.find((candidate) => candidate.definition.parent?.resource === target.name) as EngineResource;
    const madeChild = await maker.make(child, {}, { parentId: referenced.id });
    const fromPath = Object.values(resource.pathFields).includes(reference.field);
    await maker.make(resource, fromPath ? {} : { [reference.field]: reference.many ? [referenced.id] : referenced.id }, {
      refs: { [target.name]: referenced.id },
    });
    const response = await call(test.app, 'DELETE', endpointUrl(target.definition.api.delete as Endpoint, referenced.params), undefined, {
      token: owner.token,
    });
    expect(response.statusCode).toBe(409);
    expect(await row(target, referenced.id)).toBeDefined();
    expect(await row(child, madeChild.id)).toBeDefined();
  });
});
