/**
 * Records with dates, written straight into a tenant's engine tables, for suites that read what expires
 * (reminders, the bench): an employee with an HR document ending on a given day, a vehicle whose document
 * columns all end on given days. Days count from today (negative: past).
 */
import type { Queryable } from '../db/pool';

export const dayFromToday = (offset: number, today = new Date()) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

export class ComplianceRecords {
  constructor(
    readonly client: Queryable,
    readonly tenantId: number,
    readonly authorId: number,
  ) {}

  async insert(table: string, data: object, parentId?: number): Promise<number> {
    const parent = parentId === undefined ? [] : [parentId];
    const { rows } = await this.client.query<{ id: number }>(
      `INSERT INTO ${table} (tenant_id, data, created_by, updated_by${parent.length ? ', parent_id' : ''})
       VALUES ($1, $2, $3, $3${parent.length ? ', $4' : ''}) RETURNING id`,
      [this.tenantId, JSON.stringify(data), this.authorId, ...parent],
    );
    return Number(rows[0].id);
  }

  async merge(table: string, id: number, data: object): Promise<void> {
    await this.client.query(`UPDATE ${table} SET data = data || $3::jsonb WHERE id = $1 AND tenant_id = $2`, [id, this.tenantId, JSON.stringify(data)]);
  }

  documentType(name: string, extra: object = {}) {
    return this.insert('r_hr_document_types', { name, short_name: name.slice(0, 3).toUpperCase(), statuses: [{ name: 'Valid' }], ...extra });
  }

  employee(companyId: number, name: string, lastName = 'Driver') {
    return this.insert('r_employees', { name, last_name: lastName, company_id: companyId, category: 'staff' });
  }

  /** A document of the type with one relevant status row ending `upTo` days from today; answers the status row. */
  async document(employeeId: number, typeId: number, upTo: number): Promise<{ documentId: number; statusId: number }> {
    const documentId = await this.insert('r_employee_documents', { document_type_id: typeId }, employeeId);
    const statusId = await this.insert(
      'r_employee_document_statuses',
      { status: 1, dateFrom: dayFromToday(-300), dateUpTo: dayFromToday(upTo), relevant: true },
      documentId,
    );
    return { documentId, statusId };
  }

  /** A vehicle whose first document column ends in `firstEndsIn` days and every other one in `othersEndIn`. */
  async vehicle(name: string, firstEndsIn: number, othersEndIn = 400): Promise<number> {
    const vehicle = await this.insert('r_transport', { board_names: name, registration_number: `${name.replace(/\W/g, '').slice(0, 8)}-1` });
    const { rows } = await this.client.query<{ id: number }>(`SELECT id FROM r_transport_document_groups WHERE tenant_id = $1 ORDER BY id`, [this.tenantId]);
    for (const [index, column] of rows.entries()) {
      const endsIn = index === 0 ? firstEndsIn : othersEndIn;
      await this.insert('r_vehicle_documents', {
        transport_id: vehicle,
        group_id: Number(column.id),
        start_date: dayFromToday(-300),
        end_date: dayFromToday(endsIn),
      });
    }
    return vehicle;
  }
}
