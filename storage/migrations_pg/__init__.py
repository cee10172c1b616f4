"""The PostgreSQL migrations (``NNNN_name.sql``), applied in order by ``storage.postgres_migrate``.

They carry the same numbers and names as the SQLite ones in ``storage.migrations``: migration N
makes the same change in both dialects, written the way each database wants it."""
