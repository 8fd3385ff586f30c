#!/usr/bin/env bash
# graphviz_app developer entry point.
#
#   ./dev.sh app [SCRIPT]        set up, then open the app on SCRIPT (default: the bundled example)
#   ./dev.sh test [PYTEST ARGS]  set up, then run the test suite on a virtual screen (Xvfb)
#   ./dev.sh lint                set up, then check the rules: ruff, mypy, import-linter contracts
#   ./dev.sh setup               set up only
#
# Set-up (idempotent; a second run takes well under two seconds): installs the Debian packages
# that are missing (Graphviz, Xvfb, the libraries Qt needs), creates .venv, installs PyTorch
# (TORCH_SPEC, default torch==2.13.0) when the venv has none, then `pip install -e '.[test]'`,
# which is skipped while a stamp naming the current pyproject.toml's hash is in .venv.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

VENV=.venv
TORCH_SPEC=${TORCH_SPEC:-torch==2.13.0}
DEBIAN_PACKAGES=(
    graphviz xvfb xauth
    libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-xkb1
    libxkbcommon-x11-0 libx11-xcb1 libxcb-randr0 libxcb-shape0 libxcb-shm0 libxcb-sync1
    libxcb-xfixes0 libegl1 libgl1 libfontconfig1 libdbus-1-3 libglib2.0-0
    fonts-noto-cjk
)

say() { printf 'graphviz_app: %s\n' "$*"; }
die() { printf 'graphviz_app: error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<'EOF'
usage: ./dev.sh app [SCRIPT]        set up, then open the app on SCRIPT (default: bundled example)
       ./dev.sh test [PYTEST ARGS]  set up, then run the test suite under Xvfb
       ./dev.sh lint                set up, then run ruff, mypy and the import-linter contracts
       ./dev.sh setup               set up only (Debian packages, .venv, editable install)
EOF
}

pick_python() {
    local candidate
    for candidate in python3.11 python3; do
        if command -v "$candidate" >/dev/null 2>&1; then
            command -v "$candidate"
            return 0
        fi
    done
    die "no python3 found: install Python 3.11 (Debian: apt-get install python3 python3-venv)"
}

# Print the packages of "$@" that dpkg does not list as installed (one dpkg-query call).
missing_debian_packages() {
    local installed
    installed=$(dpkg-query -W -f='${Package} ${Status}\n' "$@" 2>/dev/null \
        | awk '$NF == "installed" && $(NF-1) == "ok" {print $1}' || true)
    local pkg
    for pkg in "$@"; do
        grep -qx -- "$pkg" <<<"$installed" || printf '%s\n' "$pkg"
    done
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root to run '$*': run ./dev.sh as root or install sudo"
    fi
}

ensure_debian_packages() {
    local python=$1
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "not a Debian system: make sure Graphviz (dot), Xvfb (xvfb-run) and Qt's xcb libraries are installed"
        return 0
    fi
    local wanted=("${DEBIAN_PACKAGES[@]}")
    # Debian's own python3 ships venv's pip bootstrap in a separate package.
    if [ ! -x "$VENV/bin/python" ] && ! "$python" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        wanted+=(python3-venv)
    fi
    local missing
    mapfile -t missing < <(missing_debian_packages "${wanted[@]}")
    [ "${#missing[@]}" -eq 0 ] && return 0
    say "installing Debian packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
}

ensure_venv() {
    local python=$1
    if [ ! -x "$VENV/bin/python" ]; then
        say "creating $VENV with $("$python" --version 2>&1) ($python)"
        "$python" -m venv "$VENV"
    fi
    local stamp
    stamp="$VENV/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
    [ -f "$stamp" ] && return 0
    local pip=("$VENV/bin/python" -m pip --disable-pip-version-check --quiet)
    if ! "$VENV/bin/python" -c 'import importlib.util as u, sys; sys.exit(u.find_spec("torch") is None)'; then
        say "installing PyTorch ($TORCH_SPEC) into $VENV"
        "${pip[@]}" install "$TORCH_SPEC"
    fi
    say "installing graphviz_app and its test tools into $VENV (pip install -e '.[test]')"
    "${pip[@]}" install -e '.[test]'
    rm -f "$VENV"/.installed-*
    touch "$stamp"
}

setup() {
    local python
    python=$(pick_python)
    ensure_debian_packages "$python"
    ensure_venv "$python"
}

# Run every checker (each one, even after a failure) and fail if any failed. The rules live in
# pyproject.toml: [tool.ruff], [tool.mypy], [tool.importlinter].
lint() {
    local failed=()
    say "ruff check"
    "$VENV/bin/ruff" check . || failed+=(ruff)
    say "mypy"
    "$VENV/bin/python" -m mypy || failed+=(mypy)
    say "import-linter contracts"
    "$VENV/bin/lint-imports" || failed+=(import-linter)
    if [ "${#failed[@]}" -gt 0 ]; then
        die "lint failed: ${failed[*]}"
    fi
    say "lint passed"
}

main() {
    local command=${1:-}
    [ $# -gt 0 ] && shift
    case "$command" in
        app)
            setup
            if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
                say "no display: \$DISPLAY is not set, so the window has nowhere to open."
                say "run it on a virtual screen:  xvfb-run -a ./dev.sh app${*:+ $*}"
                say "or export a picture without a window:  .venv/bin/python main.py export SCRIPT -o graph.png"
                exit 2
            fi
            exec "$VENV/bin/python" main.py "$@"
            ;;
        test)
            setup
            exec xvfb-run -a -s "-screen 0 1600x1000x24" "$VENV/bin/python" -m pytest "$@"
            ;;
        lint)
            setup
            lint
            ;;
        setup)
            setup
            say "set up: run ./dev.sh app or ./dev.sh test"
            ;;
        -h | --help | help)
            usage
            ;;
        *)
            usage >&2
            exit 2
            ;;
    esac
}

main "$@"
