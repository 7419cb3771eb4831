ALTER TABLE "orders" RENAME COLUMN "netsign_time" TO "net_signed_at";
-- The contract's filing time takes the glossary's words like its number did in 0025
-- (docs/decisions/0049-glossary-names-in-the-schema.md); the rows stay as they are. No index
-- predicate, trigger or function names this column, so nothing else is defined again.
