"""The framework used plainly: no class of Scorekeeper's overrides a private method of Flask's,
Werkzeug's or their extensions' (a name with one leading underscore may change in any release,
unannounced); the app changes them only through their public hooks."""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
from types import FunctionType

from werkzeug.wrappers import Request

import scorekeeper
from scorekeeper.web import FormRequest, NamedPartsParser, ScorekeeperApp

#: The outside packages whose classes Scorekeeper may subclass only through public names.
FRAMEWORKS = (
    "flask",
    "flask_wtf",
    "flask_babel",
    "flask_limiter",
    "flask_compress",
    "werkzeug",
    "wtforms",
    "jinja2",
)


def from_framework(cls: type) -> bool:
    return cls.__module__.split(".")[0] in FRAMEWORKS


def own_framework_classes() -> list[type]:
    """Return every class defined in scorekeeper/ that has a framework class among its bases."""
    found = []
    for module in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
        if module.name.endswith("__main__"):
            continue
        loaded = importlib.import_module(module.name)
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if cls.__module__ == module.name and any(map(from_framework, cls.__mro__[1:])):
                found.append(cls)
    return found


#: What a method is, as a class holds it (a class attribute the framework's own metaclass
#: sets, such as WTForms' `_unbound_fields`, is not one).
METHODS = (FunctionType, property, staticmethod, classmethod, functools.cached_property)


def private_overrides(classes: list[type]) -> list[str]:
    """Return each `Class._name` method written on one of the classes that a framework base
    defines too."""
    found = []
    for cls in classes:
        for name, value in vars(cls).items():
            if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
                continue
            if not isinstance(value, METHODS):
                continue
            bases = [base for base in cls.__mro__[1:] if from_framework(base)]
            if any(name in vars(base) for base in bases):
                found.append(f"{cls.__module__}.{cls.__qualname__}.{name}")
    return found


def test_no_class_of_ours_overrides_a_private_method_of_the_framework() -> None:
    classes = own_framework_classes()
    assert {ScorekeeperApp, FormRequest, NamedPartsParser} <= set(classes), "the finder is blind"
    assert private_overrides(classes) == [], "use the framework's public hooks instead"


def test_the_finder_sees_a_private_method_overridden() -> None:
    class LeakyRequest(Request):
        def _load_form_data(self) -> None:  # the override this app used to have
            super()._load_form_data()

        def _own_helper(self) -> None:  # private, but the framework has no such name
            return None

    class LeakierRequest(LeakyRequest):
        pass  # inherits the override: it is reported once, where it is written

    found = private_overrides([LeakyRequest, LeakierRequest])
    assert found == [f"{__name__}.{LeakyRequest.__qualname__}._load_form_data"]
