/**
 * Ids and summaries of the /api routes the registry does not generate (auth, profile, lookups, files and
 * the hand-written screens), by `METHOD /path` as the OpenAPI document writes it. A route missing here still
 * gets an id and a summary made from its method and path (so the document stays valid), and the OpenAPI
 * suite names it, so that a new route gets words a person wrote.
 */
export interface HandWrittenOperation {
  operationId: string;
  summary: string;
  /** Answers beyond those its traits imply (plugins/auth.ts, csrf.ts…), by status. */
  errors?: Record<number, string>;
}

const QUERY = { 422: 'Unknown or invalid query parameter' };

const entries: Array<[string, string, string, Record<number, string>?]> = [
  ['GET /api/health', 'health_check', 'Check that the server and its database answer'],
  [
    'POST /api/login',
    'auth_login',
    'Sign in',
    { 403: 'A disabled member, or no `X-CSRF-Token` header', 429: 'Too many attempts from this address or on this account' },
  ],
  ['POST /api/register', 'auth_register', 'Register a company and its owner'],
  ['POST /api/logout', 'auth_logout', 'Sign out (revokes this token)'],
  ['POST /api/forget-password', 'auth_forget_password', 'Send a password reset link'],
  ['POST /api/update-password', 'auth_reset_password', 'Set a new password with a reset link'],
  ['GET /api/profile/show', 'profile_show', 'Show the signed-in member'],
  ['POST /api/profile/update', 'profile_update', 'Update the signed-in member’s profile'],
  ['PUT /api/profile/update/password', 'profile_change_password', 'Change the signed-in member’s password'],
  ['POST /api/profile/update/avatar', 'profile_update_avatar', 'Upload the signed-in member’s avatar'],
  ['GET /api/profile/reminders', 'reminder_settings_show', 'Show the signed-in member’s reminder settings'],
  ['PUT /api/profile/reminders', 'reminder_settings_update', 'Update the signed-in member’s reminder settings'],
  ['GET /api/files/{id}', 'files_download', 'Download a stored file'],
  ['GET /api/countries', 'lookups_countries', 'List countries'],
  ['GET /api/currencies', 'lookups_currencies', 'List currencies'],
  ['GET /api/contracts', 'lookups_contracts', 'List contract types'],
  ['GET /api/app/load-data', 'lookups_load_data', 'Load the reference lists'],
  ['GET /api/employees/counts', 'employees_counts', 'Count employees per tab', QUERY],
  ['GET /api/transport/all', 'transport_all', 'List every vehicle (for pickers)'],
  ['GET /api/transport/{id}/usage', 'transport_usage', 'Show where a vehicle is used'],
  ['POST /api/documents/{documentId}/status/store', 'hr_document_statuses_create', 'Add statuses to a document type'],
  [
    'PUT /api/documents/{documentId}/status/update/{statusId}',
    'hr_document_statuses_update',
    'Rename a status of a document type',
    { 409: 'The document type was changed since the `version` sent was read' },
  ],
  ['DELETE /api/documents/{documentId}/status/destroy/{statusId}', 'hr_document_statuses_delete', 'Delete a status of a document type'],
  ['GET /api/documents/{documentId}/usage', 'hr_document_types_usage', 'Show where a document type is used'],
  ['GET /api/documents/{documentId}/status/{statusId}/usage', 'hr_document_statuses_usage', 'Show where a status of a document type is used'],
  ['GET /api/transport/documents', 'vehicle_documents_list', 'List vehicles with their documents', QUERY],
  ['POST /api/transport/documents/show-document-start-date', 'vehicle_documents_show_start_dates', 'Show or hide the start dates of vehicle documents'],
  ['POST /api/transport/documents/update/{id}', 'vehicle_documents_update', 'Store a vehicle document’s dates and files'],
  ['DELETE /api/transport/documents/destroy/file/{id}', 'vehicle_documents_delete_file', 'Delete a file of a vehicle document'],
  ['POST /api/transport/repairs/store/{transport_id}', 'repairs_create', 'Create a repair report with its files'],
  ['POST /api/transport/repairs/update/{repair_id}', 'repairs_update', 'Update a repair report and add files'],
  ['DELETE /api/transport/repairs/destroy-file/{id}', 'repairs_delete_file', 'Delete a file of a repair report'],
  ['GET /api/employees/{employeeId}/attaches', 'employee_attachments_list', 'List an employee’s attachments'],
  ['POST /api/employees/{employeeId}/attaches/store', 'employee_attachments_create', 'Attach a file to an employee'],
  ['DELETE /api/employees/{employeeId}/attaches/{fileId}/destroy', 'employee_attachments_delete', 'Delete an employee’s attachment'],
  ['GET /api/employees/{employeeId}/documents', 'employee_documents_list', 'List an employee’s documents', QUERY],
  ['GET /api/employees/{employeeId}/documents/status/expires', 'employee_documents_expiring', 'List an employee’s documents that expire soon'],
  ['POST /api/employees/{employeeId}/documents/{templateId}/store', 'employee_documents_create', 'Add a document of a type to an employee'],
  ['DELETE /api/employees/{employeeId}/documents/{documentId}/destroy', 'employee_documents_delete', 'Delete an employee’s document'],
  ['POST /api/employees/{employeeId}/documents/{documentId}/status/store', 'employee_document_statuses_create', 'Add a status to an employee’s document'],
  [
    'PUT /api/employees/{employeeId}/documents/{documentId}/status/{statusId}/update',
    'employee_document_statuses_update',
    'Update a status of an employee’s document',
  ],
  [
    'DELETE /api/employees/{employeeId}/documents/{documentId}/status/{statusId}/destroy',
    'employee_document_statuses_delete',
    'Delete a status of an employee’s document',
  ],
  ['GET /api/transport/handover-acts', 'handover_acts_list_all', 'List the handover acts of every vehicle', QUERY],
  ['POST /api/transport/{transportId}/handover-acts/{id}/photos', 'handover_acts_add_photos', 'Upload photos of a handover act'],
  ['DELETE /api/transport/{transportId}/handover-acts/{id}/photos/{kind}', 'handover_acts_delete_photo', 'Delete a photo of a handover act'],
  [
    'POST /api/transport/{transportId}/handover-acts/{id}/damages/{index}/photos',
    'handover_acts_add_damage_photos',
    'Upload photos of a damage in a handover act',
  ],
  [
    'DELETE /api/transport/{transportId}/handover-acts/{id}/damage-photos/{fileId}',
    'handover_acts_delete_damage_photo',
    'Delete a damage photo of a handover act',
  ],
  ['GET /api/transport/{transportId}/handover-acts/{id}/changes', 'handover_acts_changes', 'List the changes of a handover act'],
  ['GET /api/transport/{transportId}/handover-acts/{id}/pdf', 'handover_acts_pdf', 'Download a handover act as PDF'],
  ['GET /api/audit-log', 'audit_log_list', 'List the audit trail', QUERY],
  ['GET /api/hr/expiring', 'hr_expiring_list', 'List HR documents that expire soon', QUERY],
  ['GET /api/compliance', 'compliance_list', 'List the obligations expired, expiring or missing', QUERY],
  ['GET /api/notifications', 'notifications_list', 'List the signed-in member’s notifications', QUERY],
  ['POST /api/notifications/read', 'notifications_mark_read', 'Mark notifications as read'],
  ['GET /api/mail/failed', 'failed_mail_list', 'List mails that could not be sent', QUERY],
  ['GET /api/settings/tenant', 'tenant_settings_show', 'Show the company account’s settings'],
  ['PUT /api/settings/tenant', 'tenant_settings_update', 'Update the company account’s settings'],
];

export const HAND_WRITTEN_OPERATIONS: ReadonlyMap<string, HandWrittenOperation> = new Map(
  entries.map(([key, operationId, summary, errors]) => [key, { operationId, summary, ...(errors ? { errors } : {}) }]),
);
