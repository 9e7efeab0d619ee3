#!/bin/sh
# Builds sdkgen and sdkgen-benchmark in release mode as fully static executables (the
# binary users should get on Linux) and runs `sdkgen-benchmark generate` with the given arguments.
set -eu
cd "$(dirname "$0")/.."
flags="-c release --static-swift-stdlib -Xswiftc -static-executable"
# Generic metadata by direct calls rather than by demangling type names (docs/performance.md).
flags="$flags -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors"
swift build $flags --scratch-path .build-static --product sdkgen
swift build $flags --scratch-path .build-static --product sdkgen-benchmark
exec .build-static/release/sdkgen-benchmark generate "$@"
