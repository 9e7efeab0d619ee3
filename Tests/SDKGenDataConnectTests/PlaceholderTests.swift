// Placeholder until the SDKGenDataConnect tests land.
