#!/bin/sh
# The cafe database's two roles (deploy/postgres/roles.sql): the schema's owner, which the server
# migrates as, and the application's role, which may change rows only. The postgres container runs
# this on its first start, on an empty data folder (/docker-entrypoint-initdb.d). For a database an
# earlier release made, run it once by hand (docs/deploy.md, "Database roles"):
#   docker compose exec -T postgres sh /docker-entrypoint-initdb.d/10-roles.sh
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-postgres}" \
  -v db="${POSTGRES_DB:-postgres}" -v owner=cafe_owner -v app=cafe_app \
  -v owner_password_file=/run/secrets/cafe_owner_password \
  -v app_password_file=/run/secrets/cafe_app_password \
  -f /etc/cafe/roles.sql
