#ifndef SDKGEN_BUILD_INFO_H
#define SDKGEN_BUILD_INFO_H

/// The git commit sdkgen was built from, or "" for a development build. scripts/install.sh sets it
/// with `-Xcc -DSDKGEN_COMMIT=<hash>`; a C define is the only build-time input a package can take
/// without unsafe flags or a plugin.
const char *sdkgen_build_commit(void);

/// 1 when the working tree had uncommitted changes at build time (`-Xcc -DSDKGEN_DIRTY=1`), else 0.
int sdkgen_build_dirty(void);

#endif
