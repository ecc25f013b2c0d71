-- HR document types stored before their statuses got records at once (engine/rules/hr-document-types.ts)
-- may hold statuses without an id, which no employee document can use and the statuses screen cannot
-- edit. Each gets its record now, as the status routes would have made it. The engine makes its tables
-- after the migrations: on a new database there is nothing to do.
DO $$
DECLARE
  document_type record;
  item jsonb;
  items jsonb;
  status_id bigint;
BEGIN
  IF to_regclass('r_hr_document_types') IS NULL OR to_regclass('r_hr_document_statuses') IS NULL THEN
    RETURN;
  END IF;
  FOR document_type IN
    SELECT id, tenant_id, data, created_by FROM r_hr_document_types
     WHERE jsonb_typeof(data->'statuses') = 'array'
       AND EXISTS (SELECT 1 FROM jsonb_array_elements(data->'statuses') AS element WHERE NOT (element ? 'id'))
  LOOP
    items := '[]'::jsonb;
    FOR item IN SELECT value FROM jsonb_array_elements(document_type.data->'statuses') LOOP
      IF item ? 'id' THEN
        items := items || jsonb_build_array(item);
      ELSE
        INSERT INTO r_hr_document_statuses (tenant_id, parent_id, data, created_by, updated_by)
        VALUES (document_type.tenant_id, document_type.id, jsonb_build_object('name', item->'name'), document_type.created_by, document_type.created_by)
        RETURNING id INTO status_id;
        items := items || jsonb_build_array(jsonb_build_object('id', status_id, 'name', item->'name'));
      END IF;
    END LOOP;
    UPDATE r_hr_document_types SET data = jsonb_set(data, '{statuses}', items) WHERE id = document_type.id;
  END LOOP;
END $$;
