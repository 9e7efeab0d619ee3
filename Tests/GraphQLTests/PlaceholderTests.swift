// Placeholder until the GraphQL tests land.
