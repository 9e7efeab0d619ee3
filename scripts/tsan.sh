#!/usr/bin/env bash
# Runs the runtime's test suite (SDKGenDataConnectTests) under ThreadSanitizer, built into
# .build-tsan. Every race is reported, and any report makes the run exit non-zero (TSan's
# exit code 66). See docs/testing.md.
# The soak (RuntimeSoakTests) is left out: it measures memory and real time, which TSan's
# shadow memory and slowdown make meaningless.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
swift test --disable-swift-testing --skip-build --sanitize=thread --scratch-path .build-tsan \
    --filter SDKGenDataConnectTests --skip RuntimeSoakTests
