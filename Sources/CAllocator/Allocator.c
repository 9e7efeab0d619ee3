#include <stdlib.h>
#include "CAllocator.h"

#if defined(__GLIBC__)
#include <malloc.h>

int sdkgen_set_mmap_threshold(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

int sdkgen_allocator_reads_huge_page_tunable(void) {
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35)
    return 1;
#else
    return 0;
#endif
}
#else
int sdkgen_set_mmap_threshold(int bytes) {
    (void)bytes;
    return 0;
}

int sdkgen_allocator_reads_huge_page_tunable(void) {
    return 0;
}
#endif
