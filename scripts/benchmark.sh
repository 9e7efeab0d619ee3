#!/bin/sh
# Builds sdkgen and sdkgen-benchmark in release mode as fully static executables (the
# binary users should get on Linux) and runs `sdkgen-benchmark generate` with the given arguments.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build-static --product sdkgen
swift build -c release --static-swift-stdlib -Xswiftc -static-executable --scratch-path .build-static --product sdkgen-benchmark
exec .build-static/release/sdkgen-benchmark generate "$@"
