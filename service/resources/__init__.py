"""HTTP resources: thin views over ``service.operations``."""
