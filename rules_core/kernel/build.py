"""Fast positional constructors for the kernel's frozen slots dataclasses.

A frozen dataclass's generated ``__init__`` takes keywords and sets every field
through ``object.__setattr__``; on the hot paths of a random playout (a verdict,
its effects and a next state per action) that was a large share of the time.
``slots_builder(cls, *names)`` returns a function taking the fields positionally,
in the order named, that sets each slot directly (on a twin class of the same
layout, see ``_settable_twin``) or through its descriptor: the object it builds is
exactly the one ``cls(**dict(zip(names, values)))`` builds, since only classes
whose ``__init__`` does nothing else are accepted (every field an init field, no
``__post_init__``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any


def slots_builder(cls: type, *names: str) -> Callable[..., Any]:
    """A positional constructor of ``cls`` taking every field, in the order of ``names``."""
    if not (dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__):
        raise TypeError(f"{cls.__name__} is not a slots dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__; its __init__ does more than set fields")
    declared = dataclasses.fields(cls)
    if any(not f.init for f in declared):
        raise TypeError(f"{cls.__name__} has non-init fields")
    if sorted(names) != sorted(f.name for f in declared):
        raise TypeError(f"{cls.__name__}: name every field once, got {names}")
    args = ", ".join(names)
    twin = _settable_twin(cls)
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": twin}
    if twin is not None:
        # Plain stores on an instance of the twin, which then becomes a ``cls``: a store
        # through a slot descriptor's ``__set__`` costs a call each (about 100 ns), and a
        # state has 16-23 fields.
        body = "".join(f"    obj.{name} = {name}\n" for name in names)
        become = "    obj.__class__ = _cls\n"
        source = f"def build({args}):\n    obj = _new(_twin)\n{body}{become}    return obj\n"
    else:
        namespace |= {f"_set_{name}": getattr(cls, name).__set__ for name in names}
        body = "".join(f"    _set_{name}(obj, {name})\n" for name in names)
        source = f"def build({args}):\n    obj = _new(_cls)\n{body}    return obj\n"
    exec(source, namespace)  # the same technique dataclasses uses for __init__
    build: Callable[..., Any] = namespace["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"``{cls.__name__}({', '.join(f'{n}=...' for n in names)})``, positionally."
    return build


def slots_copier(cls: type) -> Callable[..., Any]:
    """``copy(obj, **changes)`` for a slots dataclass: ``dataclasses.replace`` without its per-field walk.

    Only for classes ``slots_builder`` accepts, so the copy is the object ``replace`` builds.
    Unknown field names raise ``TypeError`` as ``replace`` does.
    """
    names = tuple(f.name for f in dataclasses.fields(cls))
    build = slots_builder(cls, *names)
    setters = {name: getattr(cls, name).__set__ for name in names}
    source = (
        "def copy(obj, /, **changes):\n"
        f"    new = _build({', '.join(f'obj.{n}' for n in names)})\n"
        "    for name, value in changes.items():\n"
        "        setter = _setters.get(name)\n"
        "        if setter is None:\n"
        f"            raise TypeError(f'{cls.__name__} has no field {{name!r}}')\n"
        "        setter(new, value)\n"
        "    return new\n"
    )
    namespace: dict[str, Any] = {"_build": build, "_setters": setters}
    exec(source, namespace)
    copy: Callable[..., Any] = namespace["copy"]
    copy.__qualname__ = copy.__name__ = f"copy_{cls.__name__}"
    return copy


def slots_replacer(cls: type, *names: str) -> Callable[..., Any]:
    """``replace(obj, *values)``: a copy of ``obj`` with the fields ``names`` set to ``values``, in order."""
    fields = tuple(f.name for f in dataclasses.fields(cls))
    unknown = [n for n in names if n not in fields]
    if unknown or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__}: fields to replace must be distinct fields, got {names}")
    build = slots_builder(cls, *fields)
    args = ", ".join(names)
    values = ", ".join(n if n in names else f"obj.{n}" for n in fields)
    source = f"def replace(obj, {args}):\n    return _build({values})\n"
    namespace: dict[str, Any] = {"_build": build}
    exec(source, namespace)
    replace: Callable[..., Any] = namespace["replace"]
    replace.__qualname__ = replace.__name__ = f"replace_{cls.__name__}_{'_'.join(names)}"
    return replace


def _settable_twin(cls: type) -> type | None:
    """A class with the instance layout of ``cls`` whose slots take plain stores, or None.

    An instance of the twin with its slots set becomes a ``cls`` by ``__class__``
    assignment, which Python allows only between classes of the same layout (same bases,
    same slots): it is then the object ``cls``'s own ``__init__`` builds. None when no such
    twin can be made: a base that refuses new subclasses (``Generic`` machinery) or a base
    whose own ``__setattr__`` refuses stores (a frozen dataclass base, as ``Effect``).
    """
    try:
        twin = type(f"_{cls.__name__}Twin", cls.__bases__, {"__slots__": cls.__dict__["__slots__"]})
        probe: Any = object.__new__(twin)
        probe.__class__ = cls
    except TypeError:
        return None
    return twin if twin.__setattr__ is object.__setattr__ else None
