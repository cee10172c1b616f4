"""Soak tests: the real bot as a separate process, killed with SIGKILL and restarted, against
the fake Discord in the test process. Default runs are short; ``PARLOR_SOAK=1`` runs long."""
