#!/usr/bin/env bash
# The C# front end on Linux with Debian's Mono: builds libchaveiro.so (release, and ASan + UBSan),
# compiles ConsoleLoader.exe and the self-test with mcs, then runs, against the signing fake
# server (sdks/c/tests/fake_server.py):
#   1. the console loader's contract, the same cases as the C++ example's (exit codes 0 to 4),
#      then the same accounts group as the C++ example against the real server when it is built
#      (sdks/c/tests/test_real_server.py);
#   2. a UTF-8 round trip through the loader (non-ASCII account and password out, the name and
#      the server's pt-BR refusal back), under the C locale too;
#   3. the self-test (Chaveiro.cs's API: UTF-8, arguments, loop cancellation, retries), once on
#      the release library and once on the sanitized one under LeakSanitizer.
# Needs Debian's packages: the native SDK's (sdks/c/README.md) and mono-mcs (mcs, the runtime).
# Usage: sdks/csharp/test.sh [-j N]
set -euo pipefail
for tool in mcs mono cmake gcc; do
  command -v "$tool" >/dev/null || {
    echo "missing $tool: apt-get install -y mono-mcs, and the packages in sdks/c/README.md" >&2
    exit 1
  }
done
here="$(cd "$(dirname "$0")" && pwd)"
sdk_c="$(cd "$here/../c" && pwd)"
jobs=2
if [[ "${1:-}" == "-j" && -n "${2:-}" ]]; then jobs="$2"; fi
python=/usr/bin/python3 # Debian's, which has python3-nacl
out="$here/build"
release="$sdk_c/build/linux-shared"
sanitized="$sdk_c/build/linux-shared-asan"

echo "==> libchaveiro.so: release and ASan + UBSan (Mono loads either)"
build_library() { # dir, cmake options...
  local dir="$1"
  shift
  cmake -S "$sdk_c" -B "$dir" -DCHAVEIRO_BUILD_TESTS=OFF -DCHAVEIRO_BUILD_EXAMPLES=OFF "$@" >/dev/null
  cmake --build "$dir" --target chaveiro -j "$jobs" >/dev/null
}
build_library "$release" -DCMAKE_BUILD_TYPE=Release
build_library "$sanitized" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHAVEIRO_SANITIZE=ON

echo "==> mcs: ConsoleLoader.exe and SelfTest.exe"
mkdir -p "$out/release" "$out/asan"
compile() { # output, sources...
  local target="$1"
  shift
  mcs -langversion:7.2 -target:exe -warn:4 -warnaserror+ -nologo -out:"$target" "$@"
}
compile "$out/release/ConsoleLoader.exe" "$here/Chaveiro.cs" "$here/examples/ConsoleLoader/Program.cs"
compile "$out/release/SelfTest.exe" "$here/Chaveiro.cs" "$here/tests/SelfTest.cs"
cp "$out/release/SelfTest.exe" "$out/asan/SelfTest.exe"
# Beside the executables, where Mono looks first (as Windows does for chaveiro.dll).
ln -sf "$release/libchaveiro.so" "$out/release/libchaveiro.so"
ln -sf "$sanitized/libchaveiro.so" "$out/asan/libchaveiro.so"
loader="$out/release/ConsoleLoader.exe"

servers=()
cleanup() { for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
# Starts fake_server.py MODE; sets `url`.
serve() {
  local port_file
  port_file="$(mktemp)"
  "$python" "$sdk_c/tests/fake_server.py" "$1" >"$port_file" &
  servers+=("$!")
  for _ in $(seq 50); do [[ -s "$port_file" ]] && break; sleep 0.1; done
  url="http://127.0.0.1:$(head -n1 "$port_file")"
  rm -f "$port_file"
}

echo "==> ConsoleLoader.exe: the console loader's contract (exit codes 0 to 4)"
"$python" "$sdk_c/tests/test_console_loader.py" "$loader" mono

echo "==> ConsoleLoader.exe against the real server: accounts, 2FA, download, key rotation"
# test_real_server.py exits 77 when no server is built (npm run build); ci.sh requires it.
set +e
"$python" "$sdk_c/tests/test_real_server.py" accounts "$loader" mono
status=$?
set -e
if ((status == 77)); then
  echo "skipped: no built server (apps/server/dist/main.js)"
elif ((status != 0)); then
  exit 1
fi

echo "==> ConsoleLoader.exe: UTF-8 round trip"
key="A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="
failures=0
expect() { # name, expected exit code, expected text, output file, exit code
  if [[ "$5" != "$2" ]] || ! grep -qF -- "$3" "$4"; then
    echo "FAIL $1: exit $5 (expected $2), looking for: $3"
    cat "$4"
    failures=$((failures + 1))
  else
    echo "ok   $1"
  fi
}
log="$(mktemp)"
serve ok
for locale in C.UTF-8 C; do
  set +e
  LC_ALL="$locale" mono "$loader" --server "$url" --product prod_1 --public-key "$key" \
    --hwid test-machine-0001 --user "João Conceição 🔑" --password "sénha-ñ-€" >"$log" 2>&1
  code=$?
  set -e
  expect "non-ASCII account out and back (LC_ALL=$locale)" 0 "Autenticado como João Conceição 🔑." "$log" "$code"
done
serve refuse
set +e
LC_ALL=C mono "$loader" --server "$url" --product prod_1 --public-key "$key" \
  --hwid test-machine-0001 --key ABCDEFGHJK23456789 >"$log" 2>&1
code=$?
set -e
expect "the signed pt-BR refusal, accents intact (LC_ALL=C)" 2 \
  "Recusado pelo servidor: HWID diferente: este computador não está vinculado à sua assinatura. (HWID_MISMATCH)" \
  "$log" "$code"
rm -f "$log"
((failures == 0)) || exit 1

self_test() { # directory, extra environment...
  local dir="$1"
  shift
  serve ok
  local ok="$url"
  serve refuse
  local refuse="$url"
  serve maintenance-beat
  local maintenance="$url"
  serve flaky
  local flaky="$url"
  serve product-updating-auth
  local updating="$url"
  serve product-unavailable-beat
  env "$@" mono "$dir/SelfTest.exe" "$ok" "$refuse" "$maintenance" "$flaky" "$updating" "$url"
}

echo "==> SelfTest.exe on the release library"
self_test "$out/release"

echo "==> SelfTest.exe on the ASan + UBSan library, with LeakSanitizer"
# The runtime is not instrumented: ASan comes first, Mono keeps its own signal handlers, and
# Mono's own allocations (all through its monoeg_ wrappers) are not ours to report. What the
# library allocates and the wrapper forgets to free is reported, and fails the run.
supp="$(mktemp)"
echo "leak:monoeg_" >"$supp"
self_test "$out/asan" LD_PRELOAD="$(gcc -print-file-name=libasan.so)" \
  ASAN_OPTIONS=detect_leaks=1:handle_segv=0:allow_user_segv_handler=1:abort_on_error=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS="suppressions=$supp:print_suppressions=0"
rm -f "$supp"
echo "C#: all passed"
