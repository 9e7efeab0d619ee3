#ifndef SDKGEN_CALLOCATOR_H
#define SDKGEN_CALLOCATOR_H

/// Sets the size from which glibc's malloc serves an allocation with a mapping of its own (and
/// stops it from raising that size as large blocks are freed). Returns 1 when the setting took
/// effect, 0 where the allocator is not glibc's.
///
/// Called directly rather than looked up at run time, so that it also works in a fully static
/// executable, which has no dynamic symbol table.
int sdkgen_set_mmap_threshold(int bytes);

#endif
