-- Prices to the cent: integer rounded 688,888.88 to 688,889. The type change keeps every
-- stored row (integers convert exactly) and rebuilds the indexes that carry the column.
ALTER TABLE hdb_resale ALTER COLUMN resale_price TYPE numeric(12, 2);
