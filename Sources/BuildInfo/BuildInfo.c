#include "BuildInfo.h"

// The hash arrives as a bare token (quotes do not survive the shells and build tools in between)
// and is made a string here.
#define SDKGEN_STRING(x) #x
#define SDKGEN_EXPANDED_STRING(x) SDKGEN_STRING(x)

const char *sdkgen_build_commit(void) {
#ifdef SDKGEN_COMMIT
    return SDKGEN_EXPANDED_STRING(SDKGEN_COMMIT);
#else
    return "";
#endif
}

int sdkgen_build_dirty(void) {
#ifdef SDKGEN_DIRTY
    return SDKGEN_DIRTY;
#else
    return 0;
#endif
}
