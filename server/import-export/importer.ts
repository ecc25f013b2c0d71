/**
 * The rows of a file made into records, every one through the engine's create (server/engine/create-record.ts:
 * the schema, the references within the tenant, the resource's rules, the audit entry as an import), in one
 * transaction with a savepoint per row, so a refused row leaves nothing of itself and the others go on:
 * - a dry run rolls the whole transaction back: every error a real import would meet, nothing written;
 * - `all` rolls back when any row failed (nothing written), else commits;
 * - `valid` commits the rows that went in.
 * Rows the same as a record already there or an earlier row (`importMatch`, rows-already-there.ts) are counted, and
 * with `existing: 'skip'` left out: neither created nor checked.
 */
import type { UserRow } from '../auth/users';
import type { Database } from '../db/database';
import { canonicalText, dropEmptyOptionalFields } from '../../validation/normalize-body';
import { toFieldMessages } from '../../validation/field-errors';
import type { FieldMessages } from '../../validation/messages';
import { createRecord, uniqueViolation } from '../engine/create-record';
import { holdReferencedTables } from '../engine/references';
import type { EngineModel, EngineResource } from '../engine/model';
import type { ResourceRules } from '../engine/rule-types';
import { EngineStore } from '../engine/store';
import { HttpError } from '../http-error';
import type { Translate } from '../i18n/i18n';
import { CellReader } from './import-values';
import { LabelIndex } from './reference-labels';
import type { ReadTable } from './read-table';
import { rowsAlreadyThere } from './rows-already-there';
import type { Readings } from './vocabulary';

export type ImportMode = 'all' | 'valid';
/** What becomes of a row the same as a record already there: created all the same, or skipped. */
export type ExistingRows = 'create' | 'skip';

/** At most this many errors are answered (a file of 10,000 bad rows would otherwise answer megabytes of them). */
export const MAX_LISTED_ERRORS = 1000;

export interface RowError {
  row: number;
  column?: string;
  field: string;
  message: string;
}

export interface ImportOutcome {
  rows: number;
  valid: number;
  created: number;
  errors: RowError[];
  moreErrors: number;
  /** Rows the same as a record already there or an earlier row, by the resource's `importMatch`; the first 1,000 listed. */
  existing: number;
  existingRows: number[];
  /** Of them, the rows left out (`existing: 'skip'`). */
  skipped: number;
}

export interface ImportJob {
  database: Database;
  model: EngineModel;
  resource: EngineResource;
  /** The resource's rules (server/rules/): a row meets them as a form's record does. */
  rules?: ResourceRules;
  actor: UserRow;
  t: Translate;
  readings: Readings;
  /** The member's language: the file's numbers and dates are read as it writes them (`2.500` in German is 2,500). */
  language: string;
  table: ReadTable;
  /** The field of each column (null: not read), in the file's order. */
  fields: Array<string | null>;
  dryRun: boolean;
  mode: ImportMode;
  existing: ExistingRows;
  log: { error(details: object, message: string): void };
}

/** What the schema says of a row's readable fields, leaving out the fields whose cells could not be read (`unread`). */
function schemaProblems(resource: EngineResource, data: Record<string, unknown>, unread: string[]): FieldMessages {
  const record = dropEmptyOptionalFields(resource.loaded.schema, canonicalText(resource.loaded.schema, data)) as Record<string, unknown>;
  if (resource.loaded.validate(record)) return {};
  const messages = toFieldMessages(resource.loaded.validate.errors, record);
  return Object.fromEntries(Object.entries(messages).filter(([field]) => !unread.includes(field)));
}

/** Thrown to roll the transaction back once its outcome is known. */
class RollBack extends Error {}

export async function importRows(job: ImportJob): Promise<ImportOutcome> {
  const { database, model, resource, rules, actor, t, table, fields } = job;
  const outcome: ImportOutcome = { rows: table.rows.length, valid: 0, created: 0, errors: [], moreErrors: 0, existing: 0, existingRows: [], skipped: 0 };
  const failed = new Set<number>();
  const columnOf = new Map(fields.map((field, index) => [field, table.headings[index]]));
  const report = (row: number, field: string, message: string) => {
    failed.add(row);
    if (outcome.errors.length >= MAX_LISTED_ERRORS) outcome.moreErrors += 1;
    else outcome.errors.push({ row, ...(columnOf.get(field) !== undefined ? { column: columnOf.get(field) } : {}), field, message });
  };
  const reportMessages = (row: number, messages: FieldMessages) => {
    for (const [field, list] of Object.entries(messages)) for (const message of list) report(row, field, t(message.key, message.params));
  };

  try {
    await database.transaction(async (client) => {
      // Before any label is read: a record the rows name is not deleted under the import (references.ts).
      await holdReferencedTables(client, model, resource, actor.tenant_id);
      const store = new EngineStore(client, actor.tenant_id, actor);
      const indexes = new Map<string, Promise<LabelIndex>>();
      const labelIndexOf = (name: string) => {
        let index = indexes.get(name);
        if (!index) indexes.set(name, (index = LabelIndex.of(store, model.byName.get(name) as EngineResource)));
        return index;
      };
      const cells = new CellReader(job.readings, labelIndexOf, job.language);
      // Every reference of a row is found by label among the tenant's records (reference-labels.ts).
      const request = { model, resource, rules, actor, t, action: 'import' as const, referencesFound: true };
      const alreadyThere = await rowsAlreadyThere(client, resource, actor.tenant_id, cells, table, fields);
      outcome.existing = alreadyThere.size;
      outcome.existingRows = [...alreadyThere].slice(0, MAX_LISTED_ERRORS);
      // A savepoint per row; the last row's is released as the next one's is taken, in one round trip.
      let savepoint = false;

      for (const { row, cells: values } of table.rows) {
        if (job.existing === 'skip' && alreadyThere.has(row)) {
          outcome.skipped += 1;
          continue;
        }
        const data: Record<string, unknown> = {};
        const problems: FieldMessages = {};
        for (const [index, field] of fields.entries()) {
          if (field === null) continue;
          const reading = await cells.read(resource.properties[field], values[index] ?? null);
          if (reading === undefined) continue;
          if ('error' in reading) (problems[field] ??= []).push(reading.error);
          else data[field] = reading.value;
        }
        if (Object.keys(problems).length > 0) {
          // The row's other fields are checked too, so that one look at the errors shows all of them (a weight of
          // "heavy" was reported only once the unknown tractor beside it was put right).
          reportMessages(row, { ...schemaProblems(resource, data, Object.keys(problems)), ...problems });
          continue;
        }
        await client.query(savepoint ? 'RELEASE SAVEPOINT import_row; SAVEPOINT import_row' : 'SAVEPOINT import_row');
        savepoint = true;
        try {
          await createRecord(
            store,
            request,
            dropEmptyOptionalFields(resource.loaded.schema, canonicalText(resource.loaded.schema, data)) as Record<string, unknown>,
            {},
          );
          outcome.valid += 1;
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT import_row');
          const refusal = error instanceof HttpError ? error : uniqueViolation(error);
          if (!refusal) {
            // Not a refusal of the row (a fault): logged, and the row reported without the fault's details.
            job.log.error({ err: error, row }, 'import row failed');
            report(row, '', t('import.rowFailed'));
          } else if (refusal.details.fieldErrors && Object.keys(refusal.details.fieldErrors).length > 0) reportMessages(row, refusal.details.fieldErrors);
          else report(row, '', t(refusal.messageKey, refusal.details.params));
        }
      }
      if (job.dryRun || (job.mode === 'all' && failed.size > 0)) throw new RollBack();
      outcome.created = outcome.valid;
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return outcome;
}
