// Placeholder until the Project stage lands; replaced by its first real source file.
