// Placeholder until the Project tests land.
