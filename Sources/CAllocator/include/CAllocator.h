#ifndef SDKGEN_CALLOCATOR_H
#define SDKGEN_CALLOCATOR_H

/// Sets the size from which glibc's malloc serves an allocation with a mapping of its own (and
/// stops it from raising that size as large blocks are freed). Returns 1 when the setting took
/// effect, 0 where the allocator is not glibc's.
///
/// Called directly rather than looked up at run time, so that it also works in a fully static
/// executable, which has no dynamic symbol table.
int sdkgen_set_mmap_threshold(int bytes);

/// 1 when the allocator is glibc 2.35 or later, which reads `glibc.malloc.hugetlb` from
/// `GLIBC_TUNABLES` at start-up; 0 otherwise (the variable would be ignored).
int sdkgen_allocator_reads_huge_page_tunable(void);

#endif
