#!/usr/bin/env bash
# graphviz_app developer entry point.
#
#   ./dev.sh app [SCRIPT]        set up, then open the app on SCRIPT (default: the bundled example)
#   ./dev.sh test [PYTEST ARGS]  set up, then run the test suite on a virtual screen (Xvfb)
#   ./dev.sh lint                set up, then check the rules: ruff (lint and format), mypy, import-linter contracts
#   ./dev.sh compat [VERSION...] run the capture tests and the corpus under other torch releases
#   ./dev.sh pythons [VERSION...] run a part of the suite under other Pythons (3.10, 3.12, 3.13)
#   ./dev.sh setup               set up only
#   ./dev.sh packages            install the missing Debian packages only (what `compat` needs)
#
# Set-up (idempotent; a second run takes well under two seconds): installs the Debian packages
# that are missing (Graphviz, Xvfb, the libraries Qt needs, Chromium for the HTML page's tests),
# creates .venv, installs PyTorch
# (TORCH_SPEC, default torch==2.13.0) when the venv has none, then `pip install -e '.[test]'` and
# writes the bytecode of what the app imports, all skipped while a stamp naming the current
# pyproject.toml's hash is in .venv.
#
# The test runs (`test`, `compat`, `pythons`) write bytecode as Python does by default, even where
# PYTHONDONTWRITEBYTECODE is set: the suite starts hundreds of Python processes (workers, CLIs,
# kernels), and each would compile torch and the app again (`import torch`: 2.6 s instead of 1.3 s).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

VENV=.venv
TORCH_SPEC=${TORCH_SPEC:-torch==2.13.0}
# The releases `compat` tests by default: the declared floor, an older one and the newest ones
# (the pinned 2.13.0 is what `test` runs). Keep pyproject.toml's torch range in step.
COMPAT_TORCH=${COMPAT_TORCH:-2.1.2 2.4.1 2.11.0 2.14.1 2.15.0}
# The Pythons `pythons` tests by default (3.11 is what `test` runs), and what it runs under each:
# core, capture, the CLI and the Qt files that touch PySide6's version-dependent parts.
PYTHONS=${PYTHONS:-3.10 3.12 3.13}
PYTHONS_TESTS=${PYTHONS_TESTS:-tests/core tests/capture tests/cli/test_cli.py tests/cli/test_cli_doctor.py tests/test_portability.py tests/worker/test_worker_modes.py tests/qt/test_pyside_refcounts.py tests/qt/test_i18n.py tests/qt/test_document.py tests/qt/canvas/test_canvas_navigation.py tests/qt/shell/test_controller.py}
# One venv per Python and per torch release, outside the checkout, so fresh clones reuse them.
PYTHONS_DIR=${GRAPHVIZ_APP_PYTHONS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/graphviz-app-pythons}
COMPAT_DIR=${GRAPHVIZ_APP_COMPAT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/graphviz-app-compat}
DEBIAN_PACKAGES=(
    graphviz xvfb xauth
    libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-xkb1
    libxkbcommon-x11-0 libx11-xcb1 libxcb-randr0 libxcb-shape0 libxcb-shm0 libxcb-sync1
    libxcb-xfixes0 libegl1 libgl1 libfontconfig1 libdbus-1-3 libglib2.0-0
    fonts-noto-cjk
    chromium
)

say() { printf 'graphviz_app: %s\n' "$*"; }
die() { printf 'graphviz_app: error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<'EOF'
usage: ./dev.sh app [SCRIPT]        set up, then open the app on SCRIPT (default: bundled example)
       ./dev.sh test [PYTEST ARGS]  set up, then run the test suite under Xvfb
       ./dev.sh lint                set up, then run ruff, mypy and the import-linter contracts
       ./dev.sh compat [VERSION...] run the capture tests and the corpus under each torch VERSION
                                    (default: $COMPAT_TORCH), one venv per release
       ./dev.sh pythons [VERSION...] run core, capture, the CLI and a few Qt tests under each
                                    Python VERSION (default: $PYTHONS), one venv per Python
       ./dev.sh setup               set up only (Debian packages, .venv, editable install)
       ./dev.sh packages            install the missing Debian packages only
EOF
}

# The system's own Python 3.11 comes first: distributions build it with profile-guided and
# link-time optimisation, which pyenv's default build leaves out; the suite takes 15 % less CPU
# under Debian's (tests/core: 49 -> 43 CPU seconds).
pick_python() {
    local candidate
    for candidate in /usr/bin/python3.11 python3.11 python3; do
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
    # install --no-compile, then write the bytecode of what the app and its worker import (a
    # quarter of what is installed: pip would compile all of it, one file at a time, for minutes);
    # the rest is compiled when first imported.
    local pip=("$VENV/bin/python" -m pip --disable-pip-version-check --quiet)
    # setuptools first, so the package is built with it in place: an isolated build environment
    # costs a second setuptools install (5 of pip's 30 CPU seconds).
    local first=('setuptools>=70.1')
    if ! "$VENV/bin/python" -c 'import importlib.util as u, sys; sys.exit(u.find_spec("torch") is None)'; then
        say "installing PyTorch ($TORCH_SPEC) into $VENV"
        first+=("$TORCH_SPEC")
    fi
    "${pip[@]}" install --no-compile "${first[@]}"
    say "installing graphviz_app and its test tools into $VENV (pip install -e '.[test]')"
    "${pip[@]}" install --no-compile --no-build-isolation -e '.[test]'
    say "writing the bytecode of what the app imports"
    env -u PYTHONDONTWRITEBYTECODE QT_QPA_PLATFORM=offscreen MPLBACKEND=Agg "$VENV/bin/python" -c \
        'import torch, numpy, networkx, matplotlib.pyplot, PySide6.QtSvg, graphviz_app.qt.shell.main_window, graphviz_app.cli'
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
    say "ruff format --check (run \`$VENV/bin/ruff format\` to apply)"
    "$VENV/bin/ruff" format --check . || failed+=(ruff-format)
    say "mypy"
    "$VENV/bin/python" -m mypy || failed+=(mypy)
    say "import-linter contracts"
    "$VENV/bin/lint-imports" || failed+=(import-linter)
    if [ "${#failed[@]}" -gt 0 ]; then
        die "lint failed: ${failed[*]}"
    fi
    say "lint passed"
}

# A venv holding one torch release and what the capture tests need (never graphviz_app itself:
# the tests import it from this checkout). Prints the venv's python.
ensure_compat_venv() {
    local version=$1 python=$2
    local venv="$COMPAT_DIR/torch-$version"
    local numpy='numpy'
    # torch before 2.3 was built against NumPy 1.x.
    case "$version" in 2.0.* | 2.1.* | 2.2.*) numpy='numpy<2' ;; esac
    local packages=("torch==$version" "$numpy" 'networkx>=3.2' 'pytest>=8' 'pytest-timeout>=2.2'
        'pytest-xdist>=3.7' 'matplotlib>=3.6')
    # The stamp names the interpreter and what was installed: a venv made from another Python or
    # for another list is made anew.
    local stamp
    stamp="$venv/.ready-$(printf '%s\n' "$(readlink -f "$python")" "${packages[@]}" | sha256sum | cut -c1-12)"
    if [ ! -f "$stamp" ]; then
        say "creating $venv (torch $version)" >&2
        rm -rf "$venv"
        mkdir -p "$COMPAT_DIR"
        "$python" -m venv "$venv" >&2
        # A pip configuration may cap torch below the newest release: this venv asks for one
        # release by name, so it is installed without that configuration. No bytecode now: the
        # test run writes what it imports.
        PIP_CONFIG_FILE=/dev/null "$venv/bin/python" -m pip --disable-pip-version-check --quiet \
            install --no-compile "${packages[@]}" >&2
        touch "$stamp"
    fi
    printf '%s\n' "$venv/bin/python"
}

# Run the capture tests and the corpus in-process under each torch release, with this checkout
# on the path. Extra arguments after `--` go to pytest.
compat() {
    local versions=() args=()
    while [ $# -gt 0 ]; do
        if [ "$1" = "--" ]; then shift; args=("$@"); break; fi
        versions+=("$1"); shift
    done
    [ "${#versions[@]}" -eq 0 ] && read -r -a versions <<<"$COMPAT_TORCH"
    local python version venv_python failed=()
    python=$(pick_python)
    for version in "${versions[@]}"; do
        venv_python=$(ensure_compat_venv "$version" "$python")
        say "torch $version: capture tests and corpus"
        env -u PYTHONDONTWRITEBYTECODE GRAPHVIZ_APP_TEST_PYTHON="$venv_python" \
            PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" \
            "$venv_python" -m pytest -p no:cacheprovider -q --heavy $(parallel_args "${args[@]}") \
            tests/capture tests/corpus "${args[@]}" </dev/null || failed+=("$version")
    done
    if [ "${#failed[@]}" -gt 0 ]; then
        die "compat failed for torch ${failed[*]}"
    fi
    say "compat passed: torch ${versions[*]}"
}

# The interpreter for Python VERSION (3.12 or 3.12.1): pythonVERSION on PATH, else pyenv's newest
# matching build.
find_python() {
    local version=$1 candidate
    # pyenv's shims are on PATH for every version but run only the selected ones: ask each to run.
    if "python$version" -c '' >/dev/null 2>&1; then
        command -v "python$version"
        return 0
    fi
    local root=${PYENV_ROOT:-$HOME/.pyenv}
    for candidate in $(ls -d "$root/versions/$version" "$root/versions/$version".* 2>/dev/null | sort -V -r); do
        if "$candidate/bin/python" -c '' >/dev/null 2>&1; then
            printf '%s\n' "$candidate/bin/python"
            return 0
        fi
    done
    die "no Python $version found: install it (pyenv install $version, or your system's python$version)"
}

# A venv for one Python holding TORCH_SPEC and `pip install -e '.[test]'` (so PySide6 is the newest
# release pyproject.toml allows under that Python). Prints the venv's python.
ensure_python_venv() {
    local version=$1 python
    python=$(find_python "$version") || return 1
    local venv="$PYTHONS_DIR/python-$version"
    local stamp
    stamp="$venv/.ready-$(sha256sum pyproject.toml | cut -c1-16)"
    if [ ! -f "$stamp" ]; then
        say "creating $venv ($("$python" --version 2>&1), $python)" >&2
        [ -x "$venv/bin/python" ] || "$python" -m venv "$venv" >&2 || return 1
        # A pip configuration may cap packages to the releases on this machine's disk, built for
        # one Python only: this venv installs from the index.
        local pip=(env PIP_CONFIG_FILE=/dev/null "$venv/bin/python" -m pip --disable-pip-version-check --quiet)
        if ! "$venv/bin/python" -c 'import importlib.util as u, sys; sys.exit(u.find_spec("torch") is None)'; then
            "${pip[@]}" install "$TORCH_SPEC" >&2 || return 1
        fi
        "${pip[@]}" install -e '.[test]' >&2 || return 1
        rm -f "$venv"/.ready-*
        touch "$stamp"
    fi
    printf '%s\n' "$venv/bin/python"
}

# Run PYTHONS_TESTS under each Python with this checkout on the path. Extra arguments after `--`
# go to pytest.
pythons() {
    local versions=() args=()
    while [ $# -gt 0 ]; do
        if [ "$1" = "--" ]; then shift; args=("$@"); break; fi
        versions+=("$1"); shift
    done
    [ "${#versions[@]}" -eq 0 ] && read -r -a versions <<<"$PYTHONS"
    local tests version venv_python failed=()
    read -r -a tests <<<"$PYTHONS_TESTS"
    for version in "${versions[@]}"; do
        if ! venv_python=$(ensure_python_venv "$version"); then
            failed+=("$version")
            continue
        fi
        say "Python $version: ${tests[*]}"
        # On a virtual screen where there is one (else the tests' own default: Qt offscreen).
        local screen=()
        command -v xvfb-run >/dev/null 2>&1 && screen=(xvfb-run -a -s "-screen 0 1600x1000x24")
        env -u PYTHONDONTWRITEBYTECODE PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" \
            "${screen[@]}" "$venv_python" -m pytest -p no:cacheprovider \
            -p no:xdist -q "${tests[@]}" "${args[@]}" </dev/null || failed+=("$version")
    done
    if [ "${#failed[@]}" -gt 0 ]; then
        die "pythons failed for Python ${failed[*]}"
    fi
    say "pythons passed: Python ${versions[*]}"
}

# The suite runs on every core (at most four workers, each with its own warm capture worker)
# unless the arguments choose (`-n N`, `-p no:xdist`) or name a single test. Each test file runs
# on one worker, so a file's shared set-up (a venv, a wheel, a kernel) is made once. Files go out
# in the order tests/conftest.py collects them (those marked slow first), not by their number of
# tests: a long file of two tests handed out last kept one core busy while the other waited.
parallel_args() {
    local arg
    for arg in "$@"; do
        case "$arg" in
            -n | -n* | --numprocesses* | no:xdist | *::*) return 0 ;;
        esac
    done
    printf '%s\n' -n "${GRAPHVIZ_APP_TEST_WORKERS:-auto}" --maxprocesses 4 --dist loadfile \
        --no-loadscope-reorder
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
            exec env -u PYTHONDONTWRITEBYTECODE xvfb-run -a -s "-screen 0 1600x1000x24" \
                "$VENV/bin/python" -m pytest $(parallel_args "$@") "$@"
            ;;
        lint)
            setup
            lint
            ;;
        compat)
            compat "$@"
            ;;
        pythons)
            pythons "$@"
            ;;
        setup)
            setup
            say "set up: run ./dev.sh app or ./dev.sh test"
            ;;
        packages)
            ensure_debian_packages "$(pick_python)"
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
