"""Imports every skill module so that its listeners and conversions are registered."""

from __future__ import annotations

import importlib
import pkgutil

import games.sanguosha.skills as _skills

for _module in pkgutil.iter_modules(_skills.__path__):
    importlib.import_module(f"{_skills.__name__}.{_module.name}")
