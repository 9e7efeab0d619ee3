// Placeholder until the Schema tests land.
