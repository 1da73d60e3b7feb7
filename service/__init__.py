"""Table Judge's HTTP layer: schemas, views, errors and configuration only.

Every rule decision is made by ``rules_core``; this package translates JSON
requests into calls on the ``Game`` interface and the answers back into JSON.
"""
