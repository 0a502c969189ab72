# Sourced by the fidelity scripts that alternate a plain Java program with loomlab: ROOT (this checkout),
# ROUNDS (default 3) and JAVA (JAVA_HOME's java, the JDK 25 loomlab uses; exit 2 without it).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
ROUNDS="${ROUNDS:-3}"
JAVA="${JAVA_HOME:-}/bin/java"
[ -x "$JAVA" ] || { echo "set JAVA_HOME to the JDK 25 loomlab uses" >&2; exit 2; }
