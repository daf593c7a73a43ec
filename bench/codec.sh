#!/usr/bin/env bash
# Codec benchmark: pmix4j's Packer/Unpacker (JMH) next to libpmix's PMIx_Data_pack/unpack (bench/c/pack_bench.c)
# on the same registration payload (1,000 "pmix.pdata" infos of 8 keys). Checks that both encode identical
# bytes, then prints the times and the ratios. Usage: bench/codec.sh [SECONDS_FOR_C]
set -euo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$top/bin/lib/jdk.sh"
pmix4j_find_jdk
out="$top/bench/target/codec"
mkdir -p "$out"
"$top/bin/build" -q -pl api,wire,bench -am -DskipTests package
gcc -O2 -Wall -o "$out/pack_bench" "$top/bench/c/pack_bench.c" $(pkg-config --cflags --libs pmix)

"$JAVA_HOME/bin/java" -cp "$top/bench/target/benchmarks.jar" org.pmix4j.bench.RegistrationPayloadBench "$out/java.bin"
c_line=$("$out/pack_bench" "${1:-4}" "$out/c.bin")
cmp -s "$out/java.bin" "$out/c.bin" || { echo "codec.sh: pmix4j and libpmix packed different bytes" >&2; exit 1; }

"$JAVA_HOME/bin/java" -jar "$top/bench/target/benchmarks.jar" RegistrationPayloadBench \
  -wi 5 -i 10 -w 1 -r 1 -f 1 -rf json -rff "$out/jmh.json" > "$out/jmh.log"

python3 - "$out/jmh.json" "$c_line" <<'PY'
import json, sys
res = {r["benchmark"].rsplit(".", 1)[1]: r["primaryMetric"] for r in json.load(open(sys.argv[1]))}
c = dict(kv.split("=") for kv in sys.argv[2].split())
print(f"payload: 1000 infos x 8 keys = {c['bytes']} bytes (identical from both)")
print(f"{'':8} {'libpmix 4.2.2':>16} {'pmix4j':>16} {'pmix4j/libpmix':>15}")
for op in ("pack", "unpack"):
    cus = float(c[op + "_ns"]) / 1000
    j = res[op]
    print(f"{op:8} {cus:13.1f} us {j['score']:9.1f} ±{j['scoreError']:5.1f} us {j['score'] / cus:14.2f}x")
PY
