#!/usr/bin/env bash
# Collect the window's tr()/translate() strings into the .ts sources and compile them to .qm.
#   resources/i18n/update.sh        (then translate new strings in the .ts, e.g. with pyside6-linguist,
#                                    and run it again; tests/qt/test_i18n.py checks both files)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=.venv/bin
# every module: the Qt layer's tr() and translate(), and the templates core, capture and the worker mark with
# QT_TRANSLATE_NOOP (graphviz_app/wire/message.py)
mapfile -t sources < <(find graphviz_app -name '*.py' | sort)
for ts in resources/i18n/*.ts; do
  "$bin/pyside6-lupdate" -no-obsolete "${sources[@]}" -ts "$ts"
  "$bin/pyside6-lrelease" "$ts" -qm "${ts%.ts}.qm"
done
