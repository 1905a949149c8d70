-- Rent a tenant owes past its due date, USD: the renewal policy's `tenant_in_arrears` check reads it
-- (a tenant in arrears gets no renewal offer). 0 when the tenancies feed does not say.
ALTER TABLE leasing_tenancies ADD COLUMN IF NOT EXISTS arrears_usd numeric(12, 2) NOT NULL DEFAULT 0;
