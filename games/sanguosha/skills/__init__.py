"""Hero skills, one module each, fired from named trigger timings (see ``registry``)."""
