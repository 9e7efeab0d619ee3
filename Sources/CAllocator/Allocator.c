#include <stdlib.h>
#include "CAllocator.h"

#if defined(__GLIBC__)
#include <malloc.h>

int sdkgen_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}
#else
int sdkgen_set_mmap_threshold(int bytes) {
    (void)bytes;
    return 0;
}
#endif
