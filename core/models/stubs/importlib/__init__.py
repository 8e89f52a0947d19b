# importlib: a module imported by its name (a model chosen by a config, `import_module("models."
# + args.arch)`), as the import statement imports it; a name tenscan does not know as a string is
# an import it cannot follow (unmodelled).
import builtins as _b
import _tenscan as _t


def import_module(name, package=None):
    if _t.const_str(name) is not None and name.startswith("."):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for " + _b.repr(name))
        level = _b.len(name) - _b.len(name.lstrip("."))
        base = package
        for _ in _b.range(level - 1):
            if "." not in base:
                raise ImportError("attempted relative import beyond top-level package")
            base = base.rsplit(".", 1)[0]
        name = base + "." + name[level:] if name[level:] else base
    return _t.import_module(name)


def reload(module):
    return module


def invalidate_caches():
    return None
