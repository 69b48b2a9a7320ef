#!/bin/sh
# The internal certificate authority of one installation, and the certificates it signs for the
# hops inside it (docs/deploy.md, "TLS inside the host"; decision 0087):
#   internal_ca                          the CA's certificate: nginx and the servers trust it alone
#   internal_ca_key                      its key: needed only to sign again; keep it offline
#   server_tls_cert, server_tls_key      every server process (nginx asks for the name cafe-server)
#   postgres_tls_cert, postgres_tls_key  PostgreSQL (the servers ask for the name postgres)
# into ./secrets next to compose.yaml (or the folder given). A file that exists is left as it is;
# delete a certificate and its key to make them again (they are valid for 825 days, the CA for ten
# years). INTERNAL_TLS_NAMES adds names to both certificates, as subjectAltName entries
# ("DNS:db.internal,IP:10.0.0.5"), for processes that run on other machines.
#   sh deploy/make-internal-ca.sh [folder]
set -eu
dir="${1:-secrets}"
umask 077
mkdir -p "$dir"
chmod 700 "$dir"
extra="${INTERNAL_TLS_NAMES:-}"
[ -n "$extra" ] && extra=",$extra"

if [ ! -s "$dir/internal_ca" ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 \
    -subj "/CN=Office Cafe internal CA" \
    -addext "basicConstraints=critical,CA:TRUE,pathlen:0" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -keyout "$dir/internal_ca_key" -out "$dir/internal_ca" 2>/dev/null
  echo "made $dir/internal_ca (and its key, internal_ca_key)"
fi

leaf() { # name subjectAltNames
  if [ -s "$dir/$1_tls_cert" ] && [ -s "$dir/$1_tls_key" ]; then return; fi
  ext="$dir/.$1.ext"
  printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=%s\n' "$2" > "$ext"
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=$1" \
    -keyout "$dir/$1_tls_key" -out "$dir/.$1.csr" 2>/dev/null
  openssl x509 -req -in "$dir/.$1.csr" -CA "$dir/internal_ca" -CAkey "$dir/internal_ca_key" \
    -CAcreateserial -days 825 -sha256 -extfile "$ext" -out "$dir/$1_tls_cert" 2>/dev/null
  rm -f "$ext" "$dir/.$1.csr" "$dir/internal_ca.srl"
  echo "made $dir/$1_tls_cert and $dir/$1_tls_key"
}

leaf server "DNS:cafe-server$extra"
leaf postgres "DNS:postgres$extra"

# The containers read them as their own users (postgres 999, node 1000, nginx's workers): readable
# inside the folder, which nobody else on the host can enter. The CA's key stays the owner's alone.
chmod 444 "$dir/internal_ca" "$dir/server_tls_cert" "$dir/server_tls_key" \
  "$dir/postgres_tls_cert" "$dir/postgres_tls_key"
chmod 400 "$dir/internal_ca_key"
