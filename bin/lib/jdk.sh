# Sourced by the bin/ scripts: sets JAVA_HOME to a JDK 21 or newer, or stops with a clear message.
# The default `java` on many machines is older (17), so we look at JAVA_HOME first, then the `java`
# on PATH, then every JDK under the usual install roots, and take the newest that is at least 21.

pmix4j_java_major() { # $1 = a java home; prints its feature version, or nothing
  local release="$1/release" v=""
  if [ -r "$release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$release" | head -n 1)
  fi
  if [ -z "$v" ] && [ -x "$1/bin/java" ]; then
    v=$("$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1)
  fi
  [ "$v" = "1" ] && v=8
  printf '%s' "$v"
}

pmix4j_find_jdk() {
  local candidates="" best="" best_v=0 home v
  [ -n "${JAVA_HOME:-}" ] && candidates="$JAVA_HOME"
  if command -v javac >/dev/null 2>&1; then
    candidates="$candidates $(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"
  fi
  for home in /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/*; do
    [ -d "$home" ] && candidates="$candidates $home"
  done
  for home in $candidates; do
    # a JDK, not a bare JRE: the build needs javac
    [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
    v=$(pmix4j_java_major "$home")
    [ -n "$v" ] || continue
    if [ "$v" -ge 21 ] && [ "$v" -gt "$best_v" ]; then best="$home"; best_v="$v"; fi
  done
  if [ -z "$best" ]; then
    {
      echo "pmix4j: no JDK 21 or newer found."
      echo "  looked at: JAVA_HOME (${JAVA_HOME:-unset}), the javac on PATH, /usr/lib/jvm/*, /usr/local/lib/jvm/*, /opt/java/*, /opt/jdk*"
      echo "  install one (for example: apt-get install openjdk-21-jdk-headless) or set JAVA_HOME to it."
    } >&2
    return 1
  fi
  JAVA_HOME="$best"
  PMIX4J_JAVA_MAJOR="$best_v"
  export JAVA_HOME PMIX4J_JAVA_MAJOR
  PATH="$JAVA_HOME/bin:$PATH"
  export PATH
}
