"""Rules-as-a-service for the Italian and Spanish 40-card games."""
