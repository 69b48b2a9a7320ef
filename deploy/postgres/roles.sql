-- The cafe database's two roles (docs/deploy.md, "Database roles"):
--   owner: owns the schema; the server runs the migrations as it, at start (MIGRATE_DATABASE_URL);
--   app:   what the server does everything else as (DATABASE_URL): rows only, no schema changes.
-- Run by psql as a superuser, on a new database (deploy/postgres/init-roles.sh, the postgres
-- container's first start) or on one an earlier release made (docs/deploy.md says how), with the
-- variables db, owner, app, owner_password_file and app_password_file: the passwords are read from
-- those files here, so that they never appear on a command line. Running it again changes nothing
-- but the two passwords.
\set ON_ERROR_STOP on
\set owner_password `cat :'owner_password_file'`
\set app_password `cat :'app_password_file'`

SELECT format('CREATE ROLE %I LOGIN', :'owner')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT format('CREATE ROLE %I LOGIN', :'app')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app') \gexec
ALTER ROLE :"owner" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'owner_password';
ALTER ROLE :"app" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'app_password';

ALTER DATABASE :"db" OWNER TO :"owner";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"db" TO :"app";

\connect :"db"
ALTER SCHEMA public OWNER TO :"owner";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";
-- Tables an earlier release made as another role become the owner's (their sequences follow).
SELECT format('ALTER TABLE public.%I OWNER TO %I', tablename, :'owner')
  FROM pg_tables WHERE schemaname = 'public' AND tableowner <> :'owner' \gexec

-- The application reads and writes rows of every table, now and those later migrations make.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO :"app";
