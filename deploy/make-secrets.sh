#!/bin/sh
# Makes the secret files compose.yaml mounts (docs/deploy.md, "Secrets"), each a random value or
# a certificate of the installation's own CA (deploy/make-internal-ca.sh, whose key stays here),
# into ./secrets next to compose.yaml (or the folder given): a folder only its owner may enter.
# A file that exists is left as it is, so running this again never changes a secret in use.
#   sh deploy/make-secrets.sh [folder]
set -eu
dir="${1:-secrets}"
umask 077
mkdir -p "$dir"
chmod 700 "$dir"

random() { openssl rand -hex 24; }
make() { # name value
  if [ ! -s "$dir/$1" ]; then
    printf '%s\n' "$2" > "$dir/$1"
    echo "made $dir/$1"
  fi
}

make postgres_password "$(random)"
make cafe_owner_password "$(random)"
make cafe_app_password "$(random)"
# The servers reach PostgreSQL over TLS and trust only the installation's own CA for it
# (deploy/make-internal-ca.sh), never falling back to a plain connection.
tls="sslmode=verify-full&sslrootcert=/run/secrets/internal_ca"
make database_url "postgres://cafe_app:$(cat "$dir/cafe_app_password")@postgres:5432/cafe?$tls"
make migrate_database_url "postgres://cafe_owner:$(cat "$dir/cafe_owner_password")@postgres:5432/cafe?$tls"
# Connections made by an earlier release, without TLS, get it (docs/deploy.md, "Upgrading").
for name in database_url migrate_database_url; do
  if ! grep -q 'sslmode=' "$dir/$name"; then
    chmod 600 "$dir/$name"
    printf '%s?%s\n' "$(cat "$dir/$name")" "$tls" > "$dir/$name"
    echo "added TLS to $dir/$name"
  fi
done
make jwt_secret "$(openssl rand -base64 48 | tr -d '\n')"
make admin_password "$(random)"

sh "$(dirname "$0")/make-internal-ca.sh" "$dir"

# The containers read them as their own users (postgres 999, node 1000), not as the owner of the
# files: readable inside the folder, which nobody else on the host can enter.
for file in "$dir"/*; do
  [ "$file" = "$dir/internal_ca_key" ] || chmod 444 "$file"
done
echo "The first admin's password is in $dir/admin_password: keep it in the company's vault."
