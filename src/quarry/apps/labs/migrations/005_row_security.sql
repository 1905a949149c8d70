-- Patients' rows are scoped in the database: a restricted role (quarry_reader, which runs the
-- model's SQL) reads only the patients its transaction's signed scope allows (core 009). The
-- owner, which loads data and resolves names, is not restricted (owners bypass RLS).
ALTER TABLE patients ENABLE ROW LEVEL SECURITY;
ALTER TABLE lab_reports ENABLE ROW LEVEL SECURITY;
ALTER TABLE lab_results ENABLE ROW LEVEL SECURITY;

DROP POLICY IF EXISTS scoped_read ON patients;
CREATE POLICY scoped_read ON patients FOR SELECT
    USING ((SELECT quarry_scope_all_patients()) OR id = (SELECT quarry_scope_patient()));
DROP POLICY IF EXISTS scoped_read ON lab_reports;
CREATE POLICY scoped_read ON lab_reports FOR SELECT
    USING ((SELECT quarry_scope_all_patients()) OR patient_id = (SELECT quarry_scope_patient()));
DROP POLICY IF EXISTS scoped_read ON lab_results;
CREATE POLICY scoped_read ON lab_results FOR SELECT
    USING ((SELECT quarry_scope_all_patients()) OR patient_id = (SELECT quarry_scope_patient()));

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'quarry_reader') THEN
        GRANT EXECUTE ON FUNCTION quarry_scope_all_patients(), quarry_scope_patient() TO quarry_reader;
    END IF;
END $$;
