#!/bin/sh
# Builds sdkgen and sdkgen-benchmark in release mode with the Swift runtime linked statically (the
# binary users should get on Linux) and runs `sdkgen-benchmark generate` with the given arguments.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --scratch-path .build-static --product sdkgen
swift build -c release --static-swift-stdlib --scratch-path .build-static --product sdkgen-benchmark
exec .build-static/release/sdkgen-benchmark generate "$@"
