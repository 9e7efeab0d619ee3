// Placeholder until the YAML stage lands; replaced by its first real source file.
