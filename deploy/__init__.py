"""Deployment: nginx in front of gunicorn (python -m deploy.serve)."""
