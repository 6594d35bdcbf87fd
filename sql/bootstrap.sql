-- Superuser bootstrap, run once per database before migrations (idempotent).
-- Extensions that are not trusted, and anything else only a superuser may create,
-- live here; everything else is a migration run by the table-owning role.

create extension if not exists vector;
create extension if not exists pg_trgm;

-- Nobody but the owner creates objects in public.
revoke create on schema public from public;
