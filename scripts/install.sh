#!/bin/sh
# Builds a self-contained release binary of sdkgen from this checkout and installs it into
# $PREFIX/bin. Run `scripts/install.sh --help` for the options.
set -eu

usage() {
    cat <<'USAGE'
Usage: scripts/install.sh [--prefix DIR] [--build-only]

Builds the sdkgen product only, in release mode, from the checkout this script is in, and copies
the binary to PREFIX/bin/sdkgen. On Linux the binary is fully static (Swift runtime, Foundation
and the C library linked in), so it runs on machines without a Swift toolchain; on macOS the
Swift runtime is part of the system.

Options:
  --prefix DIR   Install into DIR/bin (default: $PREFIX, else /usr/local).
  --build-only   Build, print the binary's path, install nothing.
  -h, --help     Show this help.

Environment:
  PREFIX         As --prefix.
  SWIFT          The swift executable to build with (default: swift on the PATH).

sdkgen --version then names the commit it was built from.
USAGE
}

fail() {
    echo "install.sh: error: $1" >&2
    exit "${2:-1}"
}

prefix=${PREFIX:-/usr/local}
build_only=0
while [ $# -gt 0 ]; do
    case $1 in
        -h|--help) usage; exit 0 ;;
        --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder" 2; prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --build-only) build_only=1; shift ;;
        *) echo "install.sh: error: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
[ -n "$prefix" ] || fail "the prefix is empty" 2

swift=${SWIFT:-swift}
command -v "$swift" >/dev/null 2>&1 || fail "'$swift' was not found; install a Swift toolchain (5.10 or newer, https://swift.org/install) or set SWIFT"
root=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$root/Package.swift" ] || fail "$root is not an sdkgen checkout (no Package.swift)"

# The commit goes into `sdkgen --version` through a C define (Sources/BuildInfo).
flags="-c release --product sdkgen"
if commit=$(git -C "$root" rev-parse HEAD 2>/dev/null); then
    flags="$flags -Xcc -DSDKGEN_COMMIT=$commit"
    if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        flags="$flags -Xcc -DSDKGEN_DIRTY=1"
    fi
else
    echo "install.sh: note: not a git checkout, so sdkgen --version will not name a commit" >&2
fi
if [ "$(uname -s)" = Linux ]; then
    flags="$flags --static-swift-stdlib -Xswiftc -static-executable"
fi

# Linking glibc in statically makes the linker warn (18 times) about the glibc functions below, which
# load shared libraries at run time (user, group and host look-ups, dlopen), and about mktemp. They
# come from Foundation and the Swift runtime, on code paths sdkgen never takes, so they are counted,
# not shown; every other line, a warning about any other function included, passes through.
hide_expected_link_warnings() {
    awk '
        /warning: Using .(dlopen|getaddrinfo|getgr(gid|nam)_r|getpw(nam|uid)(_r)?). in statically linked applications requires at runtime the shared libraries from the glibc version used for linking/ ||
        /warning: the use of `mktemp. is dangerous/ { held = ""; hidden++; next }
        held != "" { print held; held = "" }
        # GNU ld puts the function on a line of its own before the warning.
        /: in function `.*'"'"':$/ { held = $0; next }
        { print; fflush() }
        END {
            if (held != "") print held
            if (hidden) printf "install.sh: note: hid %d expected linker warnings about glibc functions in a static binary (see docs/getting-started.md)\n", hidden
        }'
}

echo "building sdkgen (release) in $root ..." >&2
# $flags is split into words on purpose; it holds no paths. The build's status comes out on fd 3,
# past the filter.
status=$({ { "$swift" build --package-path "$root" --scratch-path "$root/.build/install" $flags 2>&1 3>&-; echo $? >&3; } |
    hide_expected_link_warnings >&2; } 3>&1)
[ "$status" = 0 ] || fail "the build failed; see the compiler output above"
binary=$("$swift" build --package-path "$root" --scratch-path "$root/.build/install" $flags --show-bin-path)/sdkgen
[ -x "$binary" ] || fail "the build did not produce $binary"

if [ "$build_only" = 1 ]; then
    echo "$binary"
    exit 0
fi
mkdir -p "$prefix/bin" 2>/dev/null || fail "cannot create $prefix/bin; run with sudo or choose another prefix (PREFIX=\$HOME/.local)"
[ -w "$prefix/bin" ] || fail "cannot write to $prefix/bin; run with sudo or choose another prefix (PREFIX=\$HOME/.local)"
# Copy beside the target, then rename: a running sdkgen is never overwritten in place.
cp "$binary" "$prefix/bin/.sdkgen.new.$$"
# Symbols and debug information are a quarter of the binary and nothing sdkgen needs to run.
strip "$prefix/bin/.sdkgen.new.$$" 2>/dev/null || true
chmod 755 "$prefix/bin/.sdkgen.new.$$"
mv -f "$prefix/bin/.sdkgen.new.$$" "$prefix/bin/sdkgen"
echo "installed $prefix/bin/sdkgen: sdkgen $("$prefix/bin/sdkgen" --version)"
case :$PATH: in
    *:"$prefix/bin":*) ;;
    *) echo "note: $prefix/bin is not on your PATH" >&2 ;;
esac
