// Placeholder until the SDKGenDataConnect stage lands; replaced by its first real source file.
