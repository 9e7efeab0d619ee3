// Placeholder until the Schema stage lands; replaced by its first real source file.
