// Placeholder until the YAML tests land.
