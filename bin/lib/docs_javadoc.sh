#!/usr/bin/env bash
# The Javadoc of pmix4j's public API for the documentation site (run by bin/docs with JAVA_HOME set).
# Usage: docs_javadoc.sh OUTPUT-DIR CLASSPATH LOG
# The packages: those each library module's module-info.java exports to everyone; for a module without one,
# the packages a user of it works with (listed below). doclint runs with every group; the warnings are
# counted, written to LOG and printed, and an error fails the build.
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$1" classpath="$2" log="$3"
declare -A fallback=(
  [api]="org.pmix4j.api"
  [wire]="org.pmix4j.wire org.pmix4j.wire.text"
  [server]="org.pmix4j.server"
  [client]="org.pmix4j.client org.pmix4j.client.tool"
  [runtime]=""
)
packages=() sources=()
for module in api wire server client runtime; do
  src="$top/$module/src/main/java"
  info="$src/module-info.java"
  if [ -f "$info" ]; then
    # unqualified exports only: "exports a.b;" (not "exports a.b to c;")
    exported=$(sed -n 's/^[[:space:]]*exports[[:space:]]\+\([a-zA-Z0-9_.]\+\)[[:space:]]*;.*/\1/p' "$info")
  else
    exported="${fallback[$module]}"
  fi
  for p in $exported; do
    packages+=("$p")
    # the files themselves, not -sourcepath: a module-info.java on the source path would turn the run into a
    # module build whose dependencies (on the class path here) it could not see
    for f in "$src/${p//.//}"/*.java; do
      [ -f "$f" ] && sources+=("$f")
    done
  done
done
mkdir -p "$out" "$(dirname "$log")"
# the rest of the modules' classes (internal packages the public ones use) come from the class path
set +e
"$JAVA_HOME/bin/javadoc" -quiet -Xdoclint:all -Xmaxwarns 100000 -notimestamp -encoding UTF-8 \
  -d "$out" -cp "$classpath" \
  -windowtitle "pmix4j API" -doctitle "pmix4j: the public API (${packages[*]})" \
  "${sources[@]}" > "$log" 2>&1
status=$?
set -e
warnings=$(grep -c ': warning:' "$log" || true)
errors=$(grep -c ': error:' "$log" || true)
echo "docs: Javadoc of ${#packages[@]} packages (${packages[*]}): $warnings warnings, $errors errors (log: $log)" >&2
if [ "$status" -ne 0 ]; then
  grep ': error:' "$log" | head -20 >&2
  echo "docs: javadoc failed (exit $status); the log is $log" >&2
  exit 1
fi
