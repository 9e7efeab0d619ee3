// Placeholder until the GraphQL stage lands; replaced by its first real source file.
